import type { AuditCounts } from './audit-counts.ts';
import { assertCounts } from './audit-counts.ts';
import { P_VALUE_FLOOR } from './chi-square-sf.ts';
import { type AuditTestResult, notApplicable } from './test-result.ts';

/**
 * Was every card seen at every position at least once? A card that can never reach a position
 * (document 003's off-by-one draw never puts its last card anywhere but last) is the plainest
 * bias. Statistic: the number of (card, position) cells never observed. Under a uniform shuffle a
 * given cell stays empty with probability (1 − 1/n)^T, so by the union bound
 * P(any empty cell) ≤ n²·(1 − 1/n)^T: that bound is the (conservative) p-value when a cell is
 * empty, and 1 when none is.
 *
 * @example
 * ```ts
 * reachabilityTest(counts).statistic; // 51 for off-by-one-draw at n = 52
 * ```
 * @throws never.
 */
export function reachabilityTest(counts: AuditCounts): AuditTestResult {
  assertCounts(counts);
  const { n, trials, position } = counts;
  if (n < 2) return notApplicable('reachability', 'needs at least 2 cards');
  const bound = Math.exp(2 * Math.log(n) + trials * Math.log1p(-1 / n));
  if (bound >= 1) {
    return notApplicable('reachability', 'too few trials: empty cells are expected even if fair');
  }
  let empty = 0;
  for (let i = 0; i < position.length; i++) if (position[i] === 0) empty++;
  const p = empty === 0 ? 1 : Math.min(1, Math.max(P_VALUE_FLOOR, bound));
  return {
    name: 'reachability',
    applicable: true,
    statistic: empty,
    df: 0,
    p,
    note:
      empty === 0
        ? `every card reached every position`
        : `${empty} card×position cells never reached; P(any empty | uniform) ≤ n²(1−1/n)^T`,
  };
}
