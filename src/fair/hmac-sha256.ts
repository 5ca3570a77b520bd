import { sha256 } from '../random/sha256.ts';

const BLOCK = 64;

/**
 * HMAC-SHA-256 (RFC 2104, FIPS 198-1) over fairdeal's synchronous, browser-safe `sha256`.
 * Web Crypto has HMAC too, but only as a Promise; verify() must stay synchronous and run
 * anywhere, so we build the two-pass construction ourselves (tested against RFC 4231).
 *
 * @example
 * ```ts
 * const tag = hmacSha256(key, new TextEncoder().encode('message')); // 32 bytes
 * ```
 * @throws never.
 */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  const k = new Uint8Array(BLOCK);
  k.set(key.length > BLOCK ? sha256(key) : key);
  const inner = new Uint8Array(BLOCK + message.length);
  const outer = new Uint8Array(BLOCK + 32);
  for (let i = 0; i < BLOCK; i++) {
    inner[i] = (k[i] as number) ^ 0x36;
    outer[i] = (k[i] as number) ^ 0x5c;
  }
  inner.set(message, BLOCK);
  outer.set(sha256(inner), BLOCK);
  return sha256(outer);
}
