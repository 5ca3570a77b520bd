import { isPostgresUrl } from './store/postgres/load-pg.ts';
import type { SynchronousLevel } from './store/sqlite/deck-store.ts';

/** Everything the service can be told (docs/SERVICE.md, "Settings"). */
export interface ServerConfig {
  /** Port to listen on (default 8080; 0 = any free port). */
  readonly port: number;
  /** Address to listen on (default 127.0.0.1; 0.0.0.0 to serve a network). */
  readonly host: string;
  /** The SQLite file (default ./data/fairdeal.db). */
  readonly db: string;
  /**
   * `postgres://…`: keep everything in PostgreSQL instead of the SQLite file, so several
   * processes can serve the same decks (docs/DEPLOY.md). Never logged: it may hold a password.
   */
  readonly databaseUrl: string | undefined;
  readonly synchronous: SynchronousLevel;
  /** Requests per second per client (0 = no limit) and the burst allowed. */
  readonly rateLimit: number;
  readonly rateBurst: number;
  /** Use the first X-Forwarded-For address as the client (only behind a proxy you run). */
  readonly trustProxy: boolean;
  /** The origin image URLs use (`https://cards.example.org`); default: the request's own. */
  readonly publicUrl: string | undefined;
  /** Decks unchanged this many days are deleted (0 = never). */
  readonly purgeDays: number;
  /** Write one line per request (default true). */
  readonly log: boolean;
  /**
   * How often (ms) this process voids the hands past their deadline and plays the turns whose
   * clock ran out (default 1,000); 0: never — another process sweeps (several processes on one
   * PostgreSQL need only some to), or a seat or the host sends `void` or `timeout`.
   */
  readonly sweepMs: number;
  /**
   * A room with no seat held by a person (bots do not count) this long (ms) after it opened or
   * its last person was kicked is closed and purged by the sweep (default 600,000: 10 minutes).
   */
  readonly roomEmptyMs: number;
  /** A room with no change at all this long (ms) is closed and purged (default 1,800,000). */
  readonly roomIdleMs: number;
}

/** The defaults. */
export const DEFAULT_CONFIG: ServerConfig = Object.freeze({
  port: 8080,
  host: '127.0.0.1',
  db: './data/fairdeal.db',
  databaseUrl: undefined,
  synchronous: 'NORMAL',
  rateLimit: 50,
  rateBurst: 100,
  trustProxy: false,
  publicUrl: undefined,
  purgeDays: 14,
  log: true,
  sweepMs: 1000,
  roomEmptyMs: 600_000,
  roomIdleMs: 1_800_000,
});

function num(name: string, text: string, min: number, max: number): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n < min || n > max) {
    throw new RangeError(`${name} must be a number from ${min} to ${max}, got '${text}'`);
  }
  return n;
}

/**
 * Settings from environment variables over the defaults, then `overrides` (command-line flags).
 * PORT, HOST, FAIRDEAL_DB, DATABASE_URL, FAIRDEAL_SYNCHRONOUS, FAIRDEAL_RATE_LIMIT, FAIRDEAL_RATE_BURST,
 * FAIRDEAL_TRUST_PROXY, PUBLIC_URL, FAIRDEAL_PURGE_DAYS, FAIRDEAL_SWEEP_MS, FAIRDEAL_ROOM_EMPTY_MS,
 * FAIRDEAL_ROOM_IDLE_MS, FAIRDEAL_LOG.
 *
 * @example
 * ```ts
 * configFrom({ PORT: '9000' }).port; // 9000
 * ```
 * @throws {RangeError} for a value out of range, naming the variable.
 */
export function configFrom(
  env: Readonly<Record<string, string | undefined>>,
  overrides: Partial<Record<keyof ServerConfig, string>> = {},
): ServerConfig {
  const get = (key: keyof ServerConfig, variable: string): string | undefined =>
    overrides[key] ?? env[variable];
  const c: { -readonly [K in keyof ServerConfig]: ServerConfig[K] } = { ...DEFAULT_CONFIG };
  const port = get('port', 'PORT');
  if (port !== undefined) c.port = num('PORT', port, 0, 65535);
  const host = get('host', 'HOST');
  if (host !== undefined && host !== '') c.host = host;
  const db = get('db', 'FAIRDEAL_DB');
  if (db !== undefined && db !== '') c.db = db;
  const databaseUrl = get('databaseUrl', 'DATABASE_URL');
  if (databaseUrl !== undefined && databaseUrl !== '') {
    // The value is never echoed: it may hold a password.
    if (!isPostgresUrl(databaseUrl)) {
      throw new RangeError('DATABASE_URL must be a postgres:// or postgresql:// URL');
    }
    c.databaseUrl = databaseUrl;
  }
  const sync = get('synchronous', 'FAIRDEAL_SYNCHRONOUS');
  if (sync !== undefined) {
    const upper = sync.toUpperCase();
    if (upper !== 'OFF' && upper !== 'NORMAL' && upper !== 'FULL' && upper !== 'EXTRA') {
      throw new RangeError(
        `FAIRDEAL_SYNCHRONOUS must be OFF, NORMAL, FULL or EXTRA, got '${sync}'`,
      );
    }
    c.synchronous = upper;
  }
  const rate = get('rateLimit', 'FAIRDEAL_RATE_LIMIT');
  if (rate !== undefined)
    c.rateLimit = rate === 'off' ? 0 : num('FAIRDEAL_RATE_LIMIT', rate, 0, 1e9);
  const burst = get('rateBurst', 'FAIRDEAL_RATE_BURST');
  if (burst !== undefined) c.rateBurst = num('FAIRDEAL_RATE_BURST', burst, 1, 1e9);
  const proxy = get('trustProxy', 'FAIRDEAL_TRUST_PROXY');
  if (proxy !== undefined) c.trustProxy = proxy === '1' || proxy.toLowerCase() === 'true';
  const url = get('publicUrl', 'PUBLIC_URL');
  if (url !== undefined && url !== '') {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new RangeError(`PUBLIC_URL must be an absolute URL, got '${url}'`);
    }
    c.publicUrl = parsed.origin + parsed.pathname.replace(/\/+$/, '');
  }
  const purge = get('purgeDays', 'FAIRDEAL_PURGE_DAYS');
  if (purge !== undefined) c.purgeDays = num('FAIRDEAL_PURGE_DAYS', purge, 0, 36500);
  const sweep = get('sweepMs', 'FAIRDEAL_SWEEP_MS');
  if (sweep !== undefined) c.sweepMs = num('FAIRDEAL_SWEEP_MS', sweep, 0, 3_600_000);
  const empty = get('roomEmptyMs', 'FAIRDEAL_ROOM_EMPTY_MS');
  if (empty !== undefined) c.roomEmptyMs = num('FAIRDEAL_ROOM_EMPTY_MS', empty, 1000, 604_800_000);
  const idle = get('roomIdleMs', 'FAIRDEAL_ROOM_IDLE_MS');
  if (idle !== undefined) c.roomIdleMs = num('FAIRDEAL_ROOM_IDLE_MS', idle, 1000, 604_800_000);
  const log = get('log', 'FAIRDEAL_LOG');
  if (log !== undefined) c.log = !(log === '0' || log.toLowerCase() === 'false');
  return c;
}
