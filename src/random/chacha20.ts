import { FairdealError } from '../errors.ts';
import { BufferedSource, fusedResult } from './buffered-source.ts';
import { chacha20Blocks, keyWordsInto } from './chacha20-block.ts';
import { FUSED_MAX_STEPS, WIDE_MAX_STEPS, wasmFusedSteps, wasmWideSteps } from './chacha20-wasm.ts';
import { markPredictable } from './predictable.ts';
import { isPassphrase, parseSeed, type Seed } from './seed.ts';
import type { RandomSource } from './source.ts';

/** RFC 8439 §2.3: the block counter is 32 bits, so one stream holds 2^32 blocks (256 GiB). */
const MAX_BLOCKS = 2 ** 32;
/** Refills grow 2, 4, 8 … 64 blocks: a one-deal source computes two blocks, a long run
 *  amortizes the call. Growth never changes the stream, only how far ahead it is computed. */
const MAX_REFILL_BLOCKS = 64;
/**
 * The first refill: 2 blocks, 32 words, so that a fresh source's 52- or 54-card deck (26 or 27
 * words) is in the pool at once and the kernels' speculation reads it in one `take`
 * (src/shuffle/kernels/array.ts, `speculate`). A first refill of one block (16 words) sent every
 * such deck — a seeded `deal()`, one source per deal — through the careful loop and a second
 * refill, 3 blocks in all: 1.10–1.16× slower at 54 and 108 cards (docs/BENCHMARKS.md, "A fresh
 * seeded source's first deck"). A source used for fewer than 16 words computes one block more.
 */
const FIRST_REFILL_BLOCKS = 2;

/**
 * A seeded, reproducible random source: the RFC 8439 ChaCha20 keystream (key = the seed, block
 * counter from 0, nonce = 0x00000000 ‖ stream as 64-bit little-endian), read as little-endian
 * 32-bit words.
 *
 * Value-stable forever: the same seed and stream give the same words in every version and on every
 * platform — every seeded shuffle and deal rests on it, so snapshot tests pin it. It is also a
 * cryptographically strong generator (256-bit key), so a secret seed gives an unpredictable deck;
 * it can reach every ordering of a 52- or 54-card deck (log2(54!) ≈ 237.1 < 256 bits of key).
 *
 * @param seed 32 bytes, 64 hex characters, or any passphrase (see {@link parseSeed}).
 * @param stream selects one of 2^64 independent streams for the same seed (default 0).
 * @example
 * ```ts
 * const rng = chacha20('table 7, hand 12');
 * const deck = toShuffled(cards, rng); // the same deck on every machine, forever
 * ```
 * @throws {FairdealError} `BAD_SEED` for a malformed seed (see {@link parseSeed}).
 * @throws {RangeError} if `stream` is not an integer in [0, 2^64).
 * @throws {FairdealError} `STREAM_EXHAUSTED` when more than 2^32 blocks (256 GiB) are read.
 */
export function chacha20(seed: Seed, stream: number | bigint = 0): RandomSource {
  const source = new ChaCha20Source(parseSeed(seed), streamWords(stream), false);
  // Marked, not changed: the words are the same; only a fair deal's server seed refuses it.
  return isPassphrase(seed) ? markPredictable(source) : source;
}

/** Words per refill once a source is in steady use: 4 KiB, where a native call is amortized.
 *  The pool starts at the first refill's size and grows with the refills (BufferedSource). */
const BULK_WORDS = 1024;

class ChaCha20Source extends BufferedSource {
  readonly #key: Uint8Array;
  readonly #keyWords: Uint32Array;
  readonly #nonce: Uint32Array;
  #counter = 0;
  #refillBlocks = FIRST_REFILL_BLOCKS;
  /** node:crypto's keystream once tried: null if this platform has none, undefined before. */
  #native: NativeKeystream | null | undefined;
  /** The fused steps' step reached, words left over and blocks made. */
  readonly #result = new Int32Array(3);

