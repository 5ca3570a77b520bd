import type { RandomSource } from '../../random/source.ts';
import type { CatalogEntry } from './catalog-entry.ts';
import { randomDouble } from './random-double.ts';

/**
 * Document 001 `shuffle_swap` (换牌法): for i = 0 … n−1, swap position i with a uniform position in
 * [0, i]. Document 002 shows the identical loop in C# and calls it Inside_Out. In place, uniform.
 *
 * @example
 * ```ts
 * const deck = [1, 2, 3];
 * swapForward.run(deck, chacha20('seed')) === deck; // true: shuffled in place
 * ```
 */
export const swapForward: CatalogEntry = {
  name: 'swap-forward',
  title: 'Forward swap with [0, i]',
  sources: [
    { document: '001', calls: 'shuffle_swap 换牌法' },
    {
      document: '002',
      calls: 'Inside_Out算法 (Swap(i, Random.Range(0, i + 1)))',
    },
  ],
  time: 'O(n)',
  space: 'O(1)',
  uniform: true,
  why: 'By induction: if the first i cards are a uniform order of themselves, swapping card i into a uniform slot of [0, i] makes the first i + 1 uniform (i + 1 equally likely outcomes per step, n! in all).',
  terminates: true,
  growth: 'n',
  run<T>(arr: T[], source?: RandomSource): T[] {
    const random = randomDouble(source);
    const m = arr.length;
    for (let i = 0; i < m; i++) {
      const rnd = Math.floor(random() * (i + 1));
      const temp = arr[rnd] as T;
      arr[rnd] = arr[i] as T;
      arr[i] = temp;
    }
    return arr;
  },
};
