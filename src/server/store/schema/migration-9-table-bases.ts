/**
 * Schema step 9: a table change writes what changed (store/doc-parts.ts).
 *
 * Until now a table was one JSON document (`fd_tables.doc`) rewritten whole by every action:
 * 6–25 KB for a Dou Dizhu table, most of it the history of its last hands and the hand's
 * fair-protocol record (announcement, commits, roster, reveals, receipts, sealed round), which a
 * play or a pass leaves as it was. Now a store given the document's parts keeps those fields as
 * a *base*:
 *
 * - `fd_table_bases.base`: the base fields by path (`history`, `hand.round`), as JSON, as of the
 *   last change that replaced one of them. Written by such changes only.
 * - `fd_tables.base_version`: the table version that wrote that base, so a process holding it
 *   parsed (the stores cache it) knows whether it is still the one stored; 0: no base, the
 *   document is whole in `doc` (every table until its next change).
 *
 * Written in the common subset of SQLite and PostgreSQL; `base_version` comes last in both, as
 * the PostgreSQL test compares the two schemas column by column.
 */
export const MIGRATION_9_TABLE_BASES = {
  version: 9,
  sql: `
    CREATE TABLE fd_table_bases (
      table_id TEXT PRIMARY KEY REFERENCES fd_tables (id) ON DELETE CASCADE,
      base TEXT NOT NULL            -- the base fields by path, as JSON, at base_version
    ) STRICT;
    ALTER TABLE fd_tables ADD COLUMN base_version INTEGER NOT NULL DEFAULT 0;
  `,
} as const;
