import { isConserved } from '../deck/conserved.ts';
import type { DeckState } from '../deck/deck-state.ts';

function sameCards(a: readonly string[], b: readonly string[]): boolean {
  return a === b || (a.length === b.length && a.every((id, i) => id === b[i]));
}

/**
 * Refuses a change that alters a deck's composition other than by rebuilding it — a deck made
 * again by a reshuffle with `cards` or `jokers_enabled` (deck/rebuild-deck.ts): every card in
 * the stack, each once, nothing drawn, no pile. Any other new composition is a bug that would
 * create or lose cards, so the store rolls it back.
 *
 * @example
 * ```ts
 * checkComposition(deck, { ...deck, cards: deck.cards.slice(1) }); // throws
 * ```
 * @throws {Error} naming the composition, for such a change.
 */
export function checkComposition(deck: DeckState, next: DeckState): void {
  if (sameCards(next.cards, deck.cards)) return;
  const rebuilt =
    next.drawn.length === 0 && Object.keys(next.piles).length === 0 && isConserved(next);
  if (!rebuilt) throw new Error('a change may alter a deck’s composition only by rebuilding it');
}

/**
 * The composition a store keeps in the deck's state row: none while the deck has the one it was
 * made with (`asMade`, kept apart and written once), its own after a rebuild — so the row, read
 * in one statement, always says which cards the deck has, in every process.
 *
 * @example
 * ```ts
 * ownComposition(deck, deck.cards); // undefined
 * ```
 * @throws never.
 */
export function ownComposition(
  deck: DeckState,
  asMade: readonly string[],
): readonly string[] | undefined {
  return sameCards(deck.cards, asMade) ? undefined : deck.cards;
}

/**
 * A deck's state row as both SQL stores write it: everything but the composition, which is kept
 * apart and written once ({@link ownComposition} adds it back only for a rebuilt deck).
 *
 * @example
 * ```ts
 * update.run(deckStateJson(next, asMade), now(), id);
 * ```
 * @throws never.
 */
export function deckStateJson(deck: DeckState, asMade: readonly string[]): string {
  return JSON.stringify({
    id: deck.id,
    stack: deck.stack,
    drawn: deck.drawn,
    piles: deck.piles,
    shuffled: deck.shuffled,
    made: deck.made,
    cards: ownComposition(deck, asMade),
  });
}
