import type { RandomSource } from '../../index.ts';
import { toShuffled } from '../../index.ts';
import { composeDeck } from './compose-deck.ts';
import type { DeckState } from './deck-state.ts';

/** What a new deck is made of (already validated by the parameters). */
export interface NewDeckOptions {
  readonly deckCount: number;
  readonly jokers: boolean;
  /** Valid Deck of Cards codes for a partial deck; absent for full decks. */
  readonly codes?: readonly string[] | undefined;
  readonly shuffle: boolean;
}

/**
 * A new deck with this id: unshuffled in the reference's order, or shuffled with `source`.
 *
 * @example
 * ```ts
 * newDeck('abc', { deckCount: 1, jokers: false, shuffle: false }, secureRandom).stack[0]; // 'AS'
 * ```
 * @throws never for validated options.
 */
export function newDeck(id: string, options: NewDeckOptions, source: RandomSource): DeckState {
  const cards = composeDeck(options.deckCount, options.jokers, options.codes);
  return {
    id,
    cards,
    stack: options.shuffle ? toShuffled(cards, source) : cards.slice(),
    drawn: [],
    piles: {},
    shuffled: options.shuffle,
    made: {
      deckCount: options.deckCount,
      jokers: options.jokers,
      partial: options.codes !== undefined,
    },
  };
}
