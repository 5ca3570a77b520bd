import { IndexDrawer } from '../random/index-drawer.ts';
import { secureRandom } from '../random/secure.ts';
import type { RandomSource } from '../random/source.ts';
import { fisherYates } from './fisher-yates.ts';
import { assertShuffleable, type TypedArray } from './shuffleable.ts';

/**
 * `k` distinct items of `array` (distinct positions), in random order — a partial Fisher–Yates:
 * exactly the first `k` items of `toShuffled(array, source)` for the same seeded source, computed
 * in O(k) time and space (a sparse map of displaced positions) when k is small against the length.
 *
 * @param array an Array or a TypedArray (not modified); other array-likes are refused.
 * @param k how many items: an integer with 0 ≤ k ≤ array.length.
 * @param source where randomness comes from (default: {@link secureRandom}).
 * @example
 * ```ts
 * sample(buildDeck('standard-52'), 5); // a poker hand
 * const tickets = Uint32Array.from({ length: 1_000_000 }, (_, i) => i + 1);
 * sample(tickets, 3, chacha20('draw 7')); // three winning numbers, O(3) draws
 * ```
 * @throws {TypeError} if `array` is not an Array or TypedArray, or `k` is not a number.
 * @throws {RangeError} if `k` is not an integer in [0, array.length].
 */
export function sample<T>(array: readonly T[], k: number, source?: RandomSource): T[];
export function sample(
  array: BigInt64Array | BigUint64Array,
  k: number,
  source?: RandomSource,
): bigint[];
export function sample(
  array: Exclude<TypedArray, BigInt64Array | BigUint64Array>,
  k: number,
  source?: RandomSource,
): number[];
export function sample<T>(
  array: readonly T[] | TypedArray,
  k: number,
  source: RandomSource = secureRandom,
): T[] {
  assertShuffleable(array, 'sample: array', false);
  if (typeof k !== 'number') throw new TypeError(`sample: k must be a number, got ${typeof k}`);
  const n = array.length;
  if (!Number.isInteger(k) || k < 0 || k > n) {
    throw new RangeError(`sample: k must be an integer in [0, ${n}], got ${k}`);
  }
  if (k * 8 >= n) {
    // Dense: copying is cheaper than a map once k is a sizeable share of n.
    const copy = Array.from(array as ArrayLike<T>);
    fisherYates(copy, Math.min(k, n - 1), source);
    copy.length = k;
    return copy;
  }
  // Sparse: the same draws as fisherYates, on a virtual array of original indices where only
  // displaced positions are stored.
  const moved = new Map<number, number>();
  const drawer = new IndexDrawer(source);
  const out: T[] = new Array(k);
  for (let i = 0; i < k; i++) {
    const j = i + drawer.next(n - i);
    const item = moved.get(j) ?? j;
    moved.set(j, moved.get(i) ?? i);
    out[i] = (array as ArrayLike<T>)[item]!;
  }
  return out;
}
