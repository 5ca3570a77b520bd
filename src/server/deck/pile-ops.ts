import type { RandomSource } from '../../index.ts';
import { toShuffled, uniformInt } from '../../index.ts';
import { ApiError } from './api-error.ts';
import { codeOf, type DeckState } from './deck-state.ts';
import { type DrawResult, notEnough } from './draw-cards.ts';
import type { PartialResult } from './return-cards.ts';
import { pileOf } from './return-cards.ts';
import { takeByCode } from './take-by-code.ts';

/** At most this many piles per deck (docs/SERVICE.md, "Limits"). */
export const MAX_PILES = 100;

/**
 * Moves drawn cards onto a pile (created on first use, also by an empty list), one card per code
 * in the list's order, as the reference's `pile.extend(cards)`: a drawn card in no pile first,
 * else the first such card of another pile, nearest its bottom (it moves; the reference's
 * `p.remove(card)`); one already on this pile moves to its top. Codes with no such card — still in
 * the stack, never in the deck — are reported in `rejected` instead of being ignored silently.
 *
 * @example
 * ```ts
 * addToPile(deck, 'p1', ['AS', 'ZZ']).rejected; // ['ZZ'] (and AS if it was not drawn)
 * ```
 * @throws {ApiError} 409 `TOO_MANY_PILES` when the pile would be the deck's 101st.
 */
export function addToPile(state: DeckState, name: string, codes: readonly string[]): PartialResult {
  const exists = Object.hasOwn(state.piles, name);
  if (!exists && Object.keys(state.piles).length >= MAX_PILES) {
    throw new ApiError(409, 'TOO_MANY_PILES', `A deck holds at most ${MAX_PILES} piles.`);
  }
  const drawn = state.drawn.slice();
  // No prototype: a pile may be called `__proto__` (the name rule allows it).
  const piles: Record<string, string[]> = Object.create(null);
  for (const key of Object.keys(state.piles)) piles[key] = state.piles[key]!.slice();
  const target = exists ? piles[name]! : [];
  const others = Object.keys(piles).filter((other) => other !== name);
  const rejected: string[] = [];
  for (const code of codes) {
    let from = drawn;
    let at = drawn.findIndex((id) => codeOf(id) === code);
    for (let k = 0; at === -1 && k < others.length; k++) {
      from = piles[others[k]!]!;
      at = from.findIndex((id) => codeOf(id) === code);
    }
    // A card already on this pile moves to its top, as the reference's does.
    if (at === -1) {
      from = target;
      at = target.findIndex((id) => codeOf(id) === code);
    }
    if (at === -1) rejected.push(code);
    else target.push(from.splice(at, 1)[0]!);
  }
  piles[name] = target;
  return { state: { ...state, drawn, piles }, rejected };
}

/**
 * Shuffles one pile.
 *
 * @example
 * ```ts
 * shufflePile(deck, 'p1', secureRandom).piles.p1.length; // unchanged
 * ```
 * @throws {ApiError} 404 `PILE_NOT_FOUND`.
 */
export function shufflePile(state: DeckState, name: string, source: RandomSource): DeckState {
  const pile = pileOf(state, name);
  return { ...state, piles: { ...state.piles, [name]: toShuffled(pile, source) } };
}

/** Where a pile draw takes its cards. */
export type PileDraw =
  | { readonly from: 'top' | 'bottom' | 'random'; readonly count: number }
  | { readonly codes: readonly string[] };

/**
 * Draws from a pile into the drawn cards: `count` from the top (default), the bottom or random
 * places, or exactly the listed cards. Cards come out as the reference hands them: a top or
 * bottom draw in the pile's own order (bottom first: `[…, 4S, 5S]` from the top gives
 * `['4S', '5S']`), a random draw in the order drawn. A count of 0 draws nothing (the reference
 * emptied the whole pile from its top).
 *
 * @example
 * ```ts
 * drawFromPile(deck, 'p1', { from: 'bottom', count: 1 }, secureRandom).cards; // the bottom card
 * ```
 * @throws {ApiError} 404 `PILE_NOT_FOUND`; 404 `PILE_OVERDRAWN` with the reference's message
 *   when `count` is more than the pile holds, and 404 `PILE_LACKS_CARDS` if listed cards are not
 *   all on the pile (nothing moves in either case, as in the reference).
 */
export function drawFromPile(
  state: DeckState,
  name: string,
  how: PileDraw,
  source: RandomSource,
): DrawResult {
  const pile = pileOf(state, name);
  let cards: string[];
  let rest: string[];
  if ('codes' in how) {
    // From the bottom: the reference's `p.remove(card)` takes a code's first copy, so with
    // several decks the same copy leaves and the pile keeps the same order.
    const got = takeByCode(pile, how.codes, false);
    if (got.missing.length > 0) {
      throw new ApiError(
        404,
        'PILE_LACKS_CARDS',
        `The pile, ${name} does not contain the requested cards.`,
        { rejected: got.missing },
      );
    }
    cards = got.taken;
    rest = got.rest;
  } else {
    const n = how.count;
    if (n > pile.length) throw new ApiError(404, 'PILE_OVERDRAWN', notEnough(n));
    if (how.from === 'top') {
      cards = pile.slice(pile.length - n);
      rest = pile.slice(0, pile.length - n);
    } else if (how.from === 'bottom') {
      cards = pile.slice(0, n);
      rest = pile.slice(n);
    } else {
      rest = pile.slice();
      cards = [];
      for (let i = 0; i < n; i++) cards.push(rest.splice(uniformInt(rest.length, source), 1)[0]!);
    }
  }
  if (cards.length === 0) return { state, cards, complete: true };
  return {
    state: { ...state, drawn: state.drawn.concat(cards), piles: { ...state.piles, [name]: rest } },
    cards,
    complete: true,
  };
}
