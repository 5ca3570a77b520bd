/**
 * Where every random bit in fairdeal comes from. Two methods only, so that sources (secure,
 * seeded, scripted, user-made) and consumers (bounded integers, shuffles, deals) stay independent
 * — the split rust-random/rand makes between `RngCore` and distributions.
 *
 * Contract: every word is an unsigned 32-bit integer (0 ≤ w < 2^32), independent and uniformly
 * distributed, and `fillUint32(a)` yields exactly the words that `a.length` calls of
 * `nextUint32()` would have, in order — so a seeded stream does not depend on how it was read.
 *
 * @example
 * ```ts
 * const counter: RandomSource = { nextUint32: () => 0, fillUint32: (a) => a.fill(0) };
 * ```
 */
export interface RandomSource {
  /** The next word of the stream: an integer in [0, 2^32). */
  nextUint32(): number;
  /** Overwrite every element of `target` with the next `target.length` words of the stream. */
  fillUint32(target: Uint32Array): void;
}
