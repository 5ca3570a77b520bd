import { WASM_MAX_BLOCKS, wasmChaCha20Blocks } from './chacha20-wasm.ts';

/**
 * Calls for fewer blocks stay in scalar code: assembling and compiling the module costs about 2 ms
 * once, more than the scalar code spends on the first refills of a source (2, 4, 8 blocks:
 * a few µs). A source that keeps drawing reaches 16-block refills (256 words) and pays it once
 * per process; one deal never does (in Node, node:crypto takes over at 64 blocks anyway).
 */
const WASM_MIN_BLOCKS = 16;

/**
 * The ChaCha20 block function of RFC 8439 §2.3, portable (no platform crypto): writes `blocks`
 * consecutive blocks, counters `counter`, `counter + 1` …, as 16 little-endian state words each,
 * into `out` from `offset`.
 *
 * The words are the keystream read as little-endian 32-bit integers (§2.4: the keystream is the
 * serialized state), which is exactly how `chacha20()` hands them out, so no byte shuffling is
 * needed. From 16 blocks on, groups of four go to WebAssembly SIMD where it runs (chacha20-wasm.ts,
 * about 2× the scalar code), the rest to {@link scalarChaCha20Blocks}; both give the same words.
 *
 * @param key the 256-bit key as 8 little-endian words.
 * @param counter the 32-bit block counter of the first block; `counter + blocks` ≤ 2^32 (the
 *   caller's limit: §2.4's counter does not wrap within a stream).
 * @param nonce the 96-bit nonce as 3 little-endian words.
 * @param out receives `blocks × 16` words from `offset`.
 * @example
 * ```ts
 * const keyWords = new Uint32Array(8); // the all-zero key
 * const out = new Uint32Array(64);
 * chacha20Blocks(keyWords, 0, new Uint32Array(3), out, 0, 4); // blocks 0…3
 * ```
 */
export function chacha20Blocks(
  key: Uint32Array,
  counter: number,
  nonce: Uint32Array,
  out: Uint32Array,
  offset: number,
  blocks: number,
): void {
  let done = 0;
  const wasm = blocks >= WASM_MIN_BLOCKS ? wasmChaCha20Blocks() : undefined;
  if (wasm !== undefined) {
    while (blocks - done >= 4) {
      const n = Math.min((blocks - done) & ~3, WASM_MAX_BLOCKS);
      wasm(key, counter + done, nonce, out, offset + done * 16, n);
      done += n;
    }
  }
  if (done < blocks) {
    scalarChaCha20Blocks(key, counter + done, nonce, out, offset + done * 16, blocks - done);
  }
}

/**
 * The ChaCha20 block function of RFC 8439 §2.3, portable (no platform crypto): writes `blocks`
 * consecutive blocks, counters `counter`, `counter + 1` …, as 16 little-endian state words each,
 * into `out` from `offset`.
 *
 * The words are the keystream read as little-endian 32-bit integers (§2.4: the keystream is the
 * serialized state), which is exactly how `chacha20()` hands them out, so no byte shuffling is
 * needed. This is the scalar code, which runs everywhere; why it is shaped this way (issue 11):
 * - many blocks per call, the key and nonce read once into locals: one refill is one call and
 *   allocates nothing;
 * - the 20 rounds unrolled into locals, which V8 keeps in registers (a loop over a Uint32Array is
 *   about 3× slower);
 * - every sum truncated with `| 0`, so V8 stays in int32 arithmetic and stores raw words (a sum
 *   ≥ 2^31 left as a double costs a conversion per store).
 *
 * @param key the 256-bit key as 8 little-endian words.
 * @param counter the 32-bit block counter of the first block; `counter + blocks` ≤ 2^32 (the
 *   caller's limit: §2.4's counter does not wrap within a stream).
 * @param nonce the 96-bit nonce as 3 little-endian words.
 * @param out receives `blocks × 16` words from `offset`.
 * @example
 * ```ts
 * const keyWords = new Uint32Array(8); // the all-zero key
 * const out = new Uint32Array(64);
 * scalarChaCha20Blocks(keyWords, 0, new Uint32Array(3), out, 0, 4); // blocks 0…3
 * ```
 */
