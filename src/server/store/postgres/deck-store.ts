import type { Pool } from 'pg';
import type { DeckState } from '../../deck/deck-state.ts';
import { BaseCache } from '../base-cache.ts';
import type { Change } from '../change.ts';
import { checkComposition, deckStateJson } from '../composition.ts';
import { type DeckBase, deckAt, parseBase } from '../deck-base.ts';
import { drawnOffTop } from '../drawn-off-top.ts';
import type { Store } from '../store.ts';
import { INSERT_DECKS_SQL, READ_DECKS_SQL, WRITE_DECKS_SQL } from './batched-sql.ts';
import { batchedRead, batchedWrite } from './batched-statement.ts';
import { inTransaction, openMigratedPool, type PostgresOptions, poolLifecycle } from './pool.ts';

export type { PostgresOptions } from './pool.ts';

/**
 * Opens a pool of connections, runs the migrations (once, even when several processes start at
 * the same moment) and answers {@link Store} on PostgreSQL.
 *
 * @example
 * ```ts
 * const store = await openPostgresStore({ url: process.env.DATABASE_URL! });
 * ```
 * @throws {Error} when `pg` is not installed, the server cannot be reached or a migration fails.
 */
export async function openPostgresStore(options: PostgresOptions): Promise<Store> {
  const pool = await openMigratedPool(options);
  return postgresStoreOn(pool, options.now ?? Date.now);
}

/**
 * Every change is written only over the state it was computed from: first optimistically (the
 * `version` column: `UPDATE … WHERE version = <read>`), and when that finds the deck changed, in
 * a transaction that starts with `SELECT … FOR UPDATE` — the row lock makes a change of the same
 * deck from this process or any other wait until the first has committed and then read its
 * result. Either way no write is lost and no card is dealt twice. Changes of different decks do
 * not wait for each other. Hot statements are prepared once per connection (named queries).
 */
