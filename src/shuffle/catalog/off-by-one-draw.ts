import type { RandomSource } from '../../random/source.ts';
import type { CatalogEntry } from './catalog-entry.ts';
import { randomDouble } from './random-double.ts';

/**
 * Document 003, 方法二「隨機抽牌」: `for (let left = 51; left >= 0; left--)` with
 * `Math.floor(Math.random() * left)` — one short: with left + 1 cards remaining it draws from the
 * first `left` only, so the last remaining card is never drawn until it is the only one. The
 * original last card therefore ALWAYS ends last. Like the document, it empties the input array
 * ("一直在破壞原有的牌組陣列") and returns the new pile. 51 is n − 1 here.
 *
 * @example
 * ```ts
 * offByOneDraw.run([1, 2, 3], chacha20('seed')).at(-1); // 3, always
 * ```
 */
export const offByOneDraw: CatalogEntry = {
  name: 'off-by-one-draw',
  title: 'Off-by-one draw (`Math.random() * left`)',
  sources: [{ document: '003', calls: '方法二：隨機抽牌' }],
  time: 'O(n²)',
  space: 'O(n)',
  uniform: false,
  why: 'Each draw covers only the first `left` of the left + 1 remaining cards, so the original last card is never drawn early: it always ends in the last position, and the other cards are never there.',
  terminates: true,
  growth: 'n²',
  run<T>(cards: T[], source?: RandomSource): T[] {
    const random = randomDouble(source);
    const shuffledCards: T[] = [];
    for (let left = cards.length - 1; left >= 0; left--) {
      const idx = Math.floor(random() * left);
      const card = cards[idx] as T;
      cards.splice(idx, 1);
      shuffledCards.push(card);
    }
    return shuffledCards;
  },
};
