/** The codes a deck is made of from a `cards` list, and those it leaves out. */
export interface DeckCodes {
  readonly codes: readonly string[];
  readonly dropped: readonly string[];
}

const isJoker = (code: string): boolean => code === 'X1' || code === 'X2';

/**
 * The codes of a `cards` list that a deck is made of, as the reference's `Deck.open_new` keeps
 * them: the jokers `X1`, `X2` only when the deck has jokers enabled (its valid codes are
 * `CARDS + JOKERS` then, `CARDS` otherwise). The codes must already be valid Deck of Cards codes.
 *
 * @example
 * ```ts
 * deckCodes(['AS', 'X1'], false); // { codes: ['AS'], dropped: ['X1'] }
 * ```
 * @throws never.
 */
export function deckCodes(codes: readonly string[], jokers: boolean): DeckCodes {
  if (jokers) return { codes, dropped: [] };
  return { codes: codes.filter((c) => !isJoker(c)), dropped: codes.filter(isJoker) };
}
