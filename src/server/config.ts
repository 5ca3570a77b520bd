import { trustedProxyList } from './http/client-address.ts';
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
  /**
   * Take the client's address from `X-Forwarded-For` (only behind proxies you run): true when
   * `proxyHops` or `trustedProxies` is set (docs/DEPLOY.md, "Behind a proxy").
   */
  readonly trustProxy: boolean;
  /**
   * How many proxies every request passes (the socket's peer is the nearest): the client is the
   * address that many places from the right of `X-Forwarded-For` + peer. `trustProxy` alone: 1.
   */
  readonly proxyHops: number;
  /** Or the proxies' own addresses and networks (`10.0.0.0/8`): skipped from the right. */
  readonly trustedProxies: readonly string[];
  /**
   * Milliseconds a client has to send a whole request (default 30,000) and its headers
   * (default 10,000; at most the first): the connection is answered 408 and closed after that.
   */
  readonly requestTimeoutMs: number;
  readonly headersTimeoutMs: number;
  /** The origin image URLs use (`https://cards.example.org`); default: the request's own. */
  readonly publicUrl: string | undefined;
  /** Decks unchanged this many days are deleted (0 = never). */
  readonly purgeDays: number;
  /**
   * Tables (rooms too) with no change this many days are deleted with their hands, events,
   * answers and tickets (default 30; 0 = kept forever): docs/DEPLOY.md, "Purges".
   */
  readonly tablePurgeDays: number;
  /** Stored idempotent answers are deleted this many hours after they were written (default 24). */
  readonly answerHours: number;
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
  proxyHops: 0,
  trustedProxies: Object.freeze([]),
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  publicUrl: undefined,
  purgeDays: 14,
  tablePurgeDays: 30,
  answerHours: 24,
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
 * FAIRDEAL_TRUST_PROXY (`true` = 1 hop, a number of hops, or proxy addresses and networks),
 * FAIRDEAL_REQUEST_TIMEOUT_MS, FAIRDEAL_HEADERS_TIMEOUT_MS, PUBLIC_URL, FAIRDEAL_PURGE_DAYS,
 * FAIRDEAL_TABLE_PURGE_DAYS, FAIRDEAL_ANSWER_HOURS, FAIRDEAL_SWEEP_MS, FAIRDEAL_ROOM_EMPTY_MS, FAIRDEAL_ROOM_IDLE_MS, FAIRDEAL_LOG.
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
  if (proxy !== undefined) Object.assign(c, proxyTrust(proxy));
  const requestMs = get('requestTimeoutMs', 'FAIRDEAL_REQUEST_TIMEOUT_MS');
  if (requestMs !== undefined)
    c.requestTimeoutMs = num('FAIRDEAL_REQUEST_TIMEOUT_MS', requestMs, 100, 3_600_000);
  const headersMs = get('headersTimeoutMs', 'FAIRDEAL_HEADERS_TIMEOUT_MS');
  if (headersMs !== undefined)
    c.headersTimeoutMs = num('FAIRDEAL_HEADERS_TIMEOUT_MS', headersMs, 100, 3_600_000);
  // Node refuses a headers timeout above the request's: the shorter one is the one that happens.
  if (c.headersTimeoutMs > c.requestTimeoutMs) c.headersTimeoutMs = c.requestTimeoutMs;
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
  const tablePurge = get('tablePurgeDays', 'FAIRDEAL_TABLE_PURGE_DAYS');
  if (tablePurge !== undefined) {
    c.tablePurgeDays = num('FAIRDEAL_TABLE_PURGE_DAYS', tablePurge, 0, 36500);
  }
  const answers = get('answerHours', 'FAIRDEAL_ANSWER_HOURS');
  if (answers !== undefined) c.answerHours = num('FAIRDEAL_ANSWER_HOURS', answers, 1, 8760);
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

// FAIRDEAL_TRUST_PROXY: off (`false`, `0`, empty), `true` (one proxy), a hop count, or a
// comma-separated list of the proxies' addresses and networks.
function proxyTrust(
  text: string,
): Pick<ServerConfig, 'trustProxy' | 'proxyHops' | 'trustedProxies'> {
  const t = text.trim().toLowerCase();
  if (t === '' || t === 'false' || t === '0') {
    return { trustProxy: false, proxyHops: 0, trustedProxies: [] };
  }
  if (t === 'true') return { trustProxy: true, proxyHops: 1, trustedProxies: [] };
  if (/^\d+$/.test(t)) {
    return {
      trustProxy: true,
      proxyHops: num('FAIRDEAL_TRUST_PROXY', t, 1, 32),
      trustedProxies: [],
    };
  }
  const proxies = t.split(',').map((p) => p.trim());
  try {
    trustedProxyList(proxies);
  } catch (error) {
    throw new RangeError(
      `FAIRDEAL_TRUST_PROXY must be true, a number of proxies, or their addresses/networks: ${(error as Error).message}`,
    );
  }
  return { trustProxy: true, proxyHops: 0, trustedProxies: Object.freeze(proxies) };
}
