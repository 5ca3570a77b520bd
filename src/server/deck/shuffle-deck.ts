import type { RandomSource } from '../../index.ts';
import { toShuffled } from '../../index.ts';
import type { DeckState } from './deck-state.ts';

/**
 * Reshuffles a deck. In full (the default) every card comes back, piles are deleted and the
 * whole composition is shuffled; with `remainingOnly` only the undrawn stack is shuffled, and
 * drawn cards and piles stay where they are.
 *
 * @example
 * ```ts
 * shuffleDeck(deck, false, secureRandom).stack.length === deck.cards.length; // true
 * ```
 * @throws never.
 */
export function shuffleDeck(
  state: DeckState,
  remainingOnly: boolean,
  source: RandomSource,
): DeckState {
  if (remainingOnly) return { ...state, stack: toShuffled(state.stack, source), shuffled: true };
  return {
    ...state,
    stack: toShuffled(state.cards, source),
    drawn: [],
    piles: {},
    shuffled: true,
  };
}
