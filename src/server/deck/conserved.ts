import type { DeckState } from './deck-state.ts';

/**
 * Whether a deck holds each of its cards exactly once across stack, drawn cards and piles — the
 * invariant every change keeps. Used by the tests, the fuzz test and the crash test.
 *
 * @example
 * ```ts
 * isConserved(deck); // true
 * ```
 * @throws never.
 */
export function isConserved(deck: DeckState): boolean {
  const held = [...deck.stack, ...deck.drawn, ...Object.values(deck.piles).flat()];
  if (held.length !== deck.cards.length) return false;
  const want = new Set(deck.cards);
  if (want.size !== deck.cards.length) return false;
  const seen = new Set<string>();
  for (const id of held) {
    if (!want.has(id) || seen.has(id)) return false;
    seen.add(id);
  }
  return true;
}
