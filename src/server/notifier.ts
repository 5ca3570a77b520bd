/**
 * "Something changed on this channel" between the code that writes events and the streams that
 * send them. Notifications carry NO data: a listener re-reads the stored events from its last id
 * (store/table-store.ts), so a lost or duplicated notification costs a read, never an event. The
 * in-process implementation is local-notifier.ts; with PostgreSQL, LISTEN/NOTIFY.
 *
 * Channels are `table:<id>` (tables/channel.ts).
 *
 * @example
 * ```ts
 * const stop = notifier.listen('table:abc', () => wake());
 * await notifier.notify('table:abc');
 * stop();
 * ```
 */
export interface Notifier {
  /** Wakes every listener of `channel` (in this process and, for shared backends, in others). */
  notify(channel: string): Promise<void>;
  /** Calls `onNotify` on each notification of `channel` until the returned function is called. */
  listen(channel: string, onNotify: () => void): () => void;
  /**
   * Whether notifications from other processes can arrive now (PostgreSQL: the LISTEN
   * connection is up). Absent: always (one process). `/readyz` reports not ready while false.
   */
  connected?(): boolean;
  /** Stops: listeners are dropped, no call after this. */
  close(): Promise<void>;
}
