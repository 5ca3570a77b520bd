import type { DeckState } from '../deck/deck-state.ts';
import type { Change } from './change.ts';

/**
 * Where decks live. Asynchronous at the interface (a PostgreSQL store needs it), atomic per call:
 * `withDeck` loads a deck, applies a pure change and saves it in one transaction, so concurrent
 * requests can never lose a write or deal a card twice.
 *
 * @example
 * ```ts
 * const drawn = await store.withDeck(id, (deck) => {
 *   const r = drawCards(deck, 2);
 *   return { next: r.state, result: r.cards };
 * });
 * ```
 */
export interface Store {
  /** Saves a new deck; false if its id is taken (the caller draws another). */
  createDeck(deck: DeckState): Promise<boolean>;
  /** A deck as it is now, or undefined. Reads do not count as touches (no purge reprieve). */
  readDeck(id: string): Promise<DeckState | undefined>;
  /**
   * Applies `change` to the deck atomically; `{ found: false }` if there is no such deck. An error
   * thrown by `change` rolls the transaction back and propagates.
   */
  withDeck<T>(
    id: string,
    change: (deck: DeckState) => Change<DeckState, T>,
  ): Promise<{ found: true; value: T } | { found: false }>;
  /** Deletes decks not changed since `before` (ms since the epoch); returns how many. */
  purge(before: number): Promise<number>;
  /** Whether the store answers (for /healthz). */
  ping(): Promise<boolean>;
  /** Finishes: no call after this. */
  close(): Promise<void>;
}
