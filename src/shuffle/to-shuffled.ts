import { secureRandom } from '../random/secure.ts';
import type { RandomSource } from '../random/source.ts';
import { fisherYates, WHOLE } from './fisher-yates.ts';
import { assertShuffleable, type TypedArray } from './shuffleable.ts';

/**
 * A shuffled copy of `array`; the input is left untouched (like `Array.prototype.toSorted`).
 * For the same seeded source it equals what {@link shuffle} does in place.
 *
 * @param array an Array (readonly or frozen is fine: it is only read) or a TypedArray; an
 *   array-like is not accepted (pass `Array.from(x)`).
 * @param source where randomness comes from (default: {@link secureRandom}).
 * @example
 * ```ts
 * const deck = buildDeck('standard-54');
 * const dealt = toShuffled(deck);   // deck keeps its canonical order
 * ```
 * @throws {TypeError} if `array` is not an Array or TypedArray.
 */
export function toShuffled<T>(array: readonly T[], source?: RandomSource): T[];
export function toShuffled<A extends TypedArray>(array: A, source?: RandomSource): A;
export function toShuffled(
  array: readonly unknown[] | TypedArray,
  source: RandomSource = secureRandom,
): unknown[] | TypedArray {
  assertShuffleable(array, 'toShuffled: array', false);
  const copy = array.slice();
  fisherYates(copy, WHOLE, source);
  return copy;
}
