import { FairdealError } from '../errors.ts';
import type { Card } from './card.ts';
import type { Rank } from './rank.ts';

// DouZero (kwai/DouZero, douzero/env/env.py): a Dou Dizhu card is its rank only, as an integer:
// 3…14 for 3…A, 17 for the 2, 20 for the small (black) joker 'X', 30 for the big (red) joker
// 'D'. The gaps keep 2 and the jokers out of straights. Suits do not exist there.
const RANK_TO_INT: Record<Rank, number> = {
  '3': 3,
  '4': 4,
  '5': 5,
  '6': 6,
  '7': 7,
  '8': 8,
  '9': 9,
  T: 10,
  J: 11,
  Q: 12,
  K: 13,
  A: 14,
  '2': 17,
};
const SMALL_JOKER = 20;
const BIG_JOKER = 30;

/**
 * The DouZero rank integer of a card (its suit is dropped: DouZero has none).
 *
 * @example
 * ```ts
 * toDouzeroRank(parseCard('2S')); // 17
 * toDouzeroRank(parseCard('RJ')); // 30
 * ```
 * @throws {TypeError} if `card` is not a Card.
 */
export function toDouzeroRank(card: Card): number {
  if (card === null || typeof card !== 'object') throw new TypeError('toDouzeroRank needs a Card');
  if (card.joker !== null) return card.joker === 'small' ? SMALL_JOKER : BIG_JOKER;
  return RANK_TO_INT[card.rank];
}

/**
 * A hand as DouZero holds it: rank integers in ascending order.
 *
 * @example
 * ```ts
 * toDouzeroHand(parseCards('RJ 3S 2H 3D')); // [3, 3, 17, 30]
 * ```
 * @throws {TypeError} if an element is not a Card.
 */
export function toDouzeroHand(cards: readonly Card[]): number[] {
  return cards.map(toDouzeroRank).sort((a, b) => a - b);
}

/**
 * Maps DouZero rank integers (e.g. a move chosen by an agent) back to real cards taken from
 * `pool` (e.g. the player's hand): for each integer, the first unused card of that rank in pool
 * order. Deterministic, never invents a card.
 *
 * @example
 * ```ts
 * cardsFromDouzero([3, 3], parseCards('3S 4H 3D')).map((c) => c.id); // ['3S', '3D']
 * ```
 * @throws {FairdealError} `BAD_CARD` for an integer that is no DouZero rank.
 * @throws {FairdealError} `CARD_NOT_FOUND` if the pool lacks a card of a requested rank.
 */
export function cardsFromDouzero(ranks: readonly number[], pool: readonly Card[]): Card[] {
  const used = new Set<number>();
  return ranks.map((rank) => {
    if (
      !Number.isInteger(rank) ||
      !(rank === SMALL_JOKER || rank === BIG_JOKER || Object.values(RANK_TO_INT).includes(rank))
    ) {
      throw new FairdealError('BAD_CARD', `bad DouZero rank ${String(rank)}`, { token: rank });
    }
    const index = pool.findIndex((c, i) => !used.has(i) && toDouzeroRank(c) === rank);
    if (index < 0) {
      throw new FairdealError('CARD_NOT_FOUND', `no card of DouZero rank ${rank} left in the pool`);
    }
    used.add(index);
    return pool[index]!;
  });
}
