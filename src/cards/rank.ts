/**
 * The thirteen ranks by their one-character codes; `T` is the ten (as in PBN, RLCard and
 * pokersolver), so every rank is exactly one character.
 */
export type Rank = 'A' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | 'T' | 'J' | 'Q' | 'K';

/**
 * Every rank in canonical deck order: ace first, then 2 … 10, jack, queen, king (the order of a
 * new Deck of Cards API deck).
 *
 * @example
 * ```ts
 * RANKS.indexOf('T'); // 9
 * ```
 */
export const RANKS: readonly Rank[] = Object.freeze([
  'A',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  'T',
  'J',
  'Q',
  'K',
]);

/**
 * The ranks from ace high down to two: the order of a bridge or poker hand, and of PBN suits
 * (PBN 2.1 §3.4.11 writes each suit's ranks as AKQJT98765432).
 *
 * @example
 * ```ts
 * RANKS_HIGH_FIRST.indexOf('K'); // 1
 * ```
 */
export const RANKS_HIGH_FIRST: readonly Rank[] = Object.freeze(['A', ...RANKS.slice(1).reverse()]);

/**
 * Whether a value is one of the thirteen rank codes (upper case, ten as `T`).
 *
 * @example
 * ```ts
 * isRank('T'); // true
 * isRank('10'); // false — parse it with parseCard instead
 * ```
 * @throws never.
 */
export function isRank(value: unknown): value is Rank {
  return typeof value === 'string' && (RANKS as readonly string[]).includes(value);
}

/**
 * The rank as people write it: `10` for the ten, the code otherwise.
 *
 * @example
 * ```ts
 * rankLabel('T'); // '10'
 * ```
 * @throws never.
 */
export function rankLabel(rank: Rank): string {
  return rank === 'T' ? '10' : rank;
}
