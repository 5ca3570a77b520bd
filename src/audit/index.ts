/**
 * The auditor: statistical tests of any shuffle. Everything here is pure and browser-safe
 * (typed-array counting, chi-square tests, the exact Eulerian law, Bonferroni verdicts, heatmap
 * SVG) except `runAudit` / `runCalibration`, the Node-only runner that spreads trials over
 * worker_threads and isolates untrusted code (worker-pool.ts, audit-worker.ts, their messages in
 * worker-protocol.ts); it loads `node:worker_threads` lazily, so importing this entry never pulls
 * Node modules into a browser bundle. `renderPng` needs the optional peer @resvg/resvg-js;
 * `loadPeer` is how it, and the CLI and the service, load every optional peer.
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
export { auditShuffle, type ShuffleUnderAudit } from './audit-shuffle.ts';
export { type AuditSubject, subjectName } from './audit-subject.ts';
export { cardPositionTest } from './card-position-test.ts';
export { checkPermutation } from './check-permutation.ts';
export { chiSquareSf, P_VALUE_FLOOR } from './chi-square-sf.ts';
export { type ComplexitySeries, complexitySvg } from './complexity-svg.ts';
export { divergingColor } from './diverging-color.ts';
export { eulerianNumbers, risingSequenceLaw } from './eulerian.ts';
export { formatP, formatSummary } from './format-summary.ts';
export { heatmapSvg } from './heatmap-svg.ts';
export { loadPeer } from './load-peer.ts';
export { permutationTest } from './permutation-test.ts';
export { type PooledCell, poolCells } from './pool-cells.ts';
export { reachabilityTest } from './reachability-test.ts';
export { renderPng } from './render-png.ts';
export { risingSequenceTest } from './rising-sequence-test.ts';
export {
  CHUNK_TRIALS,
  DEFAULT_TIME_LIMIT_MS,
  DEFAULT_TRIALS,
  type RunAuditOptions,
  runAudit,
} from './run-audit.ts';
export { type RunCalibrationOptions, runCalibration } from './run-calibration.ts';
export type { AuditTestName, AuditTestResult } from './test-result.ts';
export { type WorstCell, worstCells } from './worst-cells.ts';
