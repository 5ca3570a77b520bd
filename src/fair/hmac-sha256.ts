import { sha256 } from '../random/sha256.ts';

const BLOCK = 64;

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
  const scratch = new Uint8Array(BLOCK + Math.max(message.length, 32));
  const inner = scratch.subarray(0, BLOCK + message.length);
  for (let i = 0; i < BLOCK; i++) inner[i] = (k[i] ?? 0) ^ 0x36;
  for (let i = 0; i < message.length; i++) inner[BLOCK + i] = message[i]!;
  const innerHash = hash(inner);
  const outer = scratch.subarray(0, BLOCK + 32);
  for (let i = 0; i < BLOCK; i++) outer[i] = (k[i] ?? 0) ^ 0x5c;
  for (let i = 0; i < 32; i++) outer[BLOCK + i] = innerHash[i]!;
  const tag = hash(outer);
  // The padded key is the secret key in disguise, and the message may hold seeds: wipe both.
  for (let i = 0; i < scratch.length; i++) scratch[i] = 0;
  return tag;
}
