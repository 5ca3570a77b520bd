import { MIGRATION_2_TABLES } from './migration-2-tables.ts';
import { MIGRATION_3_HANDS } from './migration-3-hands.ts';
import { MIGRATION_4_CREDENTIALS } from './migration-4-credentials.ts';
import { MIGRATION_5_EVENT_PARTS } from './migration-5-event-parts.ts';
import { MIGRATION_6_ROOMS } from './migration-6-rooms.ts';
import { MIGRATION_7_PURGES } from './migration-7-purges.ts';
import { MIGRATION_8_DECK_BASES } from './migration-8-deck-bases.ts';
import { MIGRATION_9_TABLE_BASES } from './migration-9-table-bases.ts';
import { MIGRATION_10_BASE_COMPRESSION } from './migration-10-base-compression.ts';

/**
 * The schema, as numbered steps. Step n runs once, when `PRAGMA user_version` is below n, inside
 * the same transaction that raises it. Never edit a released step: add the next one. A step is
 * written in the common subset of SQLite and PostgreSQL (postgres/migrate.ts translates the
 * rest), or carries its own `postgres` text where the dialects differ too much (JSON functions).
 */
export const MIGRATIONS: readonly {
  readonly version: number;
  readonly sql: string;
  readonly postgres?: string;
}[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE decks (
        id TEXT PRIMARY KEY,
        state TEXT NOT NULL,          -- DeckState as JSON (moved to deck_bases by step 8)
        version INTEGER NOT NULL,     -- bumped by every change
        created_at INTEGER NOT NULL,  -- ms since the epoch
        touched_at INTEGER NOT NULL   -- last change; the purge looks at this
      ) STRICT;
      -- The composition as made never changes: kept apart, so a change rewrites only the row above
      -- (no index on touched_at either: it would add a page write to every change; the hourly
      -- purge scans).
      CREATE TABLE deck_cards (
        id TEXT PRIMARY KEY REFERENCES decks (id) ON DELETE CASCADE,
        cards TEXT NOT NULL           -- JSON array of card identities, in creation order
      ) STRICT;
    `,
  },
  MIGRATION_2_TABLES,
  MIGRATION_3_HANDS,
  MIGRATION_4_CREDENTIALS,
  MIGRATION_5_EVENT_PARTS,
  MIGRATION_6_ROOMS,
  MIGRATION_7_PURGES,
  MIGRATION_8_DECK_BASES,
  MIGRATION_9_TABLE_BASES,
  MIGRATION_10_BASE_COMPRESSION,
];
