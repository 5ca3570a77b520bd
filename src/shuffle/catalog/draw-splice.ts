import type { RandomSource } from '../../random/source.ts';
import type { CatalogEntry } from './catalog-entry.ts';
import { randomDouble } from './random-double.ts';

/**
 * Document 001 `shuffle_pick_1` (抽牌法): draw a uniform index of the remaining cards, push it onto
 * a new pile and `splice` it out. Document 002 shows the same in C# (`list.RemoveAt`) and calls it
 * Fisher_Yates. Uniform; O(n²) because each splice shifts the tail.
 *
 * @example
 * ```ts
 * drawSplice.run(['a', 'b', 'c'], chacha20('seed')); // a new array; the input is untouched
 * ```
 */
export const drawSplice: CatalogEntry = {
  name: 'draw-splice',
  title: 'Draw with splice',
  sources: [
    { document: '001', calls: 'shuffle_pick_1 抽牌法' },
    { document: '002', calls: 'Fisher_Yates算法 (List.RemoveAt)' },
  ],
  time: 'O(n²)',
  space: 'O(n)',
  uniform: true,
  why: 'Draw k picks uniformly among the n − k remaining cards: n·(n−1)·…·1 equally likely paths, one per order.',
  terminates: true,
  growth: 'n²',
  run<T>(cards: T[], source?: RandomSource): T[] {
    const random = randomDouble(source);
    const arr = cards.slice();
    const arr2: T[] = [];
    for (let i = arr.length; i > 0; i--) {
      const rnd = Math.floor(random() * i);
      arr2.push(arr[rnd] as T);
      arr.splice(rnd, 1);
    }
    return arr2;
  },
};
