/** Document 000's deal: the landlord's kitty of 3 and three hands (each sorted by `sortCards`). */
export interface DouDizhuDeal000 {
  readonly kitty: string[];
  readonly hands: string[][];
}

/**
 * Document 000's `sortCards`, verbatim: each card gets an "equivalent value" (rank × 10 − suit,
 * jokers huge) and the hand is sorted high to low — big joker M, small joker N, 2, A, K … 3, ties
 * ♠ ♥ ♣ ♦. Sorts in place.
 *
 * @example
 * ```ts
 * sortCards000(['3_0', 'M', '2_3', '2_0']); // ['M', '2_0', '2_3', '3_0']
 * ```
 * @throws never (unknown strings sort as NaN, as in the document).
 */
export function sortCards000(cards: string[]): string[] {
  function getEqualVal(s: string): number {
    if (s === 'M') return 9999999;
    if (s === 'N') return 999999;
    let [num, type] = s.split('_') as [string, string];
    if (num === 'J') num = '11';
    if (num === 'Q') num = '12';
    if (num === 'K') num = '13';
    if (num === 'A') num = '14';
    if (num === '2') num = '15';
    return Number.parseInt(num, 10) * 10 - Number.parseInt(type, 10);
  }
  return cards.sort((a, b) => getEqualVal(b) - getEqualVal(a));
}

/**
 * Document 000's `doudizhu()` on an already shuffled deck (its `getShuffledCards()` output):
 * `splice(0, 3)` for the kitty, then `splice(0, cards.length / 3)`, `splice(0, cards.length / 2)`
 * and the rest. Right for 54 cards (17 each); with the document's own 50-card deck the fractional
 * `47 / 3` truncates and the hands come out 15, 16, 16 — {@link checkDouDizhuDeal} catches it.
 * Consumes `cards` (as the document does).
 *
 * @example
 * ```ts
 * const { kitty, hands } = dealDouDizhu000(shuffledCards);
 * ```
 * @throws never.
 */
export function dealDouDizhu000(cards: string[]): DouDizhuDeal000 {
  const dizhuCards = cards.splice(0, 3); // 地主的额外三张牌
  const playerCards: string[][] = [];
  playerCards[0] = cards.splice(0, cards.length / 3);
  playerCards[1] = cards.splice(0, cards.length / 2);
  playerCards[2] = cards;
  // 排序 (the document's forEach, written as a loop: sortCards000 returns the hand)
  for (const hand of playerCards) sortCards000(hand);
  return { kitty: dizhuCards, hands: playerCards };
}
