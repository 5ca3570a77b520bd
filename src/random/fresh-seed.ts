import { bytesToHex } from './hex.ts';
import { randomBytes32 } from './random-bytes.ts';
import { secureRandom } from './secure.ts';
import type { RandomSource } from './source.ts';

/**
 * A new seed to deal or audit from, printed so that the run can be replayed: 32 bytes from
 * `source` (eight words, each written little-endian, as {@link randomBytes32} writes a server
 * seed) in 64 lowercase hex digits. That is the one encoding {@link parseSeed} takes as the key
 * itself rather than hashing it as a passphrase, so `chacha20(freshSeed())` draws from the 256 bits
 * drawn here and is not marked predictable, and the same text gives the same key on every
 * platform (reading the words' buffer directly would follow the machine's byte order).
 *
 * @example
 * ```ts
 * const seed = freshSeed();               // 'c0ffee…' (64 hex digits)
 * const round = deal('doudizhu', { seed }); // print `seed`: it deals this round again
 * ```
 * @throws {FairdealError} `RANDOM_UNAVAILABLE` from the secure source without Web Crypto.
 */
export function freshSeed(source: RandomSource = secureRandom): string {
  return bytesToHex(randomBytes32(source));
}
