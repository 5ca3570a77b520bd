/**
 * Schema step 6: rooms (docs/TABLES.md, "Rooms").
 *
 * - `fd_tables.room_code`: the SHA-256 (hex) of a room's code, NULL for a table that is not a
 *   room. A unique partial index finds a room by its code without reading any document (the
 *   documents are the service's sealed JSON, which the database cannot look into), and refuses a
 *   second room under one code: creating it fails as a taken id does, and the service draws again.
 * - An index on `updated_at` of the rooms alone: the sweep closes the rooms with no change for a
 *   while (`listIdleRooms`), and tables that are not rooms never enter it.
 *
 * Written in the common subset of SQLite and PostgreSQL (partial indexes are in both).
 */
export const MIGRATION_6_ROOMS = {
  version: 6,
  sql: `
    ALTER TABLE fd_tables ADD COLUMN room_code TEXT;
    CREATE UNIQUE INDEX fd_tables_room_code ON fd_tables (room_code) WHERE room_code IS NOT NULL;
    CREATE INDEX fd_tables_room_idle ON fd_tables (updated_at) WHERE room_code IS NOT NULL;
  `,
} as const;
