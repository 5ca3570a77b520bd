import type { Card } from '../../cards/index.ts';

/**
 * A Dou Dizhu rank as an index into the game's order, low to high: 0…11 are 3 4 5 6 7 8 9 10 J Q
 * K A, 12 is the 2, 13 the small (black) joker, 14 the big (red) joker. Suits never matter in Dou
 * Dizhu, so a play is fully described by its ranks. The order is DouZero's (3…14, 17, 20, 30:
 * `toDouzeroRank`) without its gaps; chains only ever use 0…11, so the 2 and the jokers can never
 * join one.
 */
export type RankIndex = number;

/** Number of rank indices (3 … A, 2, small joker, big joker). */
export const RANK_COUNT = 15;
/** Highest rank index a chain (straight, pair chain, airplane) may reach: the ace. */
export const CHAIN_TOP = 11;
/** Rank index of the 2. */
export const TWO = 12;
/** Rank index of the small (black) joker, 小王. */
export const SMALL_JOKER = 13;
/** Rank index of the big (red) joker, 大王. */
export const BIG_JOKER = 14;

/**
 * How each rank index is written: `3` … `10` `J` `Q` `K` `A` `2`, `BJ` (small, black joker) and
 * `RJ` (big, red joker) — the same joker codes as fairdeal's cards.
 *
 * @example
 * ```ts
 * RANK_LABELS[11]; // 'A'
 * ```
 */
export const RANK_LABELS: readonly string[] = Object.freeze([
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  'J',
  'Q',
  'K',
  'A',
  '2',
  'BJ',
  'RJ',
]);

const SUITED_INDEX: Readonly<Record<string, number>> = {
  '3': 0,
  '4': 1,
  '5': 2,
  '6': 3,
  '7': 4,
  '8': 5,
  '9': 6,
  T: 7,
  J: 8,
  Q: 9,
  K: 10,
  A: 11,
  '2': 12,
};

/**
 * The Dou Dizhu rank index of a card.
 *
 * @example
 * ```ts
 * rankIndex(parseCard('AS')); // 11
 * rankIndex(parseCard('RJ')); // 14
 * ```
 * @throws {TypeError} if `card` is not a Card.
 */
export function rankIndex(card: Card): RankIndex {
  if (card === null || typeof card !== 'object') throw new TypeError('rankIndex needs a Card');
  if (card.joker !== null) return card.joker === 'small' ? SMALL_JOKER : BIG_JOKER;
  const index = SUITED_INDEX[card.rank];
  if (index === undefined) throw new TypeError(`not a card rank: ${String(card.rank)}`);
  return index;
}

/**
 * How many cards of each rank index the cards hold (an array of 15 counts).
 *
 * @example
 * ```ts
 * rankCounts(parseCards('3S 3H RJ'))[0]; // 2
 * ```
 * @throws {TypeError} if `cards` is not an array of Cards.
 */
export function rankCounts(cards: readonly Card[]): number[] {
  if (!Array.isArray(cards)) throw new TypeError('cards must be an array of Cards');
  const counts = new Array<number>(RANK_COUNT).fill(0);
  for (const card of cards) counts[rankIndex(card)]!++;
  return counts;
}
