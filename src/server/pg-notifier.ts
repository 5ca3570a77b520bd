import type { Client, Pool } from 'pg';
import type { Notifier } from './notifier.ts';
import { loadPg } from './store/postgres/load-pg.ts';

/** Options of {@link createPgNotifier}. */
export interface PgNotifierOptions {
  /** `postgres://…` (never logged). */
  readonly url: string;
  /** Shown in pg_stat_activity for the listening connection (default `fairdeal-listen`). */
  readonly applicationName?: string;
  /** First and longest wait between reconnection attempts (default 100 ms and 5 s). */
  readonly retryMs?: readonly [number, number];
}

// PostgreSQL channel names are identifiers: at most NAMEDATALEN - 1 = 63 bytes. pg_notify refuses
// a longer one and LISTEN silently truncates it, so both ends are checked here.
const MAX_CHANNEL_BYTES = 63;

function checkChannel(channel: string): void {
  if (typeof channel !== 'string') throw new TypeError('a channel is a string');
  const bytes = Buffer.byteLength(channel);
  if (bytes === 0 || bytes > MAX_CHANNEL_BYTES) {
    throw new RangeError(`a channel has 1 to ${MAX_CHANNEL_BYTES} bytes, got ${bytes}`);
  }
}

interface ChannelState {
  readonly listeners: Set<() => void>;
  /** Whether the LISTEN for this channel is in place on the current connection. */
  confirmed: boolean;
}

/**
 * A {@link Notifier} over PostgreSQL LISTEN/NOTIFY, so a change written by one service process
 * wakes the event streams of every process. Notifications carry no payload (the listener re-reads
 * the stored events), which keeps them far below NOTIFY's 8,000-byte limit and makes a lost one
 * harmless as long as the listener is woken again later:
 *
 * - one dedicated connection LISTENs (a pooled connection cannot: LISTEN belongs to a session);
 *   `notify` goes through a small pool as `SELECT pg_notify($1, '')`;
 * - when a LISTEN is in place, the listeners that asked before it was get one wake-up, closing
 *   the gap between `listen()` and the server's LISTEN;
 * - when the listening connection drops, it reconnects (100 ms, doubling up to 5 s), LISTENs again
 *   to every channel and wakes every listener once: the catch-up read that finds what was written
 *   while no notification could arrive.
 *
 * @example
 * ```ts
 * const notifier = await createPgNotifier({ url: process.env.DATABASE_URL! });
 * const stop = notifier.listen('table:abc', () => wake());
 * await notifier.notify('table:abc');
 * ```
 * @throws {Error} when `pg` is missing or the first connection fails; `notify` rejects while the
 *   server is unreachable; {@link RangeError} for a channel name PostgreSQL cannot take.
 */
export async function createPgNotifier(options: PgNotifierOptions): Promise<Notifier> {
  const pg = await loadPg();
  const [firstWait, longestWait] = options.retryMs ?? [100, 5_000];
  const pool: Pool = new pg.Pool({
    connectionString: options.url,
    max: 2,
    connectionTimeoutMillis: 5_000,
  });
  pool.on('error', () => {});
  const channels = new Map<string, ChannelState>();
  let client: Client | undefined;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const fire = (fn: () => void) =>
    queueMicrotask(() => {
      try {
        fn();
      } catch {
        // A listener's failure is its own: the others and the connection go on.
      }
    });
  const listenSql = (channel: string, c: Client) => `LISTEN ${c.escapeIdentifier(channel)}`;

  const connect = async (): Promise<Client> => {
    const c = new pg.Client({
      connectionString: options.url,
      application_name: options.applicationName ?? 'fairdeal-listen',
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    c.on('notification', (msg) => {
      const state = channels.get(msg.channel);
      if (state !== undefined) for (const fn of state.listeners) fire(fn);
    });
    c.on('error', () => dropped(c));
    c.on('end', () => dropped(c));
    await c.connect();
    return c;
  };

  const dropped = (c: Client) => {
    if (client !== c || closed) return;
    client = undefined;
    for (const state of channels.values()) state.confirmed = false;
    c.end().catch(() => {});
    scheduleReconnect(firstWait);
  };

  const scheduleReconnect = (wait: number) => {
    if (closed || retry !== undefined) return;
    retry = setTimeout(async () => {
      retry = undefined;
      let c: Client | undefined;
      try {
        c = await connect();
        const names = [...channels.keys()];
        if (names.length > 0) await c.query(names.map((n) => `${listenSql(n, c!)};`).join(' '));
      } catch {
        c?.end().catch(() => {});
        scheduleReconnect(Math.min(wait * 2, longestWait));
        return;
      }
      if (closed) {
        await c.end().catch(() => {});
        return;
      }
      client = c;
      // Catch-up: whatever was written while the connection was down is read now.
      for (const state of channels.values()) {
        state.confirmed = true;
        for (const fn of state.listeners) fire(fn);
      }
    }, wait);
    retry.unref();
  };

  client = await connect().catch(async (error: unknown) => {
    await pool.end().catch(() => {});
    throw error;
  });

  return {
    connected: () => !closed && client !== undefined,
    notify: async (channel) => {
      checkChannel(channel);
      if (closed) return;
      await pool.query('SELECT pg_notify($1, $2)', [channel, '']);
    },
    listen: (channel, onNotify) => {
      checkChannel(channel);
      if (closed) return () => {};
      const entry = () => onNotify();
      let state = channels.get(channel);
      if (state === undefined) {
        state = { listeners: new Set(), confirmed: false };
        channels.set(channel, state);
        state.listeners.add(entry);
        const c = client;
        const s = state;
        // On failure the connection is broken: the reconnect LISTENs again and wakes everyone.
        c?.query(listenSql(channel, c)).then(
          () => {
            if (client !== c || channels.get(channel) !== s) return;
            s.confirmed = true;
            for (const fn of s.listeners) fire(fn);
          },
          () => {},
        );
      } else {
        state.listeners.add(entry);
      }
      const s = state;
      return () => {
        if (!s.listeners.delete(entry) || s.listeners.size > 0) return;
        if (channels.get(channel) !== s) return;
        channels.delete(channel);
        const c = client;
        c?.query(`UNLISTEN ${c.escapeIdentifier(channel)}`).catch(() => {});
      };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      if (retry !== undefined) clearTimeout(retry);
      channels.clear();
      const c = client;
      client = undefined;
      await Promise.all([c?.end().catch(() => {}), pool.end().catch(() => {})]);
    },
  };
}
