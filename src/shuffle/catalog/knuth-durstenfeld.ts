import type { RandomSource } from '../../random/source.ts';
import type { CatalogEntry } from './catalog-entry.ts';
import { randomDouble } from './random-double.ts';

/**
 * Knuth–Durstenfeld (Durstenfeld 1964, Knuth TAOCP vol. 2 Algorithm P), as document 000 writes it:
 * for i from n − 1 down to 0 (the last iteration swaps 0 with itself, harmless), swap position i
 * with `getRand(0, i)`. Documents 002 and 004 show the same loop. In place, uniform, O(n).
 *
 * @example
 * ```ts
 * const deck = [1, 2, 3];
 * knuthDurstenfeld.run(deck, chacha20('seed')) === deck; // true: in place
 * ```
 */
export const knuthDurstenfeld: CatalogEntry = {
  name: 'knuth-durstenfeld',
  title: 'Knuth–Durstenfeld (backward Fisher–Yates)',
  sources: [
    { document: '000', calls: 'shuffle (从后往前遍历)' },
    { document: '002', calls: 'Knuth_Durstenfeld算法' },
    { document: '004', calls: '现代优化算法 (shuffle)' },
  ],
  time: 'O(n)',
  space: 'O(1)',
  uniform: true,
  why: 'Position i receives a uniform card among the i + 1 not yet placed: n! equally likely paths, one per order.',
  terminates: true,
  growth: 'n',
  run<T>(arr: T[], source?: RandomSource): T[] {
    const random = randomDouble(source);
    // Document 000's getRand(min, max): an integer in [min, max].
    const getRand = (min: number, max: number) => Math.floor(random() * (max - min + 1) + min);
    for (let i = arr.length - 1; i >= 0; i--) {
      const randIdx = getRand(0, i);
      [arr[randIdx], arr[i]] = [arr[i] as T, arr[randIdx] as T];
    }
    return arr;
  },
};
