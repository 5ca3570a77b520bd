/**
 * Schema step 8: a draw writes what changed (store/deck-base.ts).
 *
 * Until now a deck was one JSON row (`decks.state`: stack, drawn cards, piles) rewritten whole
 * by every change, a draw included: up to 7.8 KB for a 20-deck shoe, parsed and serialised on
 * every draw, and in SQLite an overflow page or two written with it (an UPDATE rewrites the
 * whole record). Now the state is kept as a *base* and a count:
 *
 * - `deck_bases.state`: the deck as of its last change that was not a plain draw, in the same
 *   JSON as `decks.state` held (composition.ts). Written by such changes only.
 * - `decks.base_version`: the deck version that wrote that base, so a process that holds the
 *   base parsed (the stores cache it) knows whether it is still the one stored.
 * - `decks.dealt`: how many cards were drawn off the top of the base's stack since: the deck is
 *   the base with its first `dealt` stack cards moved, in order, to the end of its drawn cards.
 *   A draw of n cards only adds n to it, on a row of a few dozen bytes.
 *
 * The existing decks convert as they are: each state becomes its base, at its current version,
 * with nothing dealt since. Written in the common subset of SQLite (3.35+ for DROP COLUMN) and
 * PostgreSQL; the `dealt` and `base_version` columns come last in both, as the PostgreSQL test
 * compares the two schemas column by column.
 */
export const MIGRATION_8_DECK_BASES = {
  version: 8,
  sql: `
    CREATE TABLE deck_bases (
      id TEXT PRIMARY KEY REFERENCES decks (id) ON DELETE CASCADE,
      state TEXT NOT NULL           -- DeckState as JSON at base_version, cards only once rebuilt
    ) STRICT;
    INSERT INTO deck_bases (id, state) SELECT id, state FROM decks;
    ALTER TABLE decks ADD COLUMN base_version INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE decks ADD COLUMN dealt INTEGER NOT NULL DEFAULT 0;
    UPDATE decks SET base_version = version;
    ALTER TABLE decks DROP COLUMN state;
  `,
} as const;
