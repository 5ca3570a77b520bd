import type { RandomSource } from '../../random/source.ts';
import type { CatalogEntry } from './catalog-entry.ts';
import { randomDouble } from './random-double.ts';

/**
 * The draw-and-retry idea with the range fixed (`* n`): 百度文库's first method as document 001
 * describes it ("抽到空牌则重复抽" — draw again when you hit an empty slot). Uniform — each accepted
 * card is uniform over the cards not yet drawn — but slow: about n·H(n) draws (coupon collector),
 * each with an O(n) `indexOf`. Items are tracked by position so equal items are not confused.
 *
 * @example
 * ```ts
 * drawAndRetryFull.run([1, 2, 3], chacha20('seed')); // a new array, input untouched
 * ```
 */
export const drawAndRetryFull: CatalogEntry = {
  name: 'draw-and-retry-full',
  title: 'Draw and retry, full range',
  sources: [
    {
      document: '001',
      calls: '随机抽牌，放在另一组；再次抽取，抽到空牌则重复抽',
    },
    { document: '003', calls: '方法一：硬幹 (with * 52 instead of * 51)' },
  ],
  time: 'O(n² log n) expected',
  space: 'O(n)',
  uniform: true,
  why: 'Each accepted draw is uniform over the cards not yet drawn (rejection of the drawn ones), which is exactly Fisher–Yates; the cost is the coupon-collector retries.',
  terminates: true,
  growth: 'n² log n',
  run<T>(cards: T[], source?: RandomSource): T[] {
    const random = randomDouble(source);
    const n = cards.length;
    const drawn: number[] = [];
    while (drawn.length !== n) {
      const idx = Math.floor(random() * n);
      if (drawn.indexOf(idx) !== -1) continue;
      drawn.push(idx);
    }
    return drawn.map((i) => cards[i] as T);
  },
};
