import type { AuditCounts } from './audit-counts.ts';
import { assertCounts } from './audit-counts.ts';
import { chiSquareSf } from './chi-square-sf.ts';
import { type AuditTestResult, notApplicable } from './test-result.ts';

/**
 * Is every card equally likely to follow every other card? Catches shuffles that keep runs of
 * the original order together (riffle-like, under-mixed) even when each card's position looks fine.
 *
 * Under a uniform shuffle each ordered pair (a, b), a ≠ b, is adjacent with probability 1/n per
 * trial, but the n(n−1) counts are dependent: Pearson's X² is a weighted sum of chi-squares with
 * weight 1 on symmetric zero-margin matrices (n(n−3)/2 dimensions), (n+1)/(n−1) on antisymmetric
 * zero-margin ones ((n−1)(n−2)/2) and 1/(n−1) on the margins (2(n−1), the first/last card
 * counts). (Derived from the pair covariances: (n−1)/n² on the diagonal, −1/n² for pairs that
 * cannot co-occur — same first, same second or reversed — and 1/(n²(n−1)) otherwise; checked
 * numerically.) We project the deviations onto the three spaces and reweight each part, which
 * makes the statistic χ²(n(n−1) − 1) exactly in the limit.
 *
 * @example
 * ```ts
 * adjacentPairTest(counts).df; // n(n − 1) − 1
 * ```
 * @throws never.
 */
export function adjacentPairTest(counts: AuditCounts): AuditTestResult {
  assertCounts(counts);
  const { n, trials, pairs } = counts;
  if (n < 3) return notApplicable('adjacent-pairs', 'needs at least 3 cards');
  const expected = trials / n;
  if (expected < 5) {
    return notApplicable('adjacent-pairs', `needs T/n ≥ 5 per cell (have ${expected.toFixed(2)})`);
  }
  let total = 0;
  let symmetric = 0;
  let antisymmetric = 0;
  const rowSym = new Float64Array(n);
  const rowAnti = new Float64Array(n);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      if (a === b) continue;
      const dab = pairs[a * n + b]! - expected;
      const dba = pairs[b * n + a]! - expected;
      const s = (dab + dba) / 2;
      const t = (dab - dba) / 2;
      total += dab * dab;
      symmetric += s * s;
      antisymmetric += t * t;
      rowSym[a]! += s;
      rowAnti[a]! += t;
    }
  }
  // Antisymmetric margin part: least-squares fit g_a − g_b has g_a = rowAnti_a / n.
  let antiMargin = 0;
  for (let a = 0; a < n; a++) antiMargin += rowAnti[a]! * rowAnti[a]!;
  antiMargin *= 2 / n;
  // Symmetric margin part: fit h_a + h_b; H = Σ rowSym / (2n − 2), h_a = (rowSym_a − H)/(n − 2).
  let sumRowSym = 0;
  for (let a = 0; a < n; a++) sumRowSym += rowSym[a]!;
  const bigH = sumRowSym / (2 * n - 2);
  let symMargin = 0;
  for (let a = 0; a < n; a++) symMargin += (2 * (rowSym[a]! - bigH) * rowSym[a]!) / (n - 2);
  const qSym = symmetric - symMargin;
  const qAnti = antisymmetric - antiMargin;
  const qMargin = total - qSym - qAnti;
  const statistic = (qSym + ((n - 1) / (n + 1)) * qAnti + (n - 1) * qMargin) / expected;
  const df = n * (n - 1) - 1;
  return {
    name: 'adjacent-pairs',
    applicable: true,
    statistic,
    df,
    p: chiSquareSf(statistic, df),
    note: `whitened Pearson X² over ${n * (n - 1)} ordered pairs, expectation ${expected.toFixed(1)} each`,
  };
}
