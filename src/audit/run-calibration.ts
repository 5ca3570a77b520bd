import type { AuditSubject } from './audit-subject.ts';
import { checkSubject, subjectName } from './audit-subject.ts';
import { checkRunNumbers, DEFAULT_TIME_LIMIT_MS } from './run-audit.ts';
import type { AuditTestResult } from './test-result.ts';
import { poolSize, runOnPool } from './worker-pool.ts';

/** Options of {@link runCalibration}. */
export interface RunCalibrationOptions {
  /** Cards per shuffle. */
  readonly n: number;
  /** Shuffles per run. */
  readonly trials: number;
  /** Independent runs (run r uses `chacha20(seed, r)`). */
  readonly runs: number;
  readonly seed: string;
  /** Worker threads (default: all cores). */
  readonly workers?: number;
  /** As runAudit's: a worker silent this long is stopped. */
  readonly timeLimitMs?: number;
  /** Called as runs complete. */
  readonly onProgress?: (done: number, total: number) => void;
}

/**
 * Calibration and power — Node-only: runs `runs` independent small audits of `subject` (run r
 * uses `chacha20(seed, r)`) over the worker pool and returns every run's test results, from
 * which callers compute false-alarm rates (fair shuffles) or detection rates (flawed ones) at
 * any α. Results are in run order and depend only on the seed, never on the number of workers.
 *
 * @example
 * ```ts
 * const { runs } = await runCalibration({ kind: 'fairdeal' }, { n: 52, trials: 5000, runs: 1000, seed: 'cal' });
 * ```
 * @throws {TypeError} for a subject that is not one or a non-number where a number belongs.
 * @throws {RangeError} for bad numbers.
 * @throws {Error} if the subject is broken (calibration needs a working shuffle).
 */
export async function runCalibration(
  subject: AuditSubject,
  options: RunCalibrationOptions,
): Promise<{ runs: (readonly AuditTestResult[])[]; seconds: number }> {
  checkSubject(subject);
  if (options === null || typeof options !== 'object') {
    throw new TypeError('runCalibration options must be an object');
  }
  const { n, trials, runs, seed } = options;
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  checkRunNumbers(n, trials, timeLimitMs);
  if (typeof runs !== 'number') throw new TypeError('runs must be a number');
  if (!Number.isSafeInteger(runs) || runs < 1) {
    throw new RangeError(`runs must be a positive integer, got ${runs}`);
  }
  if (typeof seed !== 'string') throw new TypeError('seed must be a string');
  const workers = await poolSize(options.workers, runs);
  const results: (readonly AuditTestResult[])[] = new Array(runs);
  let next = 0;
  let done = 0;
  const started = performance.now();
  const broken = await runOnPool(
    subject,
    n,
    workers,
    timeLimitMs,
    () => (next < runs ? { type: 'job', seed, run: next++, trials } : undefined),
    (msg) => {
      if (msg.type === 'job-result') {
        results[msg.run] = msg.tests;
        options.onProgress?.(++done, runs);
      }
    },
  );
  if (broken !== undefined) {
    throw new Error(`calibration of ${subjectName(subject)} failed: ${broken.message}`);
  }
  return { runs: results, seconds: (performance.now() - started) / 1000 };
}
