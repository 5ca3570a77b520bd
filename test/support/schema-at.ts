// A database as an older fairdeal left it, for the migration tests: the schema steps up to
// `version` applied and recorded the way each backend records them (SQLite's user_version, the
// PostgreSQL store's fairdeal_schema table), so that the migration under test meets exactly what
// a service of that version wrote.
import type { DatabaseSync } from 'node:sqlite';
import { toPostgres } from '../../src/server/store/postgres/migrate.ts';
import { MIGRATIONS } from '../../src/server/store/schema/migrations.ts';

/**
 * Applies the SQLite schema steps up to `version` to `db` and records it.
 *
 * @example
 * ```ts
 * const db = new DatabaseSync(':memory:');
 * sqliteAtStep(db, 5); // then seed old rows, then migrate(db)
 * ```
 */
export function sqliteAtStep(db: DatabaseSync, version: number): void {
  for (const step of MIGRATIONS.filter((m) => m.version <= version)) db.exec(step.sql);
  db.exec(`PRAGMA user_version = ${version}`);
}

/** What of a pg client the steps need. */
interface Queries {
  query(sql: string, values?: unknown[]): Promise<unknown>;
}

/**
 * Applies the PostgreSQL schema steps up to `version` through client `c` and records each.
 *
 * @example
 * ```ts
 * await postgresAtStep(client, 5); // then seed old rows, then migratePostgres(client)
 * ```
 */
export async function postgresAtStep(c: Queries, version: number): Promise<void> {
  await c.query(
    'CREATE TABLE fairdeal_schema (version INTEGER NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
  );
  for (const step of MIGRATIONS.filter((m) => m.version <= version)) {
    await c.query(step.postgres ?? toPostgres(step.sql));
    await c.query('INSERT INTO fairdeal_schema (version) VALUES ($1)', [step.version]);
  }
}
