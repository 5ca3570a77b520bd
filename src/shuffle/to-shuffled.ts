import { secureRandom } from '../random/secure.ts';
import type { RandomSource } from '../random/source.ts';
import { fisherYates } from './fisher-yates.ts';
import { assertShuffleable, type Shuffleable } from './shuffleable.ts';

/**
 * A shuffled copy of `array`; the input is left untouched (like `Array.prototype.toSorted`).
 * For the same seeded source it equals what {@link shuffle} does in place.
 *
 * @param array an Array (or array-like is not accepted: pass `Array.from(x)`) or a TypedArray.
 * @param source where randomness comes from (default: {@link secureRandom}).
 * @example
 * ```ts
 * const deck = buildDeck('standard-54');
 * const dealt = toShuffled(deck);   // deck keeps its canonical order
 * ```
 * @throws {TypeError} if `array` is not an Array or TypedArray.
 */
export function toShuffled<A extends Shuffleable>(
  array: A,
  source: RandomSource = secureRandom,
): A {
  assertShuffleable(array, 'toShuffled: array', false);
  const copy = array.slice() as A;
  fisherYates(copy, copy.length - 1, source);
  return copy;
}
