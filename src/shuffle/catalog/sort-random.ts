import type { RandomSource } from '../../random/source.ts';
import type { CatalogEntry } from './catalog-entry.ts';
import { randomDouble } from './random-double.ts';

/**
 * `array.sort(() => Math.random() - 0.5)`, the one-liner every teacher has to debunk (issue 4).
 * A comparator must be consistent; a random one makes the result depend on the engine's sort
 * (V8: TimSort with binary insertion for short runs), which compares far fewer than log2(n!) times
 * per order and so cannot reach the orders evenly. In place.
 *
 * @example
 * ```ts
 * const deck = [1, 2, 3];
 * sortRandom.run(deck, chacha20('seed')) === deck; // true: in place
 * ```
 */
export const sortRandom: CatalogEntry = {
  name: 'sort-random',
  title: '`sort(() => Math.random() - 0.5)`',
  sources: [{ document: 'issue 4', calls: 'sort(() => Math.random() - 0.5)' }],
  time: 'O(n log n)',
  space: 'O(1) (engine sort)',
  uniform: false,
  why: 'A random comparator is inconsistent, so the outcome depends on the sort algorithm; insertion and merge steps stop early, leaving cards near where they started (in V8, for 52 cards, the first card is far too likely to stay near the top).',
  terminates: true,
  growth: 'n log n',
  run<T>(arr: T[], source?: RandomSource): T[] {
    const random = randomDouble(source);
    return arr.sort(() => random() - 0.5);
  },
};
