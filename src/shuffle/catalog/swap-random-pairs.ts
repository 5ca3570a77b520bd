import type { RandomSource } from '../../random/source.ts';
import type { CatalogEntry } from './catalog-entry.ts';
import { randomDouble } from './random-double.ts';

/**
 * 百度文库's swap method as document 001 quotes it: "随机交换两个位置，共交换n次，n越大，越接近随机"
 * (swap two random positions, n times). Document 001 rejects it because some cards are never
 * touched; the code is not shown, so this is the plain reading: n swaps of two uniform positions.
 *
 * @example
 * ```ts
 * const deck = [1, 2, 3, 4];
 * swapRandomPairs.run(deck, chacha20('seed')) === deck; // true: in place
 * ```
 */
export const swapRandomPairs: CatalogEntry = {
  name: 'swap-random-pairs',
  title: 'Swap two random positions n times',
  sources: [
    {
      document: '001',
      calls: '《百度文库-洗牌算法》换牌思路：随机交换两个位置，共交换n次',
    },
  ],
  time: 'O(n)',
  space: 'O(1)',
  uniform: false,
  why: 'A card is left untouched by all n swaps with probability (1 − 2/n)^n ≈ e^−2 ≈ 13.5%, far above the 1/n of staying put in a uniform shuffle; (n²)^n paths cannot split evenly over n! orders either.',
  terminates: true,
  growth: 'n',
  run<T>(arr: T[], source?: RandomSource): T[] {
    const random = randomDouble(source);
    const n = arr.length;
    for (let k = 0; k < n; k++) {
      const a = Math.floor(random() * n);
      const b = Math.floor(random() * n);
      const temp = arr[a] as T;
      arr[a] = arr[b] as T;
      arr[b] = temp;
    }
    return arr;
  },
};
