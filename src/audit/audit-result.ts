import type { AuditCounts } from './audit-counts.ts';
import type { AuditTestResult } from './test-result.ts';
import type { WorstCell } from './worst-cells.ts';

/** How a shuffle under audit failed to even produce shuffles. */
export interface BrokenReason {
  readonly kind: 'threw' | 'did-not-terminate' | 'not-a-permutation' | 'crashed' | 'not-loadable';
  /** One line: the error message, the time limit, or what was wrong with the output. */
  readonly message: string;
  /** The trial (0-based) where it happened, when known. */
  readonly trial?: number;
}

/**
 * The auditor's answer. `uniform`: no test rejects at the family-wise α (Bonferroni over the
 * applicable tests) — no evidence of bias, not a proof of fairness. `biased`: at least one test
 * rejects; `worst` says which cards go where too often or too rarely. `broken`: the shuffle did
 * not produce permutations (threw, hung, crashed, lost or duplicated cards).
 */
export interface AuditResult {
  readonly verdict: 'uniform' | 'biased' | 'broken';
  /** Name of what was audited (algorithm name or module path). */
  readonly subject: string;
  readonly n: number;
  /** Trials counted (fewer than requested when broken). */
  readonly trials: number;
  /** Family-wise significance level. */
  readonly alpha: number;
  /** Per-test threshold α / k (k = applicable tests). */
  readonly threshold: number;
  readonly tests: readonly AuditTestResult[];
  /** Most deviant card × position cells (empty when broken before any trial). */
  readonly worst: readonly WorstCell[];
  readonly broken?: BrokenReason;
  /** Wall-clock seconds and throughput, when measured (Node runner). */
  readonly seconds?: number;
  readonly trialsPerSecond?: number;
  readonly workers?: number;
  /** The seed used (seeded runs are reproducible). */
  readonly seed?: string;
  /** The raw counts behind the tests (for heatmaps); absent when broken. */
  readonly counts?: AuditCounts;
}
