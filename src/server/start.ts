import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import type { ServerConfig } from './config.ts';
import { DEFAULT_CONFIG } from './config.ts';
import { createLocalNotifier } from './local-notifier.ts';
import { openPostgresBackends } from './store/postgres/backends.ts';
import { openSqliteStore } from './store/sqlite/deck-store.ts';
import { openSqliteTableStore } from './store/sqlite/table-store.ts';
import type { Store } from './store/store.ts';
import { loadMasterKeys } from './tables/master-key.ts';
import type { SealedTableDocument } from './tables/sealed-table-doc.ts';
import { createSecretBox } from './tables/secret-box.ts';
import { sweepDue } from './tables/sweep-due.ts';

/** A running service. */
export interface ServerHandle {
  /** `http://127.0.0.1:8080` (the port actually bound, also when 0 was asked). */
  readonly url: string;
  readonly port: number;
  /**
   * Where the tables' key came from (docs/TABLES.md, "Keys"): `FAIRDEAL_SECRET_KEY`, the key
   * file's path, or `memory` — so the operator knows what to back up. Never the key.
   */
  readonly keyFrom: string;
  /**
   * Stops: no new connections, in-flight requests finish (cut after 5 s), the store closes.
   * Every change a client saw acknowledged was committed before its answer was written.
   */
  close(): Promise<void>;
}

/** What {@link startServer} takes: settings, and optionally where log lines go. */
export interface StartOptions {
  readonly config?: Partial<ServerConfig>;
  /** Default: buffered writes to standard output. */
  readonly log?: (line: string) => void;
  /** Default: PostgreSQL at `config.databaseUrl` when set, else the SQLite store at `config.db`. */
  readonly store?: Store;
  readonly version?: string;
}

const DAY_MS = 86_400_000;
/**
 * Starts the dealer service: the only place that opens a socket. Opens the store (running its
 * migrations), purges stale decks at start and every hour, and listens.
 *
 * @example
 * ```ts
 * const server = await startServer({ config: { port: 0 } });
 * await fetch(`${server.url}/healthz`);
 * await server.close();
 * ```
 * @throws {Error} if the store cannot be opened or the port is taken (`EADDRINUSE`).
 */
export async function startServer(options: StartOptions = {}): Promise<ServerHandle> {
  const config: ServerConfig = { ...DEFAULT_CONFIG, ...options.config };
  // PostgreSQL (DATABASE_URL): decks, tables and LISTEN/NOTIFY on one database, for several
  // processes (docs/DEPLOY.md). Otherwise the SQLite file: tables share it (own connection).
  const pg =
    options.store === undefined && config.databaseUrl !== undefined
      ? await openPostgresBackends<SealedTableDocument>(config.databaseUrl)
      : undefined;
  const store =
    pg?.store ??
    options.store ??
    openSqliteStore({ path: config.db, synchronous: config.synchronous });
  const tablesPath = options.store === undefined ? config.db : ':memory:';
  const tableStore =
    pg?.tables ??
    openSqliteTableStore<SealedTableDocument>({
      path: tablesPath,
      synchronous: config.synchronous,
    });
  const notifier = pg?.notifier ?? createLocalNotifier();
  // Secrets at rest are sealed with the master key (FAIRDEAL_SECRET_KEY, or a 0600 key file out of
  // the data folder: docs/TABLES.md, "Keys"). Processes sharing PostgreSQL must share the key, so
  // there the operator names it: a key file made by one machine for itself is refused.
  let keys: ReturnType<typeof loadMasterKeys>;
  try {
    keys = loadMasterKeys(process.env, tablesPath, { shared: pg !== undefined });
  } catch (error) {
    await pg?.close();
    throw error;
  }
  const box = createSecretBox(keys.current, keys.previous);
  const closeStores = async () => {
    if (pg !== undefined) return pg.close();
    await store.close();
    await tableStore.close();
  };
  const logger = options.log === undefined ? bufferedStdout() : { write: options.log, flush() {} };
  const app = createApp({
    store,
    config,
    tables: { store: tableStore, notifier, box },
    ...(config.log ? { log: logger.write } : {}),
    ...(options.version === undefined ? {} : { version: options.version }),
  });

  const purge = async () => {
    if (config.purgeDays <= 0) return;
    const n = await store.purge(Date.now() - config.purgeDays * DAY_MS);
    if (n > 0) logger.write(`purged ${n} deck(s) unchanged for ${config.purgeDays} days`);
  };
  await purge();
  const timer = setInterval(() => void purge().catch(() => {}), 3_600_000);
  timer.unref();
  // On a timer, not on requests: hands whose deadline passed with a seat silent are voided and the
  // next hand opens, turns whose clock ran out are played by the clock (docs/TABLES.md, "Clocks"),
  // by whichever process sweeps first; one sweep at a time per process. `sweepMs` 0: not in this
  // process (another sweeps, or a seat or the host sends `void` or `timeout`).
  let sweeping = false;
  const sweepOnce = () => {
    if (sweeping) return;
    sweeping = true;
    sweepDue({
      tables: tableStore,
      box,
      notifier,
      ctx: () => ({
        now: Date.now(),
        seal: box.seal,
        open: box.open,
        dealer: box.dealer,
        previousDealers: box.previousDealers,
      }),
      roomIdleMs: config.roomIdleMs,
    })
      .catch(() => {})
      .finally(() => {
        sweeping = false;
      });
  };
  const sweep = config.sweepMs > 0 ? setInterval(sweepOnce, config.sweepMs) : undefined;
  sweep?.unref();

  let server: Server;
  const port = await new Promise<number>((resolve, reject) => {
    server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) =>
      resolve(info.port),
    ) as Server;
    server.once('error', reject);
  }).catch(async (error) => {
    clearInterval(timer);
    clearInterval(sweep);
    await closeStores();
    throw error;
  });
  // Keep-alive connections from load tools are many; a slow client must not hold a socket forever.
  server!.keepAliveTimeout = 5_000;
  server!.headersTimeout = 10_000;
  server!.requestTimeout = 30_000;

  let closing: Promise<void> | undefined;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    url: `http://${host}:${port}`,
    port,
    keyFrom: keys.from,
    close: () => {
      closing ??= (async () => {
        clearInterval(timer);
        clearInterval(sweep);
        // Event streams end when the notifier stops; their sockets then close like the rest.
        await notifier.close(); // idempotent: pg.close() closing it again is a no-op
        await new Promise<void>((resolve) => {
          const force = setTimeout(() => server.closeAllConnections(), 5_000);
          server.close(() => {
            clearTimeout(force);
            resolve();
          });
          server.closeIdleConnections();
        });
        await closeStores();
        logger.flush();
      })();
      return closing;
    },
  };
}

// One write per 50 ms (or per 32 KiB) instead of one per request: a write is a system call, and
// with few connections every request is its own event-loop turn, so a write per turn was a write
// per request — a large share of a draw's cost. A crash loses at most 50 ms of log lines (never
// data: a change is committed before its answer is sent).
function bufferedStdout(): { write: (line: string) => void; flush: () => void } {
  let lines: string[] = [];
  let bytes = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (lines.length === 0) return;
    const text = `${lines.join('\n')}\n`;
    lines = [];
    bytes = 0;
    process.stdout.write(text);
  };
  return {
    write: (line) => {
      lines.push(line);
      bytes += line.length + 1;
      if (bytes >= 32_768) flush();
      else if (timer === undefined) {
        timer = setTimeout(flush, 50);
        timer.unref();
      }
    },
    flush,
  };
}
