import { MIGRATION_2_TABLES } from './migration-2-tables.ts';

/**
 * The schema, as numbered steps. Step n runs once, when `PRAGMA user_version` is below n, inside
 * the same transaction that raises it. Never edit a released step: add the next one.
 */
export const MIGRATIONS: readonly { readonly version: number; readonly sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE decks (
        id TEXT PRIMARY KEY,
        cards TEXT NOT NULL,          -- the composition (JSON array), written once: it never changes
        state TEXT NOT NULL,          -- the rest of DeckState as JSON (src/server/deck/deck-state.ts)
        version INTEGER NOT NULL,     -- bumped by every change
        created_at INTEGER NOT NULL,  -- ms since the epoch
        touched_at INTEGER NOT NULL   -- last change; the purge looks at this
      ) STRICT;
      -- No index on touched_at: it would add a page write to every change; the hourly purge scans.
    `,
  },
  MIGRATION_2_TABLES,
];
