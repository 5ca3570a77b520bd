import { adjacentPairTest } from './adjacent-pair-test.ts';
import type { AuditCounts } from './audit-counts.ts';
import { assertCounts } from './audit-counts.ts';
import type { AuditResult } from './audit-result.ts';
import { cardPositionTest } from './card-position-test.ts';
import { permutationTest } from './permutation-test.ts';
import { reachabilityTest } from './reachability-test.ts';
import { risingSequenceTest } from './rising-sequence-test.ts';
import { worstCells } from './worst-cells.ts';

/** The default family-wise significance level: one false alarm per thousand fair audits. */
export const DEFAULT_ALPHA = 0.001;

/**
 * Runs every test on the counts and gives the verdict: `biased` when any applicable test has
 * p < α / k (Bonferroni: the chance that a fair shuffle is called biased is at most α, whatever
 * the dependence between the tests), `uniform` otherwise.
 *
 * @example
 * ```ts
 * analyzeCounts(counts, { alpha: 0.001, subject: 'mine' }).verdict; // 'uniform' | 'biased'
 * ```
 * @throws {RangeError} if alpha is not in (0, 1).
 */
export function analyzeCounts(
  counts: AuditCounts,
  options: { readonly alpha?: number; readonly subject?: string } = {},
): AuditResult {
  assertCounts(counts);
  const alpha = options.alpha ?? DEFAULT_ALPHA;
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be in (0, 1), got ${alpha}`);
  const tests = [
    cardPositionTest(counts),
    adjacentPairTest(counts),
    risingSequenceTest(counts),
    permutationTest(counts),
    reachabilityTest(counts),
  ];
  const applicable = tests.filter((t) => t.applicable);
  const threshold = alpha / Math.max(1, applicable.length);
  const biased = applicable.some((t) => t.p < threshold);
  return {
    verdict: biased ? 'biased' : 'uniform',
    subject: options.subject ?? 'shuffle',
    n: counts.n,
    trials: counts.trials,
    alpha,
    threshold,
    tests,
    worst: worstCells(counts),
  };
}
