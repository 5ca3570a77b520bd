import type { DeckState } from '../deck/deck-state.ts';

/**
 * A deck's base as a store holds it parsed: the deck as of the change that wrote its base row
 * (schema/migration-8-deck-bases.ts), with its composition resolved, the composition as made
 * (what `deckStateJson` leaves out of the row), and the version that wrote it.
 */
export interface DeckBase {
  readonly version: number;
  readonly asMade: readonly string[];
  readonly deck: DeckState;
}

/**
 * Parses a base row (`deck_bases.state`) and the composition as made (`deck_cards.cards`).
 *
 * @example
 * ```ts
 * const base = parseBase(3, row.state, row.cards);
 * ```
 * @throws {SyntaxError} if a row is not JSON (a database fairdeal did not write).
 */
export function parseBase(version: number, stateJson: string, cardsJson: string): DeckBase {
  const asMade = Object.freeze(JSON.parse(cardsJson) as string[]);
  const state = JSON.parse(stateJson) as Omit<DeckState, 'cards'> & {
    readonly cards?: readonly string[];
  };
  return { version, asMade, deck: { ...state, cards: state.cards ?? asMade } };
}

/**
 * The deck `dealt` draws after its base: the first `dealt` cards of the base's stack moved, in
 * order, to the end of its drawn cards — what those draws did (deck/draw-cards.ts).
 *
 * @example
 * ```ts
 * deckAt(base, 2).drawn.slice(-2); // the base's two top cards
 * ```
 * @throws {Error} if `dealt` is more than the base's stack holds (a row fairdeal did not write).
 */
export function deckAt(base: DeckBase, dealt: number): DeckState {
  const deck = base.deck;
  if (dealt === 0) return deck;
  if (!(Number.isSafeInteger(dealt) && dealt > 0 && dealt <= deck.stack.length)) {
    throw new Error(`deck ${deck.id}: ${dealt} cards dealt from a stack of ${deck.stack.length}`);
  }
  return {
    ...deck,
    stack: deck.stack.slice(dealt),
    drawn: deck.drawn.concat(deck.stack.slice(0, dealt)),
  };
}
