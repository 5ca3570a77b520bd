import type { RandomSource } from './source.ts';

/**
 * 32 bytes from a random source — a server seed or a salt: eight words, each written
 * little-endian (the bytes a little-endian `new Uint8Array(words.buffer)` shows, on every
 * platform). Copied out by hand because reading `.buffer` of a small typed array makes V8 move it
 * off its heap, which cost more than the draw itself (issue 11).
 *
 * @example
 * ```ts
 * const salt = randomBytes32(secureRandom);
 * ```
 * @throws whatever the source throws (`RANDOM_UNAVAILABLE` for the secure one).
 */
export function randomBytes32(source: RandomSource): Uint8Array {
  const words = new Uint32Array(8);
  source.fillUint32(words);
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    const w = words[i]!;
    out[4 * i] = w & 0xff;
    out[4 * i + 1] = (w >>> 8) & 0xff;
    out[4 * i + 2] = (w >>> 16) & 0xff;
    out[4 * i + 3] = w >>> 24;
    words[i] = 0;
  }
  return out;
}
