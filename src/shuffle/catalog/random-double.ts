import { mathRandom } from '../../random/math-random.ts';
import type { RandomSource } from '../../random/source.ts';

/** 2^-32: one 32-bit word read as a fraction of [0, 1). */
const WORD_TO_UNIT = 2 ** -32;

/**
 * A `Math.random`-like function (a double in [0, 1)) driven by a {@link RandomSource}, so that the
 * founding documents' code, written against `Math.random()`, can run seeded and be audited
 * reproducibly.
 *
 * Each call reads ONE 32-bit word `w` and returns `w · 2^-32`. The only difference from the
 * engine's `Math.random` is resolution: 32 bits instead of V8's 52 (xorshift128+). Every document
 * multiplies by at most 54 and floors, so the buckets `floor(x · k)` differ in probability by less
 * than k / 2^32 ≈ 1.3e-8 from the 53-bit original — far below what any audit can see, and never
 * the cause of the biases the catalogue reproduces (those are in the algorithms themselves).
 *
 * Without a source it is the original `Math.random` (through the insecure `mathRandom` adapter of
 * `src/random`, the one module allowed to touch platform randomness), as the documents wrote it.
 *
 * @param source the random words to use; the engine's `Math.random` when omitted.
 * @returns a function returning doubles in [0, 1).
 * @example
 * ```ts
 * const random = randomDouble(chacha20('seed'));
 * const index = Math.floor(random() * 52);
 * ```
 * @throws never itself; the source's own errors (e.g. `STREAM_EXHAUSTED`) propagate.
 */
export function randomDouble(source?: RandomSource): () => number {
  const words = source ?? mathRandom;
  return () => words.nextUint32() * WORD_TO_UNIT;
}
