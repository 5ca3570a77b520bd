import type { Notifier } from './notifier.ts';

/**
 * A {@link Notifier} inside one process (SQLite deployments, tests). Listeners are called on a
 * later microtask, never inside `notify`, so a listener that throws or re-reads cannot break the
 * writer.
 *
 * @example
 * ```ts
 * const n = createLocalNotifier();
 * const stop = n.listen('table:t1', () => console.log('changed'));
 * await n.notify('table:t1');
 * ```
 * @throws never.
 */
export function createLocalNotifier(): Notifier {
  const channels = new Map<string, Set<() => void>>();
  let closed = false;
  return {
    notify: async (channel) => {
      const set = channels.get(channel);
      if (set === undefined) return;
      for (const fn of [...set]) {
        queueMicrotask(() => {
          try {
            fn();
          } catch {
            // A listener's failure is its own: the writer and the other listeners go on.
          }
        });
      }
    },
    listen: (channel, onNotify) => {
      if (closed) return () => {};
      let set = channels.get(channel);
      if (set === undefined) {
        set = new Set();
        channels.set(channel, set);
      }
      // A wrapper, so the same function listening twice is two listeners with two unlistens.
      const entry = () => onNotify();
      set.add(entry);
      return () => {
        set.delete(entry);
        if (set.size === 0 && channels.get(channel) === set) channels.delete(channel);
      };
    },
    close: async () => {
      closed = true;
      channels.clear();
    },
  };
}
