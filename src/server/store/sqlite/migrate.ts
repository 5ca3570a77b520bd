import type { DatabaseSync } from 'node:sqlite';
import { MIGRATIONS } from '../schema/migrations.ts';

/**
 * Runs the schema steps (schema/migrations.ts) not yet applied to a SQLite database, each in
 * its own `BEGIN IMMEDIATE` with the `PRAGMA user_version` that records it, so a step is applied
 * whole or not at all. The deck store and the table store call it on the file they open.
 *
 * @example
 * ```ts
 * migrate(new DatabaseSync(':memory:'));
 * ```
 * @throws the failing step's error (that step is rolled back; the ones before it stay).
 */
export function migrate(db: DatabaseSync): void {
  const current = (db.prepare('PRAGMA user_version').get() as { user_version: number })
    .user_version;
  for (const step of MIGRATIONS) {
    if (step.version <= current) continue;
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(step.sql);
      db.exec(`PRAGMA user_version = ${step.version}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}
