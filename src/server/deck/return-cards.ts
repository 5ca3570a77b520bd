import { ApiError } from './api-error.ts';
import type { DeckState } from './deck-state.ts';
import { takeByCode } from './take-by-code.ts';

/** A change that may refuse part of a list: the new state and the codes not applied. */
export interface PartialResult {
  readonly state: DeckState;
  readonly rejected: readonly string[];
}

/**
 * Puts drawn cards that are in no pile back at the bottom of the stack: all of them in the deck's
 * unshuffled order (its composition's: the reference returns `[x for x in deck_contents if x not
 * in use]`), or one card per listed code in the list's order. A listed code with no such card
 * (never drawn, in a pile, or asked twice with one copy out) is reported in `rejected` and
 * changes nothing.
 *
 * @example
 * ```ts
 * returnCards(deck, ['AS', 'AS']).rejected; // ['AS'] when one AS was drawn
 * returnCards(deck, undefined).state.stack.slice(-2); // ['AS', 'KH'] when KH then AS were drawn
 * ```
 * @throws never.
 */
export function returnCards(state: DeckState, codes: readonly string[] | undefined): PartialResult {
  if (codes === undefined) {
    const out = new Set(state.drawn);
    const back = state.cards.filter((id) => out.has(id));
    return { state: { ...state, stack: state.stack.concat(back), drawn: [] }, rejected: [] };
  }
  const { taken, rest, missing } = takeByCode(state.drawn, codes, false);
  return {
    state: { ...state, stack: state.stack.concat(taken), drawn: rest },
    rejected: missing,
  };
}

/**
 * Puts a pile's cards (all, or one per listed code) back at the bottom of the stack: all of them
 * in the pile's order, bottom first, listed ones in the list's order, as the reference's
 * `stack.extend` does. The pile stays, possibly empty.
 *
 * @example
 * ```ts
 * returnPile(deck, 'discard', undefined).state.piles.discard; // []
 * ```
 * @throws {ApiError} 404 `PILE_NOT_FOUND` if the deck has no such pile.
 */
export function returnPile(
  state: DeckState,
  name: string,
  codes: readonly string[] | undefined,
): PartialResult {
  const pile = pileOf(state, name);
  const { taken, rest, missing } =
    codes === undefined
      ? { taken: pile.slice(), rest: [], missing: [] }
      : takeByCode(pile, codes, true);
  return {
    state: {
      ...state,
      stack: state.stack.concat(taken),
      piles: { ...state.piles, [name]: rest },
    },
    rejected: missing,
  };
}

/**
 * The pile of this name.
 *
 * @example
 * ```ts
 * pileOf(deck, 'p1').length;
 * ```
 * @throws {ApiError} 404 `PILE_NOT_FOUND` with the reference's message.
 */
export function pileOf(state: DeckState, name: string): readonly string[] {
  const pile = Object.hasOwn(state.piles, name) ? state.piles[name] : undefined;
  if (pile === undefined) {
    throw new ApiError(404, 'PILE_NOT_FOUND', `The pile, ${name} does not exist.`);
  }
  return pile;
}
