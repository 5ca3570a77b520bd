import { checkDeck } from './check-deck.ts';

/** Dou Dizhu order, high to low: big joker, small joker, 2, A, K … 3 (founding document 000). */
const RANK_HIGH_TO_LOW = [
  'BJ',
  'SJ',
  '2',
  'A',
  'K',
  'Q',
  'J',
  '10',
  '9',
  '8',
  '7',
  '6',
  '5',
  '4',
  '3',
];
/** Ties: ♠ ♥ ♣ ♦. */
const SUIT_ORDER = ['S', 'H', 'C', 'D'];

function sortKey(code: string): number {
  if (code === 'BJ' || code === 'SJ') return RANK_HIGH_TO_LOW.indexOf(code) * 4;
  const rank = RANK_HIGH_TO_LOW.indexOf(code.slice(0, -1));
  const suit = SUIT_ORDER.indexOf(code.slice(-1));
  return rank < 0 || suit < 0 ? Number.NaN : rank * 4 + suit;
}

/**
 * Checks a Dou Dizhu deal given as neutral codes: a kitty of 3, three hands of 17, together
 * exactly the 54-card deck, each hand sorted big joker, small joker, 2, A, K … 3 with ties
 * ♠ ♥ ♣ ♦. Returns the faults found (empty when the deal is right).
 *
 * @example
 * ```ts
 * checkDouDizhuDeal({ kitty, hands }); // [] for a right deal
 * ```
 * @throws never: every fault is a line in the result.
 */
export function checkDouDizhuDeal(deal: {
  readonly kitty: readonly (string | undefined)[];
  readonly hands: readonly (readonly (string | undefined)[])[];
}): string[] {
  const faults: string[] = [];
  if (deal.kitty.length !== 3) faults.push(`kitty has ${deal.kitty.length} cards, expected 3`);
  if (deal.hands.length !== 3) faults.push(`${deal.hands.length} hands, expected 3`);
  deal.hands.forEach((hand, seat) => {
    if (hand.length !== 17) faults.push(`hand ${seat} has ${hand.length} cards, expected 17`);
    for (let i = 1; i < hand.length; i++) {
      const a = sortKey(hand[i - 1] ?? '');
      const b = sortKey(hand[i] ?? '');
      if (!(a < b)) {
        faults.push(`hand ${seat} is not sorted at ${hand[i - 1]} ${hand[i]}`);
        break;
      }
    }
  });
  const deck = checkDeck([...deal.kitty, ...deal.hands.flat()], 'standard-54');
  if (deck.missing.length > 0) faults.push(`missing cards: ${deck.missing.join(' ')}`);
  if (deck.duplicated.length > 0) faults.push(`duplicated cards: ${deck.duplicated.join(' ')}`);
  if (deck.unknown > 0) faults.push(`${deck.unknown} entries are not cards`);
  return faults;
}
