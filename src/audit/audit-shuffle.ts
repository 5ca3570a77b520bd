import { FairdealError } from '../errors.ts';
import type { RandomSource } from '../random/source.ts';
import { analyzeCounts } from './analyze-counts.ts';
import { addOrder, createCounts } from './audit-counts.ts';
import type { AuditResult } from './audit-result.ts';
import { checkPermutation } from './check-permutation.ts';

/** A shuffle under audit: gets the cards 0 … n−1 and a source; returns the order or undefined. */
export type ShuffleUnderAudit = (cards: number[], source: RandomSource) => unknown;

/**
 * Audits a shuffle in the calling thread (browser-safe, no workers): runs `trials` shuffles of
 * the cards 0 … n−1, counts and judges them. A throw or a non-permutation gives a `broken`
 * verdict; a hang cannot be stopped here — use `runAudit` (Node) for untrusted code.
 *
 * @example
 * ```ts
 * auditShuffle((cards, rng) => shuffle(cards, rng), { n: 52, trials: 100_000, source: chacha20('s') });
 * ```
 * @throws {TypeError} for a function or options of the wrong type.
 * @throws {RangeError} for a bad n, trials or alpha.
 * @throws {FairdealError} `BAD_OPTION` if no source is given (audits must be reproducible).
 */
export function auditShuffle(
  fn: ShuffleUnderAudit,
  options: {
    readonly n: number;
    readonly trials: number;
    readonly source: RandomSource;
    readonly alpha?: number;
    readonly subject?: string;
  },
): AuditResult {
  if (typeof fn !== 'function') throw new TypeError('auditShuffle needs a shuffle function');
  if (options === null || typeof options !== 'object') {
    throw new TypeError('auditShuffle options must be an object');
  }
  if (typeof options.n !== 'number' || typeof options.trials !== 'number') {
    throw new TypeError('auditShuffle: n and trials must be numbers');
  }
  const { n, trials, source } = options;
  if (!Number.isSafeInteger(trials) || trials < 0) {
    throw new RangeError(`trials must be a non-negative integer, got ${trials}`);
  }
  if (source === undefined) throw new FairdealError('BAD_OPTION', 'auditShuffle needs a source');
  const counts = createCounts(n);
  const scratch = new Int32Array(n);
  const seen = new Uint8Array(n);
  const subject = options.subject ?? 'shuffle';
  const analyzeOptions = {
    subject,
    ...(options.alpha === undefined ? {} : { alpha: options.alpha }),
  };
  for (let t = 0; t < trials; t++) {
    const cards = Array.from({ length: n }, (_, i) => i);
    let out: unknown;
    try {
      out = fn(cards, source);
    } catch (error) {
      return {
        ...analyzeCounts(counts, analyzeOptions),
        verdict: 'broken',
        broken: { kind: 'threw', message: String((error as Error)?.message ?? error), trial: t },
      };
    }
    const order = out === undefined ? cards : out;
    const problem = checkPermutation(order, n, seen);
    if (problem !== undefined) {
      return {
        ...analyzeCounts(counts, analyzeOptions),
        verdict: 'broken',
        broken: { kind: 'not-a-permutation', message: problem, trial: t },
      };
    }
    addOrder(counts, order as ArrayLike<number>, scratch);
  }
  return analyzeCounts(counts, analyzeOptions);
}
