import type { RandomSource } from '../../random/source.ts';
import type { CatalogEntry } from './catalog-entry.ts';
import { randomDouble } from './random-double.ts';

/**
 * Document 001 `shuffle_pick` (抽牌法优化): draw a uniform index of the remaining cards, push it
 * onto a new pile and fill the hole with the last undrawn card. Uniform, O(n), O(n) extra space.
 *
 * @example
 * ```ts
 * drawMoveLast.run([1, 2, 3, 4], chacha20('seed')); // a new array
 * ```
 */
export const drawMoveLast: CatalogEntry = {
  name: 'draw-move-last',
  title: 'Draw and move the last card into the hole',
  sources: [{ document: '001', calls: 'shuffle_pick 抽牌法优化牌' }],
  time: 'O(n)',
  space: 'O(n)',
  uniform: true,
  why: 'Same draws as draw-splice (uniform among the remaining cards); only which slot holds which remaining card differs, and that does not change the probabilities.',
  terminates: true,
  growth: 'n',
  run<T>(cards: T[], source?: RandomSource): T[] {
    const random = randomDouble(source);
    const arr = cards.slice();
    const arr2: T[] = [];
    for (let i = arr.length; i > 0; ) {
      const rnd = Math.floor(random() * i);
      arr2.push(arr[rnd] as T);
      arr[rnd] = arr[--i] as T;
    }
    return arr2;
  },
};
