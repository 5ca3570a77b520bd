/**
 * fairdeal/audit/browser — the auditor's pure statistics, for web pages and Web Workers: counting
 * shuffles into card × position (and pair, rising-sequence, permutation) tables, the tests, the
 * Bonferroni verdict, the heatmap colours, and the seeded trial loop (`seededTrials`) that the
 * Node runner's workers run too. Nothing here imports a Node module; the worker-thread runner
 * (`runAudit`, Node only) stays on `fairdeal/audit`. The web page (src/web) runs these in a Web
 * Worker.
 *
 * @example
 * ```ts
 * import { addOrder, analyzeCounts, createCounts } from 'fairdeal/audit/browser';
 * const counts = createCounts(52);
 * const scratch = new Int32Array(52);
 * for (let t = 0; t < 20_000; t++) addOrder(counts, myShuffle([...Array(52).keys()]), scratch);
 * analyzeCounts(counts).verdict; // 'uniform' | 'biased'
 * ```
 */
export { adjacentPairTest } from './adjacent-pair-test.ts';
export { analyzeCounts, DEFAULT_ALPHA } from './analyze-counts.ts';
export {
  type AuditCounts,
  addOrder,
  createCounts,
  MAX_PERMUTATION_N,
  mergeCounts,
} from './audit-counts.ts';
export type { AuditResult, BrokenReason } from './audit-result.ts';
export { cardPositionTest } from './card-position-test.ts';
export { checkPermutation } from './check-permutation.ts';
export { chiSquareSf, P_VALUE_FLOOR } from './chi-square-sf.ts';
export { countTrials, type TrialFailure } from './count-trials.ts';
export { divergingColor } from './diverging-color.ts';
export { eulerianNumbers, risingSequenceLaw } from './eulerian.ts';
export { formatP } from './format-summary.ts';
export { heatmapSvg } from './heatmap-svg.ts';
export { permutationTest } from './permutation-test.ts';
export { reachabilityTest } from './reachability-test.ts';
export { risingSequenceTest } from './rising-sequence-test.ts';
export { seededMathRandom } from './seeded-math-random.ts';
export { seededTrials, type TrialRun, type TrialSubject } from './seeded-trials.ts';
export type { AuditTestName, AuditTestResult } from './test-result.ts';
export { type WorstCell, worstCells } from './worst-cells.ts';
