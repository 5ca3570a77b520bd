import type { RandomSource } from '../../random/source.ts';
import type { CatalogEntry } from './catalog-entry.ts';
import { randomDouble } from './random-double.ts';

/**
 * Document 001 `shuffle_insert_1` (插牌法): start with the first card, insert card i at a uniform
 * slot of the i + 1 slots with `splice`. The document inserts the numbers 0 … m−1; here card i of
 * the input takes the place of the number i. Uniform, O(n²) (each insertion shifts the tail).
 *
 * @example
 * ```ts
 * insertSplice.run(['a', 'b', 'c'], chacha20('seed')); // a new array
 * ```
 */
export const insertSplice: CatalogEntry = {
  name: 'insert-splice',
  title: 'Insert with splice',
  sources: [{ document: '001', calls: 'shuffle_insert_1 插牌法' }],
  time: 'O(n²)',
  space: 'O(n)',
  uniform: true,
  why: 'Card i lands in each of its i + 1 slots with equal probability: 1·2·…·n equally likely paths, one per order.',
  terminates: true,
  growth: 'n²',
  run<T>(cards: T[], source?: RandomSource): T[] {
    const random = randomDouble(source);
    const m = cards.length;
    if (m === 0) return [];
    const arr: T[] = [cards[0] as T];
    for (let i = 1; i < m; i++) {
      arr.splice(Math.floor(random() * (i + 1)), 0, cards[i] as T);
    }
    return arr;
  },
};
