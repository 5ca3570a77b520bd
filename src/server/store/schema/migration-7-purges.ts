/**
 * Schema step 7: the purges (docs/DEPLOY.md, "Purges") find what they take through indexes, never
 * by reading documents or whole tables.
 *
 * - `fd_tables_idle`: every table by its last change. Step 6's index covers rooms alone; a table
 *   that is not a room and has had no change for `FAIRDEAL_TABLE_PURGE_DAYS` is found here, and so
 *   are the tables changed since the last purge, whose old events are trimmed to the resume window.
 * - `fd_table_answers.created_at`: when a stored idempotent answer was written (ms since the
 *   epoch), with its index: answers expire by age, whatever their table does. The answers stored
 *   before this step take their table's last change, the latest they can have been written, so
 *   none expires sooner than it would have.
 * - `fd_stream_tickets_expires`: expired stream tickets are dropped by the purge, not only when the
 *   next ticket is made.
 *
 * Written in the common subset of SQLite and PostgreSQL (postgres/migrate.ts turns INTEGER into
 * BIGINT).
 */
export const MIGRATION_7_PURGES = {
  version: 7,
  sql: `
    CREATE INDEX fd_tables_idle ON fd_tables (updated_at);
    ALTER TABLE fd_table_answers ADD COLUMN created_at INTEGER NOT NULL DEFAULT 0;
    UPDATE fd_table_answers SET created_at = coalesce(
      (SELECT t.updated_at FROM fd_tables AS t WHERE t.id = fd_table_answers.table_id), 0);
    CREATE INDEX fd_table_answers_created ON fd_table_answers (created_at);
    CREATE INDEX fd_stream_tickets_expires ON fd_stream_tickets (expires_at);
  `,
} as const;
