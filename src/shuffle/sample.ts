import { IndexDrawer } from '../random/index-drawer.ts';
import { secureRandom } from '../random/secure.ts';
import type { RandomSource } from '../random/source.ts';
import { fisherYates } from './fisher-yates.ts';
import { assertShuffleable, type TypedArray } from './shuffleable.ts';

/**
 * `k` distinct items of `array` (distinct positions), in random order — a partial Fisher–Yates:
 * exactly the first `k` items of `toShuffled(array, source)` for the same seeded source, computed
 * in O(k) time and space (a sparse map of displaced positions) when k is small against the
 * length, and on a copy otherwise — whichever costs less.
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
  if (k <= TINY_K) return tinySample(array as ArrayLike<T>, k, source);
  if (denseIsCheaper(n, k)) {
    // Dense: a copy, shuffled in its first k positions by the pooled kernels. A TypedArray is
    // copied as itself (a memory copy, and the kernel of its family), then its k items listed.
    if (ArrayBuffer.isView(array)) {
      const copy = (array as unknown as TypedArray).slice();
      fisherYates(copy, Math.min(k, n - 1), source);
      return Array.from(copy.subarray(0, k) as ArrayLike<unknown>) as T[];
    }
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

/**
 * Which path costs less, from measured costs on Node 24 (bench/, "sample"): the dense path pays
 * a copy — about 0.3 µs, then ~1.5 ns an item while the array is cache-sized and ~8 ns beyond,
 * where the copy is fresh memory — and fast steps; the sparse path pays 100–300 ns a step for
 * its map, more as the map outgrows the cache (200 taken). So three winners from a million are
 * sparse, and at n = 1,000,000 the switch sits near k = 40,000, where both cost about the same
 * (no jump in cost at the switch; at k = 50,000 the map was 1.3× slower than a copy).
 */
function denseIsCheaper(n: number, k: number): boolean {
  const denseNs = 300 + n * (n <= 65536 ? 1.5 : 8);
  return k * 200 >= denseNs;
}

/** Up to this many items (a poker hand, a few winners) {@link tinySample} is cheapest: no copy,
 *  no map. */
const TINY_K = 8;

/**
 * The sparse path for a handful of items: the displaced positions in two short arrays searched
 * linearly (at most k² / 2 = 32 comparisons), which costs less than a Map's hashing or a copy of
 * the array — sample(deck52, 5) runs in about the time of five draws. Same draws as the others.
 */
function tinySample<T>(array: ArrayLike<T>, k: number, source: RandomSource): T[] {
  const n = array.length;
  const keys: number[] = [];
  const values: number[] = [];
  const drawer = new IndexDrawer(source);
  const out = new Array<T>(k);
  for (let i = 0; i < k; i++) {
    // The last position has nothing left to draw (bound 1), as in the shuffle: no word read.
    const j = i < n - 1 ? i + drawer.next(n - i) : i;
    let item = j;
    let displaced = i;
    let slot = -1;
    for (let q = 0; q < keys.length; q++) {
      const key = keys[q]!;
      if (key === j) {
        item = values[q]!;
        slot = q;
      }
      if (key === i) displaced = values[q]!;
    }
    if (slot < 0) {
      keys.push(j);
      values.push(displaced);
    } else values[slot] = displaced;
    out[i] = array[item]!;
  }
  return out;
}
