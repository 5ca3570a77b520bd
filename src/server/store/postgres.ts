import type { Pool } from 'pg';
import type { DeckState } from '../deck/deck-state.ts';
import { inTransaction, openMigratedPool, type PostgresOptions } from './postgres-pool.ts';
import type { Change, Store } from './store.ts';

export type { PostgresOptions } from './postgres-pool.ts';

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
 * Every change is one transaction that starts with `SELECT … FOR UPDATE`: the row lock makes a
 * second change of the same deck — from this process or any other — wait until the first has
 * committed and then read its result, so no write is lost and no card is dealt twice. Changes of
 * different decks do not wait for each other.
 */
function postgresStoreOn(pool: Pool, now: () => number): Store {
  // As in sqlite.ts: a composition never changes, so it is parsed once per deck in use.
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
  const toDeck = (id: string, row: { cards: string; state: string }): DeckState => ({
    ...(JSON.parse(row.state) as Omit<DeckState, 'cards'>),
    cards: cardsOf(id, row.cards),
  });
  let closed = false;

  return {
    createDeck: async (deck) => {
      const t = now();
      const r = await pool.query(
        'INSERT INTO decks (id, cards, state, version, created_at, touched_at) VALUES ($1, $2, $3, 1, $4, $4) ON CONFLICT (id) DO NOTHING',
        [deck.id, JSON.stringify(deck.cards), stateJson(deck), t],
      );
      return r.rowCount === 1;
    },
    readDeck: async (id) => {
      const r = await pool.query<{ cards: string; state: string }>(
        'SELECT cards, state FROM decks WHERE id = $1',
        [id],
      );
      const row = r.rows[0];
      return row === undefined ? undefined : toDeck(id, row);
    },
    withDeck: <T>(id: string, change: (deck: DeckState) => Change<T>) =>
      inTransaction(pool, async (client) => {
        const r = await client.query<{ cards: string; state: string }>(
          'SELECT cards, state FROM decks WHERE id = $1 FOR UPDATE',
          [id],
        );
        const row = r.rows[0];
        if (row === undefined) return { found: false as const };
        const deck = toDeck(id, row);
        const { next, result } = change(deck);
        if (next !== null) {
          if (next.cards !== deck.cards) {
            throw new Error('a change may not alter a deck’s composition');
          }
          await client.query(
            'UPDATE decks SET state = $1, version = version + 1, touched_at = $2 WHERE id = $3',
            [stateJson(next), now(), id],
          );
        }
        return { found: true as const, value: result };
      }),
    purge: async (before) => {
      compositions.clear();
      const r = await pool.query('DELETE FROM decks WHERE touched_at < $1', [before]);
      return r.rowCount ?? 0;
    },
    ping: async () => {
      if (closed) return false;
      try {
        await pool.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

function stateJson(deck: DeckState): string {
  return JSON.stringify({
    id: deck.id,
    stack: deck.stack,
    drawn: deck.drawn,
    piles: deck.piles,
    shuffled: deck.shuffled,
  });
}
