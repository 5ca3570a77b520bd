/**
 * SHA-256 (FIPS 180-4), synchronous and portable.
 *
 * Why not Web Crypto: `crypto.subtle.digest` is asynchronous, and seeding (`chacha20('my seed')`)
 * and fair-deal verification must be synchronous and identical in Node and browsers. In Node the
 * digest comes from node:crypto's one-shot `hash` (the same bytes, about 3× faster on the short
 * inputs of a fair deal: seeds, commitments, transcripts); elsewhere from the portable code
 * below. Both are checked against the NIST vectors and each other in sha256.test.ts.
 */

// FIPS 180-4 §4.2.2: first 32 bits of the fractional parts of the cube roots of the first 64 primes.
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/**
 * The SHA-256 digest of `data`.
 *
 * @example
 * ```ts
 * sha256(new TextEncoder().encode('abc')); // ba7816bf…f20015ad (32 bytes)
 * ```
 * @throws {TypeError} if `data` is not a Uint8Array.
 */
export function sha256(data: Uint8Array): Uint8Array {
  if (!(data instanceof Uint8Array)) {
    throw new TypeError('sha256: data must be a Uint8Array');
  }
  return native === undefined ? portableSha256(data) : native(data);
}

/**
 * node:crypto's one-shot SHA-256, if this platform has it, copied into a plain Uint8Array (not a
 * Buffer, which may share Node's pool and compares differently). Reached through
 * `process.getBuiltinModule` (Node ≥ 22.3) so that browsers and bundlers load this module as is.
 *
 * The digest is asked for as a `'binary'` (= latin1) string — one char per byte, U+0000…U+00FF,
 * which is exactly what Node's latin1 decoder makes of bytes — and copied out by char code: on
 * the pinned Node 24 a `'buffer'` result measured 1.2 µs per short message and the string
 * 0.45 µs, and a fair hand hashes 11 short messages (issue 11).
 */
const native = ((): ((data: Uint8Array) => Uint8Array) | undefined => {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const crypto = proc?.getBuiltinModule?.('node:crypto') as
    | typeof import('node:crypto')
    | undefined;
  if (crypto === undefined || typeof crypto.hash !== 'function') return undefined;
  const hash = crypto.hash;
  return (data) => {
    const digest = hash('sha256', data, 'binary');
    const out = new Uint8Array(32);
    for (let i = 0; i < 32; i++) out[i] = digest.charCodeAt(i);
    return out;
  };
})();

/** The state and the last one or two padded blocks, reused: `portableSha256` calls nothing that
 *  could re-enter it (no method of its input), so one scratch space serves every call — no
 *  allocation but the 32-byte result. Zeroed after each call. */
const STATE = new Int32Array(8);
const TAIL = new Uint8Array(128);

/** SHA-256 in portable code (FIPS 180-4 §6.2), what {@link sha256} runs outside Node.
 *
 * @example
 * ```ts
 * portableSha256(new TextEncoder().encode('abc')); // ba7816bf…f20015ad, as sha256 gives
 * ```
 * @throws never (a non-Uint8Array is {@link sha256}'s to refuse).
 */
export function portableSha256(data: Uint8Array): Uint8Array {
  const s = STATE;
  // §5.3.3: the initial hash value (Int32Array stores each as its 32-bit pattern).
  s[0] = 0x6a09e667;
  s[1] = 0xbb67ae85;
  s[2] = 0x3c6ef372;
  s[3] = 0xa54ff53a;
  s[4] = 0x510e527f;
  s[5] = 0x9b05688c;
  s[6] = 0x1f83d9ab;
  s[7] = 0x5be0cd19;
  // Whole 64-byte blocks straight from the input, no copy; the rest, with §5.1.1's padding (0x80,
  // zeros, the bit length as a 64-bit big-endian integer), from TAIL.
  const n = data.length;
  const whole = n & ~63;
  compress(data, 0, whole);
  const rest = n - whole;
  const tailLength = rest < 56 ? 64 : 128;
  const tail = TAIL;
  for (let i = 0; i < rest; i++) tail[i] = data[whole + i]!;
  tail[rest] = 0x80;
  writeWord(tail, tailLength - 8, Math.floor(n / 2 ** 29)); // the bit length's high word
  writeWord(tail, tailLength - 4, n << 3);
  compress(tail, 0, tailLength);
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) writeWord(out, i * 4, s[i]!);
  // Hashes here are keys and commitments: nothing of them stays behind in the scratch space.
  // Plain loops, not fill/set, which a patched prototype could watch. Only the tail's bytes this
  // call wrote: the rest was zero when it began, as every call leaves it.
  for (let i = 0; i < tailLength; i++) tail[i] = 0;
  for (let i = 0; i < 8; i++) s[i] = 0;
  return out;
}

function writeWord(bytes: Uint8Array, at: number, word: number): void {
  bytes[at] = word >>> 24;
  bytes[at + 1] = word >>> 16;
  bytes[at + 2] = word >>> 8;
  bytes[at + 3] = word;
}

