/**
 * The four suits by their one-letter codes: spades, hearts, diamonds, clubs. Letters rather than
 * symbols because every card notation fairdeal speaks (Deck of Cards API, RLCard, PBN,
 * pokersolver) spells suits with these letters.
 */
export type Suit = 'S' | 'H' | 'D' | 'C';

/**
 * Every suit, in the order of the canonical deck (Deck of Cards API order: spades, diamonds,
 * clubs, hearts — see docs/GAMES.md, "Canonical order").
 *
 * @example
 * ```ts
 * SUITS.length; // 4
 * ```
 */
export const SUITS: readonly Suit[] = Object.freeze(['S', 'D', 'C', 'H']);

/**
 * The suit symbols ♠ ♥ ♦ ♣ (U+2660, U+2665, U+2666, U+2663).
 *
 * @example
 * ```ts
 * SUIT_SYMBOLS.H; // '♥'
 * ```
 */
export const SUIT_SYMBOLS: Readonly<Record<Suit, string>> = Object.freeze({
  S: '\u2660',
  H: '\u2665',
  D: '\u2666',
  C: '\u2663',
});

/**
 * The colour of each suit: hearts and diamonds are red.
 *
 * @example
 * ```ts
 * suitColor('D'); // 'red'
 * ```
 * @throws never (the type system rules out other suits).
 */
export function suitColor(suit: Suit): 'red' | 'black' {
  return suit === 'H' || suit === 'D' ? 'red' : 'black';
}

/**
 * Whether a value is one of the four suit letters (upper case).
 *
 * @example
 * ```ts
 * isSuit('S'); // true
 * isSuit('s'); // false
 * ```
 * @throws never.
 */
export function isSuit(value: unknown): value is Suit {
  return value === 'S' || value === 'H' || value === 'D' || value === 'C';
}
