import type { RandomSource } from '../../random/source.ts';
import type { CatalogEntry } from './catalog-entry.ts';
import { randomDouble } from './random-double.ts';

/**
 * Document 003, 方法三「隨機交換」 exactly as printed: `Object.assign({}, cards)` (which makes a plain
 * OBJECT with keys "0" … "51", not an array: no `length`, no array methods), then for every i a
 * swap with `Math.floor(Math.random() * 51)` — any position except the last. 51 is n − 1 here.
 * `run` turns the object back into an array (the document's caller would have had to, too).
 *
 * @example
 * ```ts
 * swapAny51.run([1, 2, 3], chacha20('seed')); // a new array
 * ```
 */
export const swapAny51: CatalogEntry = {
  name: 'swap-any-51',
  title: 'Swap every position with any position but the last (`* 51`)',
  sources: [{ document: '003', calls: '方法三：隨機交換 (code as printed)' }],
  time: 'O(n)',
  space: 'O(n)',
  uniform: false,
  why: 'The naive n^n swap bias, plus `* 51` never picks the last slot as a target: the last position is only filled by the final swap (i = 51), and that swap always sends the card there away, so the original last card can never end last.',
  terminates: true,
  growth: 'n',
  run<T>(cards: T[], source?: RandomSource): T[] {
    const random = randomDouble(source);
    const n = cards.length;
    // The document's copy: an object, not an array (its one-line quirk, kept on purpose).
    const shuffledCards: Record<number, T> = Object.assign({}, cards);
    for (let i = 0; i < n; i++) {
      const idx = Math.floor(random() * (n - 1));
      const temp = shuffledCards[idx] as T;
      shuffledCards[idx] = shuffledCards[i] as T;
      shuffledCards[i] = temp;
    }
    return Array.from({ ...shuffledCards, length: n });
  },
};