/**
 * §6.2.2 on the 64-byte blocks of `bytes` from `at` to `end`, into STATE. Why it looks like this:
 * in Chromium this code is two fifths of a fair deal and of its verify (Web Crypto has no
 * synchronous digest), and written as the standard's loops (a 64-word schedule array, `K[t]`,
 * eight moves per round) it ran ~250 ns a block on V8. Here the working variables and the
 * 16-word window of the schedule (§6.2.2 step 1 needs W[t−2], W[t−7], W[t−15], W[t−16] only:
 * `wj` holds W[t] for t ≡ j mod 16) are locals the compiler keeps in registers, and sixteen
 * rounds are written out so that each names its variables in their rotated places instead of
 * moving eight of them: ~185 ns a block, byte-identical (sha256.test.ts: NIST vectors, random
 * lengths to 10,000 against node:crypto). Σ/σ are the rotations of §4.1.2, written inline: as
 * small functions they pushed this one past V8's inlining budget and it ran 4× slower. Ch is
 * `g ^ (e & (f ^ g))` and Maj `(a & b) ^ (c & (a ^ b))`, the same functions with fewer operations.
 */
// biome-ignore format: one line per step of the unrolled rounds reads better than the formatter's five.
function compress(bytes: Uint8Array, at: number, end: number): void {
  const k = K;
  const s = STATE;
  let h0 = s[0]!, h1 = s[1]!, h2 = s[2]!, h3 = s[3]!, h4 = s[4]!, h5 = s[5]!, h6 = s[6]!, h7 = s[7]!;
  for (; at < end; at += 64) {
    let w0 = (bytes[at + 0]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!;
    let w1 = (bytes[at + 4]! << 24) | (bytes[at + 5]! << 16) | (bytes[at + 6]! << 8) | bytes[at + 7]!;
    let w2 = (bytes[at + 8]! << 24) | (bytes[at + 9]! << 16) | (bytes[at + 10]! << 8) | bytes[at + 11]!;
    let w3 = (bytes[at + 12]! << 24) | (bytes[at + 13]! << 16) | (bytes[at + 14]! << 8) | bytes[at + 15]!;
    let w4 = (bytes[at + 16]! << 24) | (bytes[at + 17]! << 16) | (bytes[at + 18]! << 8) | bytes[at + 19]!;
    let w5 = (bytes[at + 20]! << 24) | (bytes[at + 21]! << 16) | (bytes[at + 22]! << 8) | bytes[at + 23]!;
    let w6 = (bytes[at + 24]! << 24) | (bytes[at + 25]! << 16) | (bytes[at + 26]! << 8) | bytes[at + 27]!;
    let w7 = (bytes[at + 28]! << 24) | (bytes[at + 29]! << 16) | (bytes[at + 30]! << 8) | bytes[at + 31]!;
    let w8 = (bytes[at + 32]! << 24) | (bytes[at + 33]! << 16) | (bytes[at + 34]! << 8) | bytes[at + 35]!;
    let w9 = (bytes[at + 36]! << 24) | (bytes[at + 37]! << 16) | (bytes[at + 38]! << 8) | bytes[at + 39]!;
    let w10 = (bytes[at + 40]! << 24) | (bytes[at + 41]! << 16) | (bytes[at + 42]! << 8) | bytes[at + 43]!;
    let w11 = (bytes[at + 44]! << 24) | (bytes[at + 45]! << 16) | (bytes[at + 46]! << 8) | bytes[at + 47]!;
    let w12 = (bytes[at + 48]! << 24) | (bytes[at + 49]! << 16) | (bytes[at + 50]! << 8) | bytes[at + 51]!;
    let w13 = (bytes[at + 52]! << 24) | (bytes[at + 53]! << 16) | (bytes[at + 54]! << 8) | bytes[at + 55]!;
    let w14 = (bytes[at + 56]! << 24) | (bytes[at + 57]! << 16) | (bytes[at + 58]! << 8) | bytes[at + 59]!;
    let w15 = (bytes[at + 60]! << 24) | (bytes[at + 61]! << 16) | (bytes[at + 62]! << 8) | bytes[at + 63]!;
    let a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7;
    let t = 0, x = 0, y = 0;
    for (let r = 0; r < 64; r += 16) {
      if (r !== 0) {
        // §6.2.2 step 1 for t = r … r + 15: W[t] = σ1(W[t−2]) + W[t−7] + σ0(W[t−15]) + W[t−16].
        x = w1; y = w14;
        w0 = (w0 + (((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3)) + w9 + (((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10))) | 0;
        x = w2; y = w15;
        w1 = (w1 + (((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3)) + w10 + (((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10))) | 0;
        x = w3; y = w0;
        w2 = (w2 + (((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3)) + w11 + (((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10))) | 0;
        x = w4; y = w1;
        w3 = (w3 + (((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3)) + w12 + (((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10))) | 0;
        x = w5; y = w2;
        w4 = (w4 + (((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3)) + w13 + (((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10))) | 0;
        x = w6; y = w3;
        w5 = (w5 + (((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3)) + w14 + (((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10))) | 0;
        x = w7; y = w4;
        w6 = (w6 + (((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3)) + w15 + (((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10))) | 0;
        x = w8; y = w5;
        w7 = (w7 + (((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3)) + w0 + (((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10))) | 0;
        x = w9; y = w6;
        w8 = (w8 + (((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3)) + w1 + (((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10))) | 0;
        x = w10; y = w7;
        w9 = (w9 + (((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3)) + w2 + (((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10))) | 0;
        x = w11; y = w8;
        w10 = (w10 + (((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3)) + w3 + (((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10))) | 0;
        x = w12; y = w9;
        w11 = (w11 + (((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3)) + w4 + (((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10))) | 0;
        x = w13; y = w10;
        w12 = (w12 + (((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3)) + w5 + (((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10))) | 0;
        x = w14; y = w11;
        w13 = (w13 + (((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3)) + w6 + (((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10))) | 0;
        x = w15; y = w12;
        w14 = (w14 + (((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3)) + w7 + (((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10))) | 0;
        x = w0; y = w13;
        w15 = (w15 + (((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3)) + w8 + (((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10))) | 0;
      }
      t = (h + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) + (g ^ (e & (f ^ g))) + k[r + 0]! + w0) | 0;
      d = (d + t) | 0;
      h = (t + (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) + ((a & b) ^ (c & (a ^ b)))) | 0;
      t = (g + (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) + (f ^ (d & (e ^ f))) + k[r + 1]! + w1) | 0;
      c = (c + t) | 0;
      g = (t + (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) + ((h & a) ^ (b & (h ^ a)))) | 0;
      t = (f + (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) + (e ^ (c & (d ^ e))) + k[r + 2]! + w2) | 0;
      b = (b + t) | 0;
      f = (t + (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) + ((g & h) ^ (a & (g ^ h)))) | 0;
      t = (e + (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) + (d ^ (b & (c ^ d))) + k[r + 3]! + w3) | 0;
      a = (a + t) | 0;
      e = (t + (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) + ((f & g) ^ (h & (f ^ g)))) | 0;
      t = (d + (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) + (c ^ (a & (b ^ c))) + k[r + 4]! + w4) | 0;
      h = (h + t) | 0;
      d = (t + (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) + ((e & f) ^ (g & (e ^ f)))) | 0;
      t = (c + (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) + (b ^ (h & (a ^ b))) + k[r + 5]! + w5) | 0;
      g = (g + t) | 0;
      c = (t + (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) + ((d & e) ^ (f & (d ^ e)))) | 0;
      t = (b + (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) + (a ^ (g & (h ^ a))) + k[r + 6]! + w6) | 0;
      f = (f + t) | 0;
      b = (t + (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) + ((c & d) ^ (e & (c ^ d)))) | 0;
      t = (a + (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) + (h ^ (f & (g ^ h))) + k[r + 7]! + w7) | 0;
      e = (e + t) | 0;
      a = (t + (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) + ((b & c) ^ (d & (b ^ c)))) | 0;
      t = (h + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) + (g ^ (e & (f ^ g))) + k[r + 8]! + w8) | 0;
      d = (d + t) | 0;
      h = (t + (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) + ((a & b) ^ (c & (a ^ b)))) | 0;
      t = (g + (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) + (f ^ (d & (e ^ f))) + k[r + 9]! + w9) | 0;
      c = (c + t) | 0;
      g = (t + (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) + ((h & a) ^ (b & (h ^ a)))) | 0;
      t = (f + (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) + (e ^ (c & (d ^ e))) + k[r + 10]! + w10) | 0;
      b = (b + t) | 0;
      f = (t + (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) + ((g & h) ^ (a & (g ^ h)))) | 0;
      t = (e + (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) + (d ^ (b & (c ^ d))) + k[r + 11]! + w11) | 0;
      a = (a + t) | 0;
      e = (t + (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) + ((f & g) ^ (h & (f ^ g)))) | 0;
      t = (d + (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) + (c ^ (a & (b ^ c))) + k[r + 12]! + w12) | 0;
      h = (h + t) | 0;
      d = (t + (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) + ((e & f) ^ (g & (e ^ f)))) | 0;
      t = (c + (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) + (b ^ (h & (a ^ b))) + k[r + 13]! + w13) | 0;
      g = (g + t) | 0;
      c = (t + (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) + ((d & e) ^ (f & (d ^ e)))) | 0;
      t = (b + (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) + (a ^ (g & (h ^ a))) + k[r + 14]! + w14) | 0;
      f = (f + t) | 0;
      b = (t + (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) + ((c & d) ^ (e & (c ^ d)))) | 0;
      t = (a + (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) + (h ^ (f & (g ^ h))) + k[r + 15]! + w15) | 0;
      e = (e + t) | 0;
      a = (t + (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) + ((b & c) ^ (d & (b ^ c)))) | 0;
    }
    h0 = (h0 + a) | 0; h1 = (h1 + b) | 0; h2 = (h2 + c) | 0; h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0; h5 = (h5 + f) | 0; h6 = (h6 + g) | 0; h7 = (h7 + h) | 0;
  }
  s[0] = h0; s[1] = h1; s[2] = h2; s[3] = h3; s[4] = h4; s[5] = h5; s[6] = h6; s[7] = h7;
}
