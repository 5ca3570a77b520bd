import { reduce32 } from './lemire.ts';
import { secureRandom } from './secure.ts';
import type { RandomSource } from './source.ts';

/**
 * An integer in [0, n), every value exactly equally likely — never `x % n` or `floor(x · n)`
 * without rejection, which favour some values (with 32-bit words and n = 3·2^30, `x % n` makes
 * the first third of the range twice as likely as the rest).
 *
 * Up to 2^32 it is Lemire's nearly divisionless method on one 32-bit word (a division only when
 * the word is near rejection). Above 2^32 it takes two words (53 bits), keeps ceil(log2 n) of them
 * and rejects values ≥ n: fewer than two tries on average, still no division.
 *
 * @param n the number of possible values: a safe integer with 1 ≤ n ≤ 2^53.
 * @param source where the words come from (default: {@link secureRandom}).
 * @example
 * ```ts
 * uniformInt(6) + 1;               // a fair die
 * uniformInt(52, chacha20('s'));   // reproducible
 * ```
 * @throws {TypeError} if `n` is not a number.
 * @throws {RangeError} if `n` is not an integer in [1, 2^53].
 */
export function uniformInt(n: number, source: RandomSource = secureRandom): number {
  if (typeof n !== 'number') {
    throw new TypeError(`uniformInt: n must be a number, got ${typeof n}`);
  }
  if (!Number.isInteger(n) || n < 1 || n > 2 ** 53) {
    throw new RangeError(`uniformInt: n must be an integer in [1, 2^53], got ${n}`);
  }
  if (n <= 4294967296) {
    for (;;) {
      const value = reduce32(source.nextUint32(), n);
      if (value >= 0) return value;
    }
  }
  // 33 to 53 bits: mask the high word to the bit length of n − 1, reject values ≥ n. The bit
  // length comes from clz32 of the exact high part, not Math.log2, which rounds 2^52 + 1 down to
  // 52 and would make the top value unreachable.
  const highPart = Math.floor((n - 1) / 4294967296); // < 2^21, exact
  const highMask = 2 ** (32 - Math.clz32(highPart)) - 1;
  for (;;) {
    const value = (source.nextUint32() & highMask) * 4294967296 + source.nextUint32();
    if (value < n) return value;
  }
}
