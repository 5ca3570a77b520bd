import type { DeckState } from '../../src/server/deck/deck-state.ts';
import type { Change } from '../../src/server/store/change.ts';
import { checkComposition } from '../../src/server/store/composition.ts';
import type { Store } from '../../src/server/store/store.ts';

/**
 * A {@link Store} in a Map, for tests: the third implementation the deck-store conformance suite
 * (test/server/store/deck-store-conformance.ts) runs against. Decks are kept as JSON text, so a
 * caller can never change a stored deck through an object it was handed (as with a real
 * database).
 *
 * @example
 * ```ts
 * const store = openMemoryStore();
 * ```
 * @throws never.
 */
export function openMemoryStore(options: { readonly now?: () => number } = {}): Store {
  const now = options.now ?? Date.now;
  const rows = new Map<string, { json: string; touched: number }>();
  let closed = false;
  const load = (id: string): DeckState | undefined => {
    const row = rows.get(id);
    return row === undefined ? undefined : (JSON.parse(row.json) as DeckState);
  };
  return {
    createDeck: async (deck) => {
      if (rows.has(deck.id)) return false;
      rows.set(deck.id, { json: JSON.stringify(deck), touched: now() });
      return true;
    },
    readDeck: async (id) => load(id),
    // Synchronous from load to save: no other call can run in between (one event loop).
    withDeck: async <T>(id: string, change: (deck: DeckState) => Change<DeckState, T>) => {
      const deck = load(id);
      if (deck === undefined) return { found: false as const };
      const { next, result } = change(deck);
      if (next !== null) {
        checkComposition(deck, next);
        rows.set(id, { json: JSON.stringify(next), touched: now() });
      }
      return { found: true as const, value: result };
    },
    purge: async (before) => {
      let n = 0;
      for (const [id, row] of rows) {
        if (row.touched < before) {
          rows.delete(id);
          n++;
        }
      }
      return n;
    },
    ping: async () => !closed,
    close: async () => {
      closed = true;
    },
  };
}
