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
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

// §5.3.3: initial hash value.
const H0 = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));

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

/** The message schedule, the last one or two padded blocks and the state, reused:
 *  `portableSha256` calls nothing that could re-enter it (no method of its input), so one scratch
 *  space serves every call — no allocation but the 32-byte result. Zeroed after each call. */
const W = new Int32Array(64);
const TAIL = new Uint8Array(128);
const STATE = new Int32Array(8);

/** SHA-256 in portable code (FIPS 180-4 §6.2), what {@link sha256} runs outside Node. */
export function portableSha256(data: Uint8Array): Uint8Array {
  for (let i = 0; i < 8; i++) STATE[i] = H0[i]!;
  // Whole 64-byte blocks straight from the input; the rest, with §5.1.1's padding (0x80, zeros,
  // the bit length as a 64-bit big-endian integer), from TAIL.
  const whole = data.length & ~63;
  for (let at = 0; at < whole; at += 64) compress(data, at);
  const rest = data.length - whole;
  const tailLength = rest + 9 <= 64 ? 64 : 128;
  for (let i = 0; i < rest; i++) TAIL[i] = data[whole + i]!;
  TAIL[rest] = 0x80;
  const bitLength = data.length * 8;
  writeWord(TAIL, tailLength - 8, Math.floor(bitLength / 2 ** 32));
  writeWord(TAIL, tailLength - 4, bitLength >>> 0);
  compress(TAIL, 0);
  if (tailLength === 128) compress(TAIL, 64);
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) writeWord(out, i * 4, STATE[i]!);
  // Hashes here are keys and commitments: nothing of them stays behind in the scratch space.
  // Plain loops, not fill/set, which a patched prototype could watch.
  for (let i = 0; i < 128; i++) TAIL[i] = 0;
  for (let i = 0; i < 64; i++) W[i] = 0;
  for (let i = 0; i < 8; i++) STATE[i] = 0;
  return out;
}

function writeWord(bytes: Uint8Array, at: number, word: number): void {
  bytes[at] = word >>> 24;
  bytes[at + 1] = word >>> 16;
  bytes[at + 2] = word >>> 8;
  bytes[at + 3] = word;
}

/** §6.2.2: one 64-byte block of `bytes` at `at` into STATE. */
function compress(bytes: Uint8Array, at: number): void {
  const w = W;
  for (let t = 0; t < 16; t++) {
    const o = at + t * 4;
    w[t] = (bytes[o]! << 24) | (bytes[o + 1]! << 16) | (bytes[o + 2]! << 8) | bytes[o + 3]!;
  }
  for (let t = 16; t < 64; t++) {
    const w15 = w[t - 15]!;
    const w2 = w[t - 2]!;
    const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
    const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
    w[t] = (w[t - 16]! + s0 + w[t - 7]! + s1) | 0;
  }
  const h = STATE;
  let a = h[0]!;
  let b = h[1]!;
  let c = h[2]!;
  let d = h[3]!;
  let e = h[4]!;
  let f = h[5]!;
  let g = h[6]!;
  let hh = h[7]!;
  for (let t = 0; t < 64; t++) {
    const s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
    const ch = (e & f) ^ (~e & g);
    const t1 = (hh + s1 + ch + K[t]! + w[t]!) | 0;
    const s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (s0 + maj) | 0;
    hh = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] = (h[0]! + a) | 0;
  h[1] = (h[1]! + b) | 0;
  h[2] = (h[2]! + c) | 0;
  h[3] = (h[3]! + d) | 0;
  h[4] = (h[4]! + e) | 0;
  h[5] = (h[5]! + f) | 0;
  h[6] = (h[6]! + g) | 0;
  h[7] = (h[7]! + hh) | 0;
}