function postgresStoreOn(pool: Pool, now: () => number): Store {
  // As in sqlite/deck-store.ts: a base is parsed once per version (base-cache.ts), and the reads
  // below fetch it only when the one held here is not the stored one (another process changed
  // the deck other than by a draw, or this one has never seen it).
  const bases = new BaseCache();
  const toDeck = (id: string, row: Row): Loaded | undefined => {
    const baseVersion = Number(row.base_version);
    let base = bases.get(id, baseVersion);
    if (base === undefined) {
      // Skipped as known, then dropped from the cache in between: read again, under the lock.
      if (row.state === null || row.cards === null) return undefined;
      base = bases.put(id, parseBase(baseVersion, row.state, row.cards));
    }
    const dealt = Number(row.dealt);
    return { deck: deckAt(base, dealt), base, version: row.version, dealt };
  };
  /** What `next` writes: the cards dealt since the base for a draw, else a new base. */
  const writeOf = (loaded: Loaded, next: DeckState) => {
    checkComposition(loaded.deck, next);
    const drawn = drawnOffTop(loaded.deck, next);
    return drawn === undefined
      ? { dealt: 0, state: deckStateJson(next, loaded.base.asMade) }
      : { dealt: loaded.dealt + drawn, state: null };
  };
  /** After a write of `next` at `version` + 1: a new base is kept as the one of its deck. */
  const wrote = (id: string, loaded: Loaded, next: DeckState, state: string | null) => {
    if (state === null) return;
    bases.put(id, { version: Number(loaded.version) + 1, asMade: loaded.base.asMade, deck: next });
  };

  const locked = <T>(id: string, change: (deck: DeckState) => Change<DeckState, T>) =>
    inTransaction(pool, async (client) => {
      // Both rows locked, not only the deck's: when the lock was waited for, READ COMMITTED
      // reads the locked rows again as the other transaction left them, but any other row of
      // the join as it was before — a new base_version with the old base, which lost writes
      // (two processes, 20 piles at once: 4 kept) until the base was locked too.
      const r = await client.query<Row>({
        name: 'fd-deck-lock',
        text: `SELECT d.version, d.base_version, d.dealt, b.state, c.cards FROM decks d
          JOIN deck_bases b ON b.id = d.id JOIN deck_cards c ON c.id = d.id
          WHERE d.id = $1 FOR UPDATE OF d, b`,
        values: [id],
      });
      const row = r.rows[0];
      if (row === undefined) return { found: false as const };
      const loaded = toDeck(id, row)!;
      const { next, result } = change(loaded.deck);
      if (next !== null) {
        const { dealt, state } = writeOf(loaded, next);
        if (state !== null) {
          await client.query({
            name: 'fd-deck-base',
            text: 'UPDATE deck_bases SET state = $1 WHERE id = $2',
            values: [state, id],
          });
        }
        await client.query({
          name: 'fd-deck-write',
          text: `UPDATE decks SET version = version + 1, touched_at = $1, dealt = $2,
            base_version = CASE WHEN $3 THEN version + 1 ELSE base_version END WHERE id = $4`,
          values: [now(), dealt, state !== null, id],
        });
        wrote(id, loaded, next, state);
      }
      return { found: true as const, value: result };
    });

  // As for tables (table-store.ts): under load, one statement carries many changes.
  const readBatched = batchedRead<{ id: string; known: number }, Row & { n: string }>(pool, {
    name: 'fd-deck-read',
    text: READ_DECKS_SQL,
    values: (qs) => [qs.map((q) => q.id), qs.map((q) => q.known)],
  });
  const writeBatched = batchedWrite<{
    id: string;
    version: string;
    dealt: number;
    state: string | null;
  }>(pool, {
    name: 'fd-deck-write-if',
    text: WRITE_DECKS_SQL,
    values: (ws) => [
      ws.map((w) => w.id),
      ws.map((w) => w.version),
      ws.map((w) => w.dealt),
      ws.map((w) => w.state),
      now(),
    ],
  });
  const insertBatched = batchedWrite<{ id: string; cards: string; state: string }>(pool, {
    name: 'fd-deck-insert',
    text: INSERT_DECKS_SQL,
    values: (ds) => [ds.map((d) => d.id), ds.map((d) => d.cards), ds.map((d) => d.state), now()],
  });

  return {
    createDeck: async (deck) => {
      const made = await insertBatched({
        id: deck.id,
        cards: JSON.stringify(deck.cards),
        state: deckStateJson(deck, deck.cards),
      });
      if (made) bases.put(deck.id, { version: 1, asMade: deck.cards, deck });
      return made;
    },
    readDeck: async (id) => {
      const row = await readBatched({ id, known: bases.versionOf(id) });
      if (row === undefined) return undefined;
      return toDeck(id, row)?.deck ?? (await readDeckWhole(id));
    },
    withDeck: async <T>(id: string, change: (deck: DeckState) => Change<DeckState, T>) => {
      // First optimistically: read with the version, change, write only if the version is still
      // the one read — two statements, each shared with the other changes waiting at that
      // moment (batched-statement.ts). When another change came between, is being written, or the deck
      // was purged, no row is written and the change runs again under the row lock, which
      // cannot lose: no retry loop, no livelock on a hot deck.
      const row = await readBatched({ id, known: bases.versionOf(id) });
      if (row === undefined) return { found: false as const };
      const loaded = toDeck(id, row);
      if (loaded === undefined) return locked(id, change);
      const { next, result } = change(loaded.deck);
      if (next === null) return { found: true as const, value: result };
      const { dealt, state } = writeOf(loaded, next);
      if (await writeBatched({ id, version: loaded.version, dealt, state })) {
        wrote(id, loaded, next, state);
        return { found: true as const, value: result };
      }
      return locked(id, change);
    },
    purge: async (before) => {
      bases.clear();
      const r = await pool.query('DELETE FROM decks WHERE touched_at < $1', [before]);
      return r.rowCount ?? 0;
    },
    ...poolLifecycle(pool),
  };

  async function readDeckWhole(id: string): Promise<DeckState | undefined> {
    const r = await pool.query<Row>(
      `SELECT d.version, d.base_version, d.dealt, b.state, c.cards FROM decks d
        JOIN deck_bases b ON b.id = d.id JOIN deck_cards c ON c.id = d.id WHERE d.id = $1`,
      [id],
    );
    const row = r.rows[0];
    if (row === undefined) return undefined;
    return toDeck(id, row)?.deck;
  }
}

/** A deck as read for a change: its state, its base, its version and the cards dealt since. */
interface Loaded {
  readonly deck: DeckState;
  readonly base: DeckBase;
  /** As the driver gives a BIGINT: a string. */
  readonly version: string;
  readonly dealt: number;
}

/** A deck's rows (schema/migration-8-deck-bases.ts); the base NULL when the reader holds it. */
interface Row {
  readonly version: string;
  readonly base_version: string;
  readonly dealt: string;
  readonly state: string | null;
  readonly cards: string | null;
}
