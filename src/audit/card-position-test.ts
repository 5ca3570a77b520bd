import type { AuditCounts } from './audit-counts.ts';
import { assertCounts } from './audit-counts.ts';
import { chiSquareSf } from './chi-square-sf.ts';
import { type AuditTestResult, notApplicable } from './test-result.ts';

/**
 * The workhorse: is every card equally likely at every position? Pearson's X² over the n × n
 * card × position table, expectation T/n per cell.
 *
 * The cells are NOT a multinomial sample: each trial adds a permutation matrix, whose row and
 * column sums are fixed at 1. For a uniform shuffle the centred matrix has covariance
 * (1/(n−1))·Π where Π projects onto the (n−1)²-dimensional space of matrices with zero margins,
 * so X² → (n/(n−1))·χ²((n−1)²), not χ²((n−1)²). We therefore test (n−1)/n · X² against
 * χ²((n−1)²); the naive X² would have mean n(n−1) = 2652 instead of 2601 at n = 52 and raise
 * false alarms far above α.
 *
 * @example
 * ```ts
 * cardPositionTest(counts).p; // uniform shuffles: p ~ U(0, 1)
 * ```
 * @throws never.
 */
export function cardPositionTest(counts: AuditCounts): AuditTestResult {
  assertCounts(counts);
  const { n, trials, position } = counts;
  const expected = trials / n;
  if (n < 2) return notApplicable('card-position', 'needs at least 2 cards');
  if (expected < 5) {
    return notApplicable('card-position', `needs T/n ≥ 5 per cell (have ${expected.toFixed(2)})`);
  }
  let x2 = 0;
  for (let i = 0; i < position.length; i++) {
    const d = position[i]! - expected;
    x2 += d * d;
  }
  x2 /= expected;
  const statistic = (x2 * (n - 1)) / n;
  const df = (n - 1) * (n - 1);
  return {
    name: 'card-position',
    applicable: true,
    statistic,
    df,
    p: chiSquareSf(statistic, df),
    note: `(n−1)/n · Pearson X² over ${n}×${n} cells, expectation ${expected.toFixed(1)} each`,
  };
}
