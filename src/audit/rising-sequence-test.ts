import type { AuditCounts } from './audit-counts.ts';
import { assertCounts } from './audit-counts.ts';
import { chiSquareSf } from './chi-square-sf.ts';
import { risingSequenceLaw } from './eulerian.ts';
import { poolCells } from './pool-cells.ts';
import { type AuditTestResult, notApplicable } from './test-result.ts';

/**
 * Does the number of rising sequences follow its exact law (Eulerian numbers)? Bayer & Diaconis
 * (1992, "Trailing the dovetail shuffle to its lair") use rising sequences to show a riffle
 * shuffle is under-mixed; any shuffle that leaves runs of the original order intact (insertion,
 * too few swaps) has too few of them. Multinomial chi-square, thin tails pooled so every cell
 * expects at least 5; df = pooled cells − 1.
 *
 * @example
 * ```ts
 * risingSequenceTest(counts).note; // 'Eulerian law, 14 cells after pooling tails'
 * ```
 * @throws never.
 */
export function risingSequenceTest(counts: AuditCounts): AuditTestResult {
  assertCounts(counts);
  const { n, trials, rising } = counts;
  if (n < 2) return notApplicable('rising-sequences', 'needs at least 2 cards');
  const law = risingSequenceLaw(n);
  const expected = law.map((p) => p * trials);
  const cells = poolCells(rising.subarray(1), expected.slice(1));
  if (cells.length < 2 || cells.some((c) => c.expected < 5)) {
    return notApplicable('rising-sequences', 'too few trials for two cells expecting ≥ 5');
  }
  let statistic = 0;
  for (const c of cells) statistic += (c.observed - c.expected) ** 2 / c.expected;
  const df = cells.length - 1;
  const first = cells[0]!;
  const last = cells[cells.length - 1]!;
  return {
    name: 'rising-sequences',
    applicable: true,
    statistic,
    df,
    p: chiSquareSf(statistic, df),
    note: `exact Eulerian law, ${cells.length} cells (≤${first.to + 1} and ≥${last.from + 1} rising sequences pooled)`,
  };
}
