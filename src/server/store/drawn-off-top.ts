import type { DeckState } from '../deck/deck-state.ts';

/**
 * How many cards `next` drew off the top of `deck`'s stack and nothing else — the stack's first
 * n cards appended to the drawn ones, in order; piles, composition and the rest untouched —
 * or undefined for any other change (which rewrites the base). Compares the cards themselves,
 * not just the lengths: a reshuffle of the remaining cards or a return keeps lengths that a
 * draw could have made, and storing it as a draw would deal the wrong cards.
 *
 * @example
 * ```ts
 * drawnOffTop(deck, drawCards(deck, 2).state); // 2
 * drawnOffTop(deck, shuffleDeck(deck, true, source)); // undefined
 * ```
 * @throws never.
 */
export function drawnOffTop(deck: DeckState, next: DeckState): number | undefined {
  const n = deck.stack.length - next.stack.length;
  const drawn = deck.drawn.length;
  if (
    n < 0 ||
    next.drawn.length !== drawn + n ||
    next.id !== deck.id ||
    next.piles !== deck.piles ||
    next.cards !== deck.cards ||
    next.shuffled !== deck.shuffled ||
    next.made !== deck.made ||
    Object.keys(next).length !== Object.keys(deck).length
  ) {
    return undefined;
  }
  for (let i = 0; i < next.stack.length; i++) {
    if (next.stack[i] !== deck.stack[i + n]) return undefined;
  }
  for (let i = 0; i < drawn; i++) if (next.drawn[i] !== deck.drawn[i]) return undefined;
  for (let i = 0; i < n; i++) if (next.drawn[drawn + i] !== deck.stack[i]) return undefined;
  return n;
}
