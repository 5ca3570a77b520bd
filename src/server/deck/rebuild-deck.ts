import type { RandomSource } from '../../index.ts';
import { toShuffled } from '../../index.ts';
import { composeDeck } from './compose-deck.ts';
import { deckCodes } from './deck-codes.ts';
import { codeOf, type DeckRecipe, type DeckState } from './deck-state.ts';

/** What a reshuffle asks to change: each absent part keeps the deck's own. */
export interface Rebuild {
  /** `jokers_enabled`, if given. */
  readonly jokers?: boolean | undefined;
  /** The valid codes of a `cards` list, if given (jokers among them are kept or dropped here). */
  readonly codes?: readonly string[] | undefined;
}

/** A rebuilt deck, and the codes of `cards` it left out (jokers without `jokers_enabled`). */
export interface Rebuilt {
  readonly state: DeckState;
  readonly dropped: readonly string[];
}

/**
 * A full reshuffle that remakes the deck, as the reference's reshuffle runs its new-deck code on
 * the existing deck: every card back, the piles gone, and the composition made again from the
 * deck's own `deckCount` with `cards` (a partial deck, jokers only if enabled) or, without
 * `cards`, the deck's own cards — a full deck with or without the jokers as `jokers_enabled`
 * says, a partial deck's cards as they were. Then the whole deck is shuffled.
 *
 * @example
 * ```ts
 * rebuildDeck(deck, { codes: ['AS', '2S'] }, secureRandom).state.cards; // ['AS', '2S'] for one deck
 * rebuildDeck(deck, { jokers: true }, secureRandom).state.cards.length; // 54 for a full deck
 * ```
 * @throws never (the caller bounds the size: a `cards` list × `deckCount`).
 */
export function rebuildDeck(state: DeckState, how: Rebuild, source: RandomSource): Rebuilt {
  const was = recipeOf(state);
  const jokers = how.jokers ?? was.jokers;
  const listed = how.codes === undefined ? undefined : deckCodes(how.codes, jokers);
  const partial = listed !== undefined || was.partial;
  let cards: readonly string[];
  if (listed !== undefined) cards = composeDeck(was.deckCount, jokers, listed.codes);
  else if (was.partial) cards = state.cards;
  else cards = composeDeck(was.deckCount, jokers);
  // The same composition stays the same value: a store then has no new composition to keep.
  if (sameCards(cards, state.cards)) cards = state.cards;
  return {
    state: {
      ...state,
      cards,
      stack: toShuffled(cards, source),
      drawn: [],
      piles: {},
      shuffled: true,
      made: { deckCount: was.deckCount, jokers, partial },
    },
    dropped: listed?.dropped ?? [],
  };
}

function sameCards(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

// A deck stored before its recipe was kept: a full deck is recognised by its composition; any
// other is partial, with as many decks as its codes repeat (`AS,2S` × 3 is three decks; `AS,AS`
// once cannot be told from `AS` twice, and is counted as two — the same cards either way).
function recipeOf(state: DeckState): DeckRecipe {
  if (state.made !== undefined) return state.made;
  const codes = state.cards.map(codeOf);
  const jokers = codes.includes('X1') || codes.includes('X2');
  const perDeck = jokers ? 54 : 52;
  const full = state.cards.length / perDeck;
  if (Number.isInteger(full) && full >= 1 && sameCards(composeDeck(full, jokers), state.cards)) {
    return { deckCount: full, jokers, partial: false };
  }
  for (let n = 20; n > 1; n--) {
    const p = codes.length / n;
    if (Number.isInteger(p) && p > 0 && codes.every((c, i) => c === codes[i % p])) {
      return { deckCount: n, jokers, partial: true };
    }
  }
  return { deckCount: 1, jokers, partial: true };
}