export function scalarChaCha20Blocks(
  key: Uint32Array,
  counter: number,
  nonce: Uint32Array,
  out: Uint32Array,
  offset: number,
  blocks: number,
): void {
  // §2.3: "expand 32-byte k" constants, then key, counter, nonce.
  const j0 = 0x61707865;
  const j1 = 0x3320646e;
  const j2 = 0x79622d32;
  const j3 = 0x6b206574;
  const j4 = key[0]! | 0;
  const j5 = key[1]! | 0;
  const j6 = key[2]! | 0;
  const j7 = key[3]! | 0;
  const j8 = key[4]! | 0;
  const j9 = key[5]! | 0;
  const j10 = key[6]! | 0;
  const j11 = key[7]! | 0;
  const j13 = nonce[0]! | 0;
  const j14 = nonce[1]! | 0;
  const j15 = nonce[2]! | 0;
  for (let b = 0; b < blocks; b++) {
    const j12 = (counter + b) | 0;
    let x0 = j0;
    let x1 = j1;
    let x2 = j2;
    let x3 = j3;
    let x4 = j4;
    let x5 = j5;
    let x6 = j6;
    let x7 = j7;
    let x8 = j8;
    let x9 = j9;
    let x10 = j10;
    let x11 = j11;
    let x12 = j12;
    let x13 = j13;
    let x14 = j14;
    let x15 = j15;
    for (let i = 0; i < 10; i++) {
      // Column round (§2.2: QUARTERROUND(0,4,8,12) … (3,7,11,15)); each step is §2.1's quarter round.
      x0 = (x0 + x4) | 0;
      x12 ^= x0;
      x12 = (x12 << 16) | (x12 >>> 16);
      x8 = (x8 + x12) | 0;
      x4 ^= x8;
      x4 = (x4 << 12) | (x4 >>> 20);
      x0 = (x0 + x4) | 0;
      x12 ^= x0;
      x12 = (x12 << 8) | (x12 >>> 24);
      x8 = (x8 + x12) | 0;
      x4 ^= x8;
      x4 = (x4 << 7) | (x4 >>> 25);

      x1 = (x1 + x5) | 0;
      x13 ^= x1;
      x13 = (x13 << 16) | (x13 >>> 16);
      x9 = (x9 + x13) | 0;
      x5 ^= x9;
      x5 = (x5 << 12) | (x5 >>> 20);
      x1 = (x1 + x5) | 0;
      x13 ^= x1;
      x13 = (x13 << 8) | (x13 >>> 24);
      x9 = (x9 + x13) | 0;
      x5 ^= x9;
      x5 = (x5 << 7) | (x5 >>> 25);

      x2 = (x2 + x6) | 0;
      x14 ^= x2;
      x14 = (x14 << 16) | (x14 >>> 16);
      x10 = (x10 + x14) | 0;
      x6 ^= x10;
      x6 = (x6 << 12) | (x6 >>> 20);
      x2 = (x2 + x6) | 0;
      x14 ^= x2;
      x14 = (x14 << 8) | (x14 >>> 24);
      x10 = (x10 + x14) | 0;
      x6 ^= x10;
      x6 = (x6 << 7) | (x6 >>> 25);

      x3 = (x3 + x7) | 0;
      x15 ^= x3;
      x15 = (x15 << 16) | (x15 >>> 16);
      x11 = (x11 + x15) | 0;
      x7 ^= x11;
      x7 = (x7 << 12) | (x7 >>> 20);
      x3 = (x3 + x7) | 0;
      x15 ^= x3;
      x15 = (x15 << 8) | (x15 >>> 24);
      x11 = (x11 + x15) | 0;
      x7 ^= x11;
      x7 = (x7 << 7) | (x7 >>> 25);

      // Diagonal round: QUARTERROUND(0,5,10,15), (1,6,11,12), (2,7,8,13), (3,4,9,14).
      x0 = (x0 + x5) | 0;
      x15 ^= x0;
      x15 = (x15 << 16) | (x15 >>> 16);
      x10 = (x10 + x15) | 0;
      x5 ^= x10;
      x5 = (x5 << 12) | (x5 >>> 20);
      x0 = (x0 + x5) | 0;
      x15 ^= x0;
      x15 = (x15 << 8) | (x15 >>> 24);
      x10 = (x10 + x15) | 0;
      x5 ^= x10;
      x5 = (x5 << 7) | (x5 >>> 25);

      x1 = (x1 + x6) | 0;
      x12 ^= x1;
      x12 = (x12 << 16) | (x12 >>> 16);
      x11 = (x11 + x12) | 0;
      x6 ^= x11;
      x6 = (x6 << 12) | (x6 >>> 20);
      x1 = (x1 + x6) | 0;
      x12 ^= x1;
      x12 = (x12 << 8) | (x12 >>> 24);
      x11 = (x11 + x12) | 0;
      x6 ^= x11;
      x6 = (x6 << 7) | (x6 >>> 25);

      x2 = (x2 + x7) | 0;
      x13 ^= x2;
      x13 = (x13 << 16) | (x13 >>> 16);
      x8 = (x8 + x13) | 0;
      x7 ^= x8;
      x7 = (x7 << 12) | (x7 >>> 20);
      x2 = (x2 + x7) | 0;
      x13 ^= x2;
      x13 = (x13 << 8) | (x13 >>> 24);
      x8 = (x8 + x13) | 0;
      x7 ^= x8;
      x7 = (x7 << 7) | (x7 >>> 25);

      x3 = (x3 + x4) | 0;
      x14 ^= x3;
      x14 = (x14 << 16) | (x14 >>> 16);
      x9 = (x9 + x14) | 0;
      x4 ^= x9;
      x4 = (x4 << 12) | (x4 >>> 20);
      x3 = (x3 + x4) | 0;
      x14 ^= x3;
      x14 = (x14 << 8) | (x14 >>> 24);
      x9 = (x9 + x14) | 0;
      x4 ^= x9;
      x4 = (x4 << 7) | (x4 >>> 25);
    }
    // §2.3: add the input state to the output, word by word.
    const at = offset + b * 16;
    out[at + 0] = (x0 + j0) | 0;
    out[at + 1] = (x1 + j1) | 0;
    out[at + 2] = (x2 + j2) | 0;
    out[at + 3] = (x3 + j3) | 0;
    out[at + 4] = (x4 + j4) | 0;
    out[at + 5] = (x5 + j5) | 0;
    out[at + 6] = (x6 + j6) | 0;
    out[at + 7] = (x7 + j7) | 0;
    out[at + 8] = (x8 + j8) | 0;
    out[at + 9] = (x9 + j9) | 0;
    out[at + 10] = (x10 + j10) | 0;
    out[at + 11] = (x11 + j11) | 0;
    out[at + 12] = (x12 + j12) | 0;
    out[at + 13] = (x13 + j13) | 0;
    out[at + 14] = (x14 + j14) | 0;
    out[at + 15] = (x15 + j15) | 0;
  }
}

