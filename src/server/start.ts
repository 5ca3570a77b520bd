import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import type { ServerConfig } from './config.ts';
import { DEFAULT_CONFIG } from './config.ts';
import { ensureDataFolder } from './data-folder.ts';
import { logLine } from './http/access-log.ts';
import { answerParseErrors } from './http/raw-answers.ts';
import { serverTimeouts } from './http/server-timeouts.ts';
import { createLocalNotifier } from './local-notifier.ts';
import { openPostgresBackends } from './store/postgres/backends.ts';
import { purgeTables, START_CURSOR } from './store/purge-tables.ts';
import { openSqliteStore } from './store/sqlite/deck-store.ts';
import { openSqliteTableStore } from './store/sqlite/table-store.ts';
import type { Store } from './store/store.ts';
import { loadMasterKeys } from './tables/master-key.ts';
import type { SealedTableDocument } from './tables/sealed-table-doc.ts';
import { createSecretBox } from './tables/secret-box.ts';
import { sweepDue } from './tables/sweep-due.ts';
import { TABLE_DOC_PARTS } from './tables/table-doc-parts.ts';

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
/** Events kept per audience of a table (the routes' own retention keeps the same: 1000). */
const RESUME_WINDOW_EVENTS = 1000;
/** Rows of each kind the hourly purge takes at most per run (the next run takes the rest). */
const PURGE_LIMIT = 1000;
/** How often the purges run (and once at start). */
const PURGE_EVERY_MS = 3_600_000;
/**
 * Starts the dealer service: the only place that opens a socket. Opens the store (running its
 * migrations), purges stale decks and tables at start and every hour (docs/DEPLOY.md, "Purges"),
 * and listens.
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
  // Before anything opens: a folder that cannot be made is one line now, not a hang (issue 27).
  if (options.store === undefined && config.databaseUrl === undefined) ensureDataFolder(config.db);
  // PostgreSQL (DATABASE_URL): decks, tables and LISTEN/NOTIFY on one database, for several
  // processes (docs/DEPLOY.md). Otherwise the SQLite file: tables share it (own connection).
  const pg =
    options.store === undefined && config.databaseUrl !== undefined
      ? await openPostgresBackends<SealedTableDocument>(config.databaseUrl, TABLE_DOC_PARTS)
      : undefined;
  const store =
    pg?.store ??
    options.store ??
    openSqliteStore({ path: config.db, synchronous: config.synchronous });
  const tablesPath = options.store === undefined ? config.db : ':memory:';
  const tableStore =
    pg?.tables ??
    openSqliteTableStore<SealedTableDocument>(
      { path: tablesPath, synchronous: config.synchronous },
      TABLE_DOC_PARTS,
    );
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
    if (n > 0) {
      logger.write(
        logLine({
          t: new Date().toISOString(),
          level: 'info',
          msg: `purged ${n} deck(s) unchanged for ${config.purgeDays} days`,
          decks: n,
        }),
      );
    }
  };
  // Tables: idle ones deleted, old events of the changed ones trimmed to the resume window,
  // answers and tickets expired — PURGE_LIMIT of each per run, found through indexes. The cursor
  // is this process's own, in memory; it starts two periods back, so a restart covers the tables
  // changed since the last run before it without walking every table ever changed at each start.
  let cursor = { ...START_CURSOR, updatedAt: Date.now() - 2 * PURGE_EVERY_MS };
  const purgeTablesOnce = async () => {
    const r = await purgeTables(tableStore, {
      now: Date.now(),
      tableIdleMs: config.tablePurgeDays * DAY_MS,
      answerMs: config.answerHours * 3_600_000,
      keepEvents: RESUME_WINDOW_EVENTS,
      limit: PURGE_LIMIT,
      cursor,
      onDeleted: async (id) => {
        if (tableStore.notifiesOnChange !== true) await notifier.notify(`table:${id}`);
      },
    });
    cursor = r.cursor;
    if (r.tables + r.events + r.answers + r.tickets > 0) {
      logger.write(
        logLine({
          t: new Date().toISOString(),
          level: 'info',
          msg: `purged ${r.tables} table(s) unchanged for ${config.tablePurgeDays} days, ${r.events} old event(s), ${r.answers} answer(s), ${r.tickets} ticket(s)`,
          tables: r.tables,
          events: r.events,
          answers: r.answers,
          tickets: r.tickets,
        }),
      );
    }
  };
  const purgeAll = async () => {
    await purge();
    await purgeTablesOnce();
  };
  await purgeAll();
  const timer = setInterval(() => void purgeAll().catch(() => {}), PURGE_EVERY_MS);
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
    server = serve(
      {
        fetch: app.fetch,
        port: config.port,
        hostname: config.host,
        serverOptions: serverTimeouts(config),
      },
      (info) => resolve(info.port),
    ) as Server;
    server.once('error', reject);
    // What Node answers by itself (parse errors, timeouts, CONNECT) is JSON with CORS too.
    answerParseErrors(server, config.log ? logger.write : undefined);
  }).catch(async (error) => {
    clearInterval(timer);
    clearInterval(sweep);
    await closeStores();
    throw error;
  });

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
