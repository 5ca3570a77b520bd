import { FairdealError } from '../errors.ts';
import { BufferedSource, fusedResult } from './buffered-source.ts';
import { WIDE_MAX_STEPS, wasmWideWords } from './chacha20-wasm.ts';
import type { RandomSource } from './source.ts';

/**
 * 16,384 words = 65,536 bytes: the most one `getRandomValues` call may fill (W3C Web Crypto API,
 * getRandomValues: larger requests throw QuotaExceededError). One call pays for ~600 shuffles.
 */
const POOL_WORDS = 16384;

class SecureSource extends BufferedSource {
  readonly #result = new Int32Array(2);

  constructor() {
    super(POOL_WORDS);
  }

  /**
   * The steps of bounds over 2^16 (arrays over 65,536 items) from a fresh pool of words, in
   * WebAssembly where it runs (chacha20-wasm.ts, `words`): the same steps from the same words as
   * the kernels' drawWide, at 64-bit integer arithmetic instead of JavaScript's float
   * conversions and checks. Called when the pool is used up; the words not read stay in the
   * pool, in order. The 16-bit steps stay in the kernels (no faster in WebAssembly).
   */
  protected override fusedSteps(
    buffer: Uint32Array,
    n: number,
    i: number,
    stop: number,
    wide: boolean,
  ): number {
    const words = wide ? wasmWideWords() : undefined;
    if (words === undefined) return -1;
    const count = this.refill(buffer);
    const result = this.#result;
    words.run(buffer, 0, count, n, i, Math.min(stop, i + WIDE_MAX_STEPS), result);
    let left = 0;
    for (let q = result[1]!; q < count; q++) buffer[left++] = buffer[q]!;
    fusedResult.to = result[0]! >>> 0;
    fusedResult.indices = words.indices;
    return left;
  }

  protected refill(buffer: Uint32Array): number {
    const crypto = (globalThis as { crypto?: Crypto }).crypto;
    if (crypto === undefined || typeof crypto.getRandomValues !== 'function') {
      throw new FairdealError(
        'RANDOM_UNAVAILABLE',
        'secure randomness is unavailable: globalThis.crypto.getRandomValues is missing',
      );
    }
    try {
      crypto.getRandomValues(buffer);
    } catch (cause) {
      throw new FairdealError(
        'RANDOM_UNAVAILABLE',
        `secure randomness failed: ${(cause as Error)?.message ?? String(cause)}`,
      );
    }
    return buffer.length;
  }
}
// Nobody replaces a method of the shared default source (every module's dealer seeds pass
// through it); the pool itself is private fields, out of reach either way.
Object.freeze(SecureSource.prototype);

/**
 * Creates a secure random source: the platform CSPRNG through Web Crypto `getRandomValues` (Node
 * and every browser), read through a private 64 KiB pool so that a 52-card shuffle costs no system
 * call. Never falls back: if `crypto.getRandomValues` is missing or fails, the draw throws.
 * Words are copied out of the pool, never handed out as a view, and each is used once.
 *
 * @example
 * ```ts
 * const rng = createSecureRandom();
 * rng.nextUint32(); // e.g. 2868450211
 * ```
 * @throws {FairdealError} `RANDOM_UNAVAILABLE` (when drawing) if Web Crypto is missing or fails.
 */
export function createSecureRandom(): RandomSource {
  return new SecureSource();
}

/**
 * The default random source of fairdeal: secure (the platform CSPRNG via Web Crypto), pooled,
 * not reproducible. Every function that draws uses it unless given another source.
 *
 * @example
 * ```ts
 * shuffle(cards, secureRandom); // same as shuffle(cards)
 * ```
 */
export const secureRandom: RandomSource = Object.freeze(createSecureRandom());
