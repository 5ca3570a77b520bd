import { sha256 } from '../random/sha256.ts';
import { copyBytes, wipeBytes } from './byte-ops.ts';

const BLOCK = 64;
/** Enough for a deck-key message of any built-in preset's deck but the largest shoes. */
const SPARE_BYTES = 4096;
/** A larger scratch (a custom deck of thousands of cards) is not kept after use. */
const MAX_KEPT_BYTES = 1 << 16;

/** The scratch space HMACs lend each other, as CanonicalWriter does its buffer: allocating it
 *  per call (a typed array of more than 64 bytes lives outside V8's heap) cost as much as the
 *  two digests (issue 11). Taken while in use, so a `hash` that re-entered would get its own. */
let spare: Uint8Array | null = new Uint8Array(SPARE_BYTES);

/**
 * HMAC-SHA-256 (RFC 2104, FIPS 198-1) over fairdeal's synchronous, browser-safe `sha256`, which
 * is node:crypto's one-shot digest in Node and portable code elsewhere (the same bytes). Web
 * Crypto has HMAC too, but only as a Promise; verify() must stay synchronous and run anywhere, so
 * we build the two-pass construction ourselves (tested against RFC 4231). node:crypto's
 * `createHmac` is not used: on the short messages of a deal it measured about 4× slower than
 * these two one-shot digests (a keyed object per call).
 *
 * `hash` is for tests: the portable digest must give the same tags (hmac-sha256.test.ts).
 *
 * @example
 * ```ts
 * const tag = hmacSha256(key, new TextEncoder().encode('message')); // 32 bytes
 * ```
 * @throws never.
 */
export function hmacSha256(
  key: Uint8Array,
  message: Uint8Array,
  hash: (data: Uint8Array) => Uint8Array = sha256,
): Uint8Array {
  const k = key.length > BLOCK ? hash(key) : key;
  // One buffer for both passes: the inner message, then (its start) the outer one.
  const size = BLOCK + Math.max(message.length, 32);
  let scratch = spare;
  if (scratch === null || scratch.length < size) scratch = new Uint8Array(size);
  else spare = null;
  try {
    for (let i = 0; i < BLOCK; i++) scratch[i] = (k[i] ?? 0) ^ 0x36;
    copyBytes(scratch, message, BLOCK);
    const innerHash = hash(scratch.subarray(0, BLOCK + message.length));
    for (let i = 0; i < BLOCK; i++) scratch[i] = (k[i] ?? 0) ^ 0x5c;
    copyBytes(scratch, innerHash, BLOCK);
    return hash(scratch.subarray(0, BLOCK + 32));
  } finally {
    // The padded key is the secret key in disguise, and the message may hold seeds: wipe both.
    wipeBytes(scratch, 0, size);
    if (spare === null && scratch.length >= SPARE_BYTES && scratch.length <= MAX_KEPT_BYTES) {
      spare = scratch;
    }
  }
}
