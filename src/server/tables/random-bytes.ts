import { secureRandom } from '../../index.ts';

/**
 * `n` bytes from the library's secure source (Web Crypto), so that platform randomness is reached
 * only through src/random (docs/ARCHITECTURE.md) — tokens, table ids, IVs and keys alike.
 *
 * @example
 * ```ts
 * secureBytes(32).length; // 32
 * ```
 * @throws {RangeError} unless n is a multiple of 4 from 4 to 1024; `RANDOM_UNAVAILABLE` without Web Crypto.
 */
export function secureBytes(n: number): Buffer {
  if (!Number.isInteger(n) || n < 4 || n > 1024 || n % 4 !== 0) {
    throw new RangeError('secureBytes takes a multiple of 4 from 4 to 1024');
  }
  const words = new Uint32Array(n / 4);
  secureRandom.fillUint32(words);
  return Buffer.from(words.buffer);
}
