import type { RandomSource } from '../../random/source.ts';
import type { CatalogEntry } from './catalog-entry.ts';
import { randomDouble } from './random-double.ts';

/**
 * Document 001 `shuffle_insert` (插牌法优化版), the inside-out Fisher–Yates: card i goes to the end,
 * then trades places with a uniform slot of [0, i]. The document fills `arr` with the numbers
 * 0 … m−1; here it is filled with the input's cards. Uniform, O(n), builds a new array.
 *
 * @example
 * ```ts
 * insideOut.run([1, 2, 3], chacha20('seed')); // a new array
 * ```
 */
export const insideOut: CatalogEntry = {
  name: 'inside-out',
  title: 'Inside-out',
  sources: [{ document: '001', calls: 'shuffle_insert 插牌法优化版' }],
  time: 'O(n)',
  space: 'O(n)',
  uniform: true,
  why: "The document's own induction proof: after step i the first i + 1 cards are a uniform order, each of the i + 1 choices giving a distinct order.",
  terminates: true,
  growth: 'n',
  run<T>(cards: T[], source?: RandomSource): T[] {
    const random = randomDouble(source);
    const m = cards.length;
    const arr = new Array<T>(m);
    if (m === 0) return arr;
    arr[0] = cards[0] as T;
    for (let i = 1; i < m; i++) {
      const rnd = Math.floor(random() * (i + 1));
      arr[i] = arr[rnd] as T;
      arr[rnd] = cards[i] as T;
    }
    return arr;
  },
};
