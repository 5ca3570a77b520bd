import type { Pool } from 'pg';
import type { DeckState } from '../../deck/deck-state.ts';
import type { Change } from '../change.ts';
import { checkComposition, deckStateJson } from '../composition.ts';
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
  // As in sqlite/deck-store.ts: a composition as made never changes, so it is parsed once per
  // deck in use; a rebuilt deck's own composition is in its state row, read in the same statement.
  const compositions = new Map<string, readonly string[]>();
  const cardsOf = (id: string, json: string): readonly string[] => {
    let cards = compositions.get(id);
    if (cards === undefined) {
      cards = Object.freeze(JSON.parse(json) as string[]);
      if (compositions.size >= 1000) compositions.clear();
      compositions.set(id, cards);
    }
    return cards;
  };
  const toDeck = (id: string, row: Row): DeckState => {
    const state = JSON.parse(row.state) as Omit<DeckState, 'cards'> & {
      readonly cards?: readonly string[];
    };
    return { ...state, cards: state.cards ?? cardsOf(id, row.cards) };
  };

  const locked = <T>(id: string, change: (deck: DeckState) => Change<DeckState, T>) =>
    inTransaction(pool, async (client) => {
      const r = await client.query<Row>({
        name: 'fd-deck-lock',
        text: 'SELECT c.cards, d.state FROM decks d JOIN deck_cards c ON c.id = d.id WHERE d.id = $1 FOR UPDATE OF d',
        values: [id],
      });
      const row = r.rows[0];
      if (row === undefined) return { found: false as const };
      const deck = toDeck(id, row);
      const { next, result } = change(deck);
      if (next !== null) {
        checkComposition(deck, next);
        await client.query({
          name: 'fd-deck-write',
          text: 'UPDATE decks SET state = $1, version = version + 1, touched_at = $2 WHERE id = $3',
          values: [deckStateJson(next, cardsOf(id, row.cards)), now(), id],
        });
      }
      return { found: true as const, value: result };
    });

  // As for tables (table-store.ts): under load, one statement carries many changes.
  const readBatched = batchedRead<string, Row & { n: string; version: string }>(pool, {
    name: 'fd-deck-read',
    text: READ_DECKS_SQL,
    values: (ids) => [ids],
  });
  const writeBatched = batchedWrite<{ id: string; state: string; version: string }>(pool, {
    name: 'fd-deck-write-if',
    text: WRITE_DECKS_SQL,
    values: (ws) => [ws.map((w) => w.id), ws.map((w) => w.state), ws.map((w) => w.version), now()],
  });
  const insertBatched = batchedWrite<{ id: string; cards: string; state: string }>(pool, {
    name: 'fd-deck-insert',
    text: INSERT_DECKS_SQL,
    values: (ds) => [ds.map((d) => d.id), ds.map((d) => d.cards), ds.map((d) => d.state), now()],
  });

  return {
    createDeck: (deck) =>
      insertBatched({
        id: deck.id,
        cards: JSON.stringify(deck.cards),
        state: deckStateJson(deck, deck.cards),
      }),
    readDeck: async (id) => {
      const r = await pool.query<{ cards: string; state: string }>(
        'SELECT c.cards, d.state FROM decks d JOIN deck_cards c ON c.id = d.id WHERE d.id = $1',
        [id],
      );
      const row = r.rows[0];
      return row === undefined ? undefined : toDeck(id, row);
    },
    withDeck: async <T>(id: string, change: (deck: DeckState) => Change<DeckState, T>) => {
      // First optimistically: read with the version, change, write only if the version is still
      // the one read — two statements, each shared with the other changes waiting at that
      // moment (batched-statement.ts). When another change came between, is being written, or the deck
      // was purged, no row is written and the change runs again under the row lock, which
      // cannot lose: no retry loop, no livelock on a hot deck.
      const row = await readBatched(id);
      if (row === undefined) return { found: false as const };
      const deck = toDeck(id, row);
      const { next, result } = change(deck);
      if (next === null) return { found: true as const, value: result };
      checkComposition(deck, next);
      const state = deckStateJson(next, cardsOf(id, row.cards));
      if (await writeBatched({ id, state, version: row.version })) {
        return { found: true as const, value: result };
      }
      return locked(id, change);
    },
    purge: async (before) => {
      compositions.clear();
      const r = await pool.query('DELETE FROM decks WHERE touched_at < $1', [before]);
      return r.rowCount ?? 0;
    },
    ...poolLifecycle(pool),
  };
}

interface Row {
  readonly cards: string;
  readonly state: string;
}
