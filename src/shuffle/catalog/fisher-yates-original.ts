import type { RandomSource } from '../../random/source.ts';
import type { CatalogEntry } from './catalog-entry.ts';
import { randomDouble } from './random-double.ts';

/**
 * Document 004, 原始洗牌算法 (Fisher & Yates 1938, pencil and paper): pick k uniform in
 * 1 … remaining, count up from the low end to the k-th number not yet struck out, strike it and
 * write it down. Uniform; O(n²) for the counting.
 *
 * @example
 * ```ts
 * fisherYatesOriginal.run([1, 2, 3], chacha20('seed')); // a new array
 * ```
 */
export const fisherYatesOriginal: CatalogEntry = {
  name: 'fisher-yates-original',
  title: 'Original Fisher–Yates (strike out the k-th)',
  sources: [{ document: '004', calls: '原始洗牌算法 (Fisher–Yates shuffle 原始版)' }],
  time: 'O(n²)',
  space: 'O(n)',
  uniform: true,
  why: 'Step k picks uniformly among the n − k numbers not yet struck: n! equally likely paths, one per order.',
  terminates: true,
  growth: 'n²',
  run<T>(list1: T[], source?: RandomSource): T[] {
    const random = randomDouble(source);
    const n = list1.length;
    const struck = new Array<boolean>(n).fill(false);
    const list2: T[] = [];
    for (let remaining = n; remaining > 0; remaining--) {
      const k = Math.floor(random() * remaining) + 1;
      let j = -1;
      for (let seen = 0; seen < k; ) {
        j++;
        if (!struck[j]) seen++;
      }
      struck[j] = true;
      list2.push(list1[j] as T);
    }
    return list2;
  },
};
