import type { PoolClient } from 'pg';
import { MIGRATIONS } from '../schema/migrations.ts';

/**
 * The numbered SQLite steps of schema/migrations.ts in PostgreSQL's dialect, so there is one schema and
 * one list of steps for both stores. The steps are written in the common subset of the two
 * dialects; what differs is rewritten here, and the test checks every step translates and runs:
 * - `INTEGER` → `BIGINT`: SQLite's INTEGER is 64-bit, PostgreSQL's is 32-bit, and the times
 *   stored are milliseconds since the epoch (≈ 2^40).
 * - the table options `STRICT` and `WITHOUT ROWID` are SQLite's own: PostgreSQL types are always
 *   strict and tables never have a rowid.
 *
 * @example
 * ```ts
 * toPostgres('CREATE TABLE t (n INTEGER NOT NULL) STRICT;'); // 'CREATE TABLE t (n BIGINT NOT NULL);'
 * ```
 * @throws never.
 */
export function toPostgres(sql: string): string {
  return sql
    .replace(/\)\s*STRICT\s*,\s*WITHOUT\s+ROWID\s*;/gi, ');')
    .replace(/\)\s*WITHOUT\s+ROWID\s*,\s*STRICT\s*;/gi, ');')
    .replace(/\)\s*(?:STRICT|WITHOUT\s+ROWID)\s*;/gi, ');')
    .replace(/\bINTEGER\b/g, 'BIGINT');
}

/** Any number that says "fairdeal's migrations" to pg_advisory_xact_lock (ASCII "fdmigrat"). */
const MIGRATION_LOCK = 0x66646d6967726174n;

/**
 * Runs the steps not yet applied, in one transaction under an advisory lock, so several service
 * processes starting at once migrate once (the others wait, then find nothing to do). The applied
 * version is kept in `fairdeal_schema` (PostgreSQL has no `user_version`).
 *
 * @example
 * ```ts
 * await migratePostgres(client);
 * ```
 * @throws {Error} the failing statement's error; nothing of the failed run is kept.
 */
export async function migratePostgres(client: PoolClient): Promise<number> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK.toString()]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS fairdeal_schema (version INTEGER NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
    );
    const row = await client.query<{ v: number | null }>(
      'SELECT max(version) AS v FROM fairdeal_schema',
    );
    let current = row.rows[0]?.v ?? 0;
    for (const step of MIGRATIONS) {
      if (step.version <= current) continue;
      await client.query(step.postgres ?? toPostgres(step.sql));
      await client.query('INSERT INTO fairdeal_schema (version) VALUES ($1)', [step.version]);
      current = step.version;
    }
    await client.query('COMMIT');
    return current;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}
