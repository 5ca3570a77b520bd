/** The statistical tests the auditor runs on the counts. */
export type AuditTestName =
  | 'card-position'
  | 'adjacent-pairs'
  | 'rising-sequences'
  | 'permutations'
  | 'reachability';

/** One test's outcome: statistic, degrees of freedom, p-value (or why it was not run). */
export interface AuditTestResult {
  readonly name: AuditTestName;
  /** False when the counts are too few (or n too small/large) for the test to be valid. */
  readonly applicable: boolean;
  readonly statistic: number;
  /** Degrees of freedom of the reference chi-square law (0 for reachability, a count test). */
  readonly df: number;
  /** Upper-tail p-value (1 when not applicable). Never below `P_VALUE_FLOOR`. */
  readonly p: number;
  /** How the statistic was made, or why the test was skipped. */
  readonly note: string;
}

/** A test result for a test that cannot run on these counts. */
export function notApplicable(name: AuditTestName, note: string): AuditTestResult {
  return { name, applicable: false, statistic: Number.NaN, df: 0, p: 1, note };
}
