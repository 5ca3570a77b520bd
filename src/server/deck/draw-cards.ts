import type { DeckState } from './deck-state.ts';

/**
 * The reference's overdraw message, for deck and pile draws alike (clients match on it).
 *
 * @example
 * ```ts
 * notEnough(5); // 'Not enough cards remaining to draw 5 additional'
 * ```
 * @throws never.
 */
export function notEnough(n: number): string {
  return `Not enough cards remaining to draw ${n} additional`;
}

/** The result of a draw: the new state, the cards handed out, and whether all were there. */
export interface DrawResult {
  readonly state: DeckState;
  readonly cards: readonly string[];
  /** False when fewer cards remained than asked: the reference then hands out the rest. */
  readonly complete: boolean;
}

/**
 * Draws `count` cards from the top of the stack into `drawn`. Asking for more than remains hands
 * out the rest with `complete: false`, as the reference does; a count of 0 draws nothing.
 *
 * @example
 * ```ts
 * drawCards(deck, 2).cards; // the two top cards
 * ```
 * @throws {RangeError} if `count` is not a non-negative integer (the parameters never pass one).
 */
export function drawCards(state: DeckState, count: number): DrawResult {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError('count must be ≥ 0');
  const n = Math.min(count, state.stack.length);
  const cards = state.stack.slice(0, n);
  if (n === 0) return { state, cards, complete: count === 0 };
  return {
    state: { ...state, stack: state.stack.slice(n), drawn: state.drawn.concat(cards) },
    cards,
    complete: n === count,
  };
}