/**
 * One ChaCha20 block (RFC 8439 §2.3): {@link chacha20Blocks} for a single block.
 *
 * @example
 * ```ts
 * const keyWords = new Uint32Array(8); // the all-zero key
 * const nonceWords = new Uint32Array(3);
 * const out = new Uint32Array(16);
 * chacha20Block(keyWords, 1, nonceWords, out, 0); // RFC 8439 Appendix A.1's test vector #2
 * ```
 */
export function chacha20Block(
  key: Uint32Array,
  counter: number,
  nonce: Uint32Array,
  out: Uint32Array,
  offset: number,
): void {
  chacha20Blocks(key, counter, nonce, out, offset, 1);
}

/**
 * RFC 8439 §2.3's key words: the 32 key bytes as eight little-endian 32-bit words, written into
 * `out`. Read byte by byte: a DataView would ask for `key.buffer`, which moves a small typed
 * array's bytes out of V8's heap into a buffer of their own.
 *
 * @example
 * ```ts
 * const words = new Uint32Array(8);
 * keyWordsInto(new Uint8Array(32).fill(1), words); // every word 0x01010101
 * ```
 */
export function keyWordsInto(key: Uint8Array, out: Uint32Array): void {
  for (let i = 0; i < 8; i++) {
    const o = i * 4;
    out[i] = key[o]! | (key[o + 1]! << 8) | (key[o + 2]! << 16) | (key[o + 3]! << 24);
  }
}
