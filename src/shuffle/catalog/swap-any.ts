import type { RandomSource } from '../../random/source.ts';
import type { CatalogEntry } from './catalog-entry.ts';
import { randomDouble } from './random-double.ts';

/**
 * Document 003, 方法三「隨機交換」 as the text describes it: "幫每張牌隨機選一個新位置" — swap every
 * position i with ANY position (`* n`). The classic naive shuffle (Jeff Atwood, "The Danger of
 * Naïveté", 2007). See `swap-any-51` for the document's code as printed (`* 51`).
 *
 * @example
 * ```ts
 * const deck = [1, 2, 3];
 * swapAny.run(deck, chacha20('seed')) === deck; // true: in place
 * ```
 */
export const swapAny: CatalogEntry = {
  name: 'swap-any',
  title: 'Swap every position with any position',
  sources: [{ document: '003', calls: '方法三：隨機交換 (as described)' }],
  time: 'O(n)',
  space: 'O(1)',
  uniform: false,
  why: 'n^n equally likely swap sequences cannot split evenly over n! orders (n! does not divide n^n for n ≥ 3); cards tend to move just past their start (card i is too likely at positions just after i).',
  terminates: true,
  growth: 'n',
  run<T>(arr: T[], source?: RandomSource): T[] {
    const random = randomDouble(source);
    const n = arr.length;
    for (let i = 0; i < n; i++) {
      const idx = Math.floor(random() * n);
      const temp = arr[idx] as T;
      arr[idx] = arr[i] as T;
      arr[i] = temp;
    }
    return arr;
  },
};