  constructor(key: Uint8Array, nonce: Uint32Array, portable: boolean) {
    super(FIRST_REFILL_BLOCKS * 16, BULK_WORDS);
    if (portable) this.#native = null;
    this.#key = key;
    this.#keyWords = new Uint32Array(8);
    keyWordsInto(key, this.#keyWords);
    this.#nonce = nonce;
  }

  // Refills grow 2, 4, 8 … 64 blocks: a source made for one deal computes two blocks in
  // portable code; a long run switches to the platform's native ChaCha20 (node:crypto, ~4× faster
  // here) for whole 4 KiB refills. Both compute the same RFC 8439 keystream from the same counter,
  // which chacha20.test.ts checks, so growth and switching never change the words.
  protected refill(buffer: Uint32Array): number {
    // The pool doubles with the refills, so it holds them; a fused pass grows it to the whole
    // 4 KiB at once (the refills then stay smaller than the pool until they catch up).
    const blocks = Math.min(this.#refillBlocks, buffer.length >>> 4, MAX_BLOCKS - this.#counter);
    if (blocks <= 0) {
      throw new FairdealError(
        'STREAM_EXHAUSTED',
        'chacha20 stream exhausted: RFC 8439 allows 2^32 blocks (256 GiB) per seed and stream',
      );
    }
    if (this.#refillBlocks < MAX_REFILL_BLOCKS) this.#refillBlocks *= 2;
    if (blocks === MAX_REFILL_BLOCKS && this.#native !== null) {
      // Tried once: where there is no native cipher (browsers), asking again at every refill
      // allocated a closure context each time, and a steady portable refill allocates nothing.
      this.#native ??= nativeKeystream(this.#key, this.#counter, this.#nonce) ?? null;
      if (this.#native !== null) {
        this.#native(buffer);
        this.#counter += blocks;
        return blocks * 16;
      }
    }
    chacha20Blocks(this.#keyWords, this.#counter, this.#nonce, buffer, 0, blocks);
    this.#counter += blocks;
    return blocks * 16;
  }

  // A shuffle's 16-bit steps read in the same WebAssembly pass that makes their words, where the
  // keystream is portable (browsers): the shuffle's integer step chain and ChaCha20's vector
  // rounds then run side by side in the CPU instead of one after the other (issue 11: a seeded
  // 50,000-item shuffle in Chromium spent ~90 µs making words and ~180 µs stepping). The words
  // are the same stream from the same counter, and the steps shuffle v1's (chacha20-fused.test.ts).
  protected override fusedSteps(
    buffer: Uint32Array,
    n: number,
    i: number,
    stop: number,
    wide: boolean,
  ): number {
    if (this.#native !== null && (this.#native !== undefined || nativeCrypto() !== undefined))
      return -1; // node:crypto makes the words faster than the fused pass: the kernels' loop
    const wideSteps = wide ? wasmWideSteps() : undefined;
    const fused = wide ? undefined : wasmFusedSteps();
    const pass = wideSteps ?? fused;
    const maxGroups = Math.min(2 ** 20, Math.floor((MAX_BLOCKS - this.#counter) / 4));
    if (pass === undefined || maxGroups < 2) return -1;
    const result = this.#result;
    const most = wide ? WIDE_MAX_STEPS : FUSED_MAX_STEPS;
    pass.run(
      this.#keyWords,
      this.#counter,
      this.#nonce,
      n,
      i,
      Math.min(stop, i + most),
      maxGroups,
      buffer,
      result,
    );
    this.#counter += result[2]!;
    fusedResult.to = result[0]! >>> 0;
    if (wideSteps !== undefined) fusedResult.indices = wideSteps.indices;
    if (fused !== undefined) fusedResult.offsets = fused.offsets;
    return result[1]!;
  }
}

Object.freeze(ChaCha20Source.prototype);

/**
 * {@link chacha20} that never uses node:crypto: the keystream browsers get (WebAssembly SIMD or
 * scalar code), for tests and benchmarks that run it in Node. Same words.
 *
 * @example
 * ```ts
 * const rng = portableChaCha20('table 7, hand 12'); // as chacha20(), the browsers' way
 * ```
 * @throws as {@link chacha20}.
 */
export function portableChaCha20(seed: Seed, stream: number | bigint = 0): RandomSource {
  const source = new ChaCha20Source(parseSeed(seed), streamWords(stream), true);
  return isPassphrase(seed) ? markPredictable(source) : source;
}

/** node:crypto where this platform has it (Node), reached without an import: see
 *  {@link nativeKeystream}. */
function nativeCrypto(): typeof import('node:crypto') | undefined {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  return proc?.getBuiltinModule?.('node:crypto') as typeof import('node:crypto') | undefined;
}

/** Writes the next 4 KiB of keystream into the buffer. */
type NativeKeystream = (buffer: Uint32Array) => void;

/**
 * node:crypto's ChaCha20 positioned at block `counter`, if this platform has it. Reached through
 * `process.getBuiltinModule` (Node ≥ 22.3) rather than an import, so the module still loads in
 * browsers and bundlers, which simply get the portable path.
 */
function nativeKeystream(
  key: Uint8Array,
  counter: number,
  nonce: Uint32Array,
): NativeKeystream | undefined {
  const crypto = nativeCrypto();
  if (crypto === undefined || !LITTLE_ENDIAN) return undefined;
  // OpenSSL's 16-byte ChaCha20 IV is the RFC 8439 counter (32-bit LE) followed by the nonce.
  const iv = new Uint8Array(16);
  const ivView = new DataView(iv.buffer);
  ivView.setUint32(0, counter, true);
  for (let i = 0; i < 3; i++) ivView.setUint32(4 + i * 4, nonce[i]!, true);
  let cipher: import('node:crypto').Cipheriv;
  try {
    cipher = crypto.createCipheriv('chacha20', key, iv);
  } catch {
    return undefined; // an OpenSSL build without ChaCha20: the portable path is exact too
  }
  // One native call per 64 KiB, handed out 4 KiB per refill: each call costs microseconds of
  // fixed overhead (a Buffer allocated, the binding crossed), ~100 ns per 52-card shuffle if
  // paid every 4 KiB. The keystream computed ahead is never handed out beyond what refill asks.
  const zeros = new Uint8Array(AHEAD_REFILLS * BULK_WORDS * 4);
  let ahead = new Uint8Array(0);
  let at = 0;
  return (buffer) => {
    if (at === ahead.length) {
      release(ahead);
      ahead = cipher.update(zeros);
      at = 0;
    }
    new Uint8Array(buffer.buffer, buffer.byteOffset, BULK_WORDS * 4).set(
      ahead.subarray(at, at + BULK_WORDS * 4),
    );
    at += BULK_WORDS * 4;
  };
}

/**
 * Frees a spent native output now rather than at the next garbage collection: node:crypto can
 * only return new buffers, and a 10,000,000-item shuffle spent 40 MiB of them, held until V8
 * collected (its external-memory trigger is 64 MiB). `transfer(0)` detaches the ArrayBuffer,
 * which drops its memory at once. Only a buffer that owns its whole ArrayBuffer is detached
 * (never a slice of Node's shared pool); where `transfer` is missing it is left to the collector.
 */
function release(spent: Uint8Array): void {
  const buffer = spent.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer };
  if (spent.byteOffset === 0 && buffer.byteLength === spent.byteLength && buffer.transfer)
    buffer.transfer(0);
}

/** Refills served by one native call. */
const AHEAD_REFILLS = 16;

/** Typed-array views use the platform's byte order; the keystream words are little-endian. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function streamWords(stream: number | bigint): Uint32Array {
  if (typeof stream === 'number') {
    if (!Number.isSafeInteger(stream) || stream < 0) {
      throw new RangeError(`stream must be a non-negative safe integer, got ${stream}`);
    }
    // Below 2^53 the two words are exact in doubles: no BigInt made for every seeded deal.
    const words = new Uint32Array(3);
    words[1] = stream % 4294967296;
    words[2] = Math.floor(stream / 4294967296);
    return words;
  }
  if (typeof stream !== 'bigint') {
    throw new TypeError(`stream must be a number or a bigint, got ${typeof stream}`);
  }
  if (stream < 0n || stream >= 2n ** 64n) {
    throw new RangeError(`stream must be in [0, 2^64), got ${stream}`);
  }
  return new Uint32Array([0, Number(stream & 0xffffffffn), Number(stream >> 32n)]);
}
