import type { Pool, PoolClient } from 'pg';
import { loadPg } from './load-pg.ts';
import { migratePostgres } from './migrate.ts';

/** Options of the PostgreSQL stores. */
export interface PostgresOptions {
  /** `postgres://user:password@host:5432/database` (never logged: it may hold a password). */
  readonly url: string;
  /** Connections this store keeps open (default 10). */
  readonly poolSize?: number;
  /** The clock for stored times (tests pass their own). */
  readonly now?: () => number;
}

/**
 * Opens a pool and runs the migrations (once, even when several processes start at the same
 * moment: migratePostgres takes an advisory lock).
 *
 * @example
 * ```ts
 * const pool = await openMigratedPool({ url: process.env.DATABASE_URL! });
 * ```
 * @throws {Error} when `pg` is not installed, the server cannot be reached or a migration fails.
 */
export async function openMigratedPool(options: PostgresOptions): Promise<Pool> {
  const { Pool } = await loadPg();
  const pool = new Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    // A dead server must fail a request, not hang it.
    connectionTimeoutMillis: 5_000,
  });
  // An idle connection that the server drops must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  try {
    const client = await pool.connect();
    try {
      await migratePostgres(client);
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  return pool;
}

/**
 * Runs `fn` inside BEGIN … COMMIT on one pooled connection; ROLLBACK when it throws (the error
 * propagates unchanged). A connection that cannot even roll back is discarded, not reused.
 *
 * @example
 * ```ts
 * await inTransaction(pool, (c) => c.query('UPDATE …'));
 * ```
 * @throws whatever `fn` or the server throws.
 */
export async function inTransaction<T>(
  pool: Pool,
  fn: (client: PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    const value = await fn(client);
    await client.query('COMMIT');
    return value;
  } catch (error) {
    try {
      await client.query('ROLLBACK');
    } catch {
      broken = true;
    }
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * A store's `ping` and `close` over its pool: `ping` answers false once closed or when the server
 * does not answer; `close` ends the pool once (a second call does nothing).
 *
 * @example
 * ```ts
 * return { ...queries, ...poolLifecycle(pool) };
 * ```
 * @throws never from `ping`; `close` rejects only if the pool cannot end.
 */
export function poolLifecycle(pool: Pool): { ping(): Promise<boolean>; close(): Promise<void> } {
  let closed = false;
  return {
    ping: async () => {
      if (closed) return false;
      try {
        await pool.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * Whether `error` is the server's refusal of a statement — pg's DatabaseError, with the
 * server's `severity` and SQLSTATE `code` (e.g. 23505) — which rolled the statement back.
 * Anything else (a socket error such as EPIPE, a timeout, class 08: connection exceptions) may
 * come after a commit.
 */
export function refusedByServer(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return (
    typeof severity === 'string' &&
    typeof code === 'string' &&
    /^[0-9A-Z]{5}$/.test(code) &&
    !code.startsWith('08')
  );
}
