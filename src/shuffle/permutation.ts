import { secureRandom } from '../random/secure.ts';
import type { RandomSource } from '../random/source.ts';
import { fisherYates } from './fisher-yates.ts';

/**
 * A uniformly random permutation of 0 … n−1 as a `Uint32Array` — the ordering of a deck without
 * the deck (apply it with `perm.map`, or to index into any array).
 *
 * @param n the length: an integer with 0 ≤ n ≤ 2^32 − 1.
 * @param source where randomness comes from (default: {@link secureRandom}).
 * @example
 * ```ts
 * const order = permutation(52, chacha20('hand 9')); // Uint32Array of 0…51, reproducible
 * ```
 * @throws {TypeError} if `n` is not a number.
 * @throws {RangeError} if `n` is not an integer in [0, 2^32 − 1].
 */
export function permutation(n: number, source: RandomSource = secureRandom): Uint32Array {
  if (typeof n !== 'number')
    throw new TypeError(`permutation: n must be a number, got ${typeof n}`);
  if (!Number.isInteger(n) || n < 0 || n > 4294967295) {
    throw new RangeError(`permutation: n must be an integer in [0, 2^32 - 1], got ${n}`);
  }
  const p = new Uint32Array(n);
  for (let i = 0; i < n; i++) p[i] = i;
  fisherYates(p, n - 1, source);
  return p;
}
