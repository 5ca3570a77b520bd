import type { AuditCounts } from './audit-counts.ts';
import { assertCounts } from './audit-counts.ts';
import { chiSquareSf } from './chi-square-sf.ts';
import { type AuditTestResult, notApplicable } from './test-result.ts';

/**
 * For 3 ≤ n ≤ 6: is each of the n! orders equally likely? The most direct test of all (a plain
 * multinomial, df = n! − 1), and the only one here that sees every possible bias; it needs
 * T ≥ 5·n! trials (3 600 at n = 6).
 *
 * @example
 * ```ts
 * permutationTest(counts).df; // 23 when counts are of 4 cards (4! − 1)
 * ```
 * @throws never.
 */
export function permutationTest(counts: AuditCounts): AuditTestResult {
  assertCounts(counts);
  const { n, trials, perms } = counts;
  if (perms.length === 0) return notApplicable('permutations', 'only for 3 ≤ n ≤ 6');
  const expected = trials / perms.length;
  if (expected < 5) {
    return notApplicable('permutations', `needs T/n! ≥ 5 (have ${expected.toFixed(2)})`);
  }
  let statistic = 0;
  for (let i = 0; i < perms.length; i++) statistic += (perms[i]! - expected) ** 2;
  statistic /= expected;
  const df = perms.length - 1;
  return {
    name: 'permutations',
    applicable: true,
    statistic,
    df,
    p: chiSquareSf(statistic, df),
    note: `Pearson X² over all ${perms.length} orders of ${n} cards, expectation ${expected.toFixed(1)} each`,
  };
}
