import { bytesToHex } from '../random/hex.ts';
import { randomBytes32 } from '../random/random-bytes.ts';
import { secureRandom } from '../random/secure.ts';
import type { RandomSource } from '../random/source.ts';

/**
 * A fresh `Idempotency-Key` for one action: 128 random bits, hex (docs/TABLES.md, "Actions":
 * 1–128 visible ASCII characters). A key names one request; its retries reuse it, a new request
 * gets a new one.
 *
 * @example
 * ```ts
 * const key = newIdempotencyKey(); // 'act-' and 32 hex digits
 * ```
 * @throws {FairdealError} `RANDOM_UNAVAILABLE` without a secure source.
 */
export function newIdempotencyKey(source: RandomSource = secureRandom): string {
  return `act-${bytesToHex(randomBytes32(source).subarray(0, 16))}`;
}
