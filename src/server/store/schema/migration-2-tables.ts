/**
 * Schema step 2: tables, their per-audience events and one-use stream tickets
 * (store/table-store.ts). The PostgreSQL store keeps the same three tables.
 */
export const MIGRATION_2_TABLES = {
  version: 2,
  sql: `
    CREATE TABLE fd_tables (
      id TEXT PRIMARY KEY,
      doc TEXT NOT NULL,            -- the table document (JSON; secrets inside are sealed or hashed)
      version INTEGER NOT NULL,     -- 1 at creation, +1 per change
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    ) STRICT;
    CREATE TABLE fd_table_events (
      table_id TEXT NOT NULL REFERENCES fd_tables (id) ON DELETE CASCADE,
      audience TEXT NOT NULL,       -- seat:N or host
      id INTEGER NOT NULL,          -- consecutive per (table, audience)
      type TEXT NOT NULL,
      data TEXT NOT NULL,           -- already projected for the audience
      PRIMARY KEY (table_id, audience, id)
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE fd_stream_tickets (
      hash TEXT PRIMARY KEY,        -- SHA-256 of the ticket, hex
      table_id TEXT NOT NULL,
      audience TEXT NOT NULL,
      expires_at INTEGER NOT NULL
    ) STRICT;
  `,
} as const;
