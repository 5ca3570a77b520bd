import type { RandomSource } from '../random/source.ts';

/**
 * A `Math.random` replacement drawn from `source`: doubles of 53 random bits (two words, as
 * every 53-bit generator makes them), so that an audit of code that calls `Math.random` is
 * reproducible from the audit's seed. The Node runner's workers and the web page's worker both
 * install it for the code under audit.
 *
 * @example
 * ```ts
 * Math.random = seededMathRandom(chacha20('audit'));
 * ```
 * @throws whatever `source` throws when drawn.
 */
export function seededMathRandom(source: RandomSource): () => number {
  return () => (source.nextUint32() * 2 ** 21 + (source.nextUint32() >>> 11)) * 2 ** -53;
}
