import { freshSeed } from '../random/fresh-seed.ts';
import { analyzeCounts, DEFAULT_ALPHA } from './analyze-counts.ts';
import { createCounts, mergeCounts } from './audit-counts.ts';
import type { AuditResult } from './audit-result.ts';
import { type AuditSubject, checkSubject, subjectName } from './audit-subject.ts';
import { poolSize, runOnPool } from './worker-pool.ts';

/**
 * Default trials at any n. Every flawed catalogue algorithm is caught at n = 52 with ≥ 99 % power
 * from about 1 000 trials (docs/AUDIT.md, "Power"); 200 000 buys margin for subtler user bugs
 * (cells expect ≈ 3 800 at n = 52, so a 5 % excess in one card × position cell is ~2.9 σ) and
 * still takes about 2 s on 2 cores.
 */
export const DEFAULT_TRIALS = 200_000;
/** Trials per chunk; chunk c always uses chacha20(seed, c), so results never depend on workers. */
export const CHUNK_TRIALS = 5_000;
/** Default time limit without progress before a shuffle is declared not to terminate. */
export const DEFAULT_TIME_LIMIT_MS = 3_000;

/** Options of {@link runAudit}. */
export interface RunAuditOptions {
  /** Cards per shuffle (default 52). */
  readonly n?: number;
  /** Shuffles to run (default {@link DEFAULT_TRIALS}). */
  readonly trials?: number;
  /** Seed of the chacha20 streams (default: 32 fresh secure bytes, reported in the result). */
  readonly seed?: string;
  /** Family-wise significance level (default 0.001). */
  readonly alpha?: number;
  /** Worker threads (default: all cores, `os.availableParallelism()`). */
  readonly workers?: number;
  /** A worker that shows no progress for this long is stopped: `broken: did not terminate`. */
  readonly timeLimitMs?: number;
  /** Called as trials complete (for a progress bar). */
  readonly onProgress?: (done: number, total: number) => void;
}

/**
 * Checks the numbers of a run (shared by {@link runAudit} and runCalibration).
 *
 * @throws {TypeError} for a non-number; {RangeError} for a bad n, trials or time limit.
 */
export function checkRunNumbers(n: unknown, trials: unknown, timeLimitMs: unknown): void {
  for (const [name, value] of [
    ['n', n],
    ['trials', trials],
    ['timeLimitMs', timeLimitMs],
  ] as const) {
    if (typeof value !== 'number') throw new TypeError(`${name} must be a number`);
  }
  if (!Number.isInteger(n) || (n as number) < 1 || (n as number) > 4096) {
    throw new RangeError(`n must be an integer in [1, 4096], got ${n}`);
  }
  if (!Number.isSafeInteger(trials) || (trials as number) < 1) {
    throw new RangeError(`trials must be a positive integer, got ${trials}`);
  }
  if (!((timeLimitMs as number) > 0)) {
    throw new RangeError(`timeLimitMs must be positive, got ${timeLimitMs}`);
  }
}

/**
 * Audits a shuffle — Node-only. Spreads seeded trials over worker_threads (all cores by
 * default), counts them in typed arrays, merges and judges them (`analyzeCounts`). The worker
 * isolates the code under audit: a hang (no progress within `timeLimitMs`), a throw, a crash
 * (even `process.exit` or running out of memory) or an output that is not a permutation of the
 * cards becomes a `broken` verdict instead of taking the auditor down. Trials are split into
 * fixed chunks (chunk c uses `chacha20(seed, c)`, and user modules get a `Math.random` driven by
 * it), so the same seed gives the same result on any number of cores.
 *
 * The pool of worker threads is worker-pool.ts (`node:worker_threads`, loaded lazily).
 *
 * @example
 * ```ts
 * const result = await runAudit({ kind: 'catalog', name: 'swap-any' }, { seed: 'demo' });
 * result.verdict; // 'biased'
 * ```
 * @throws {TypeError} for a subject that is not one, options that are not an object, or a
 * non-number where a number belongs.
 * @throws {RangeError} for a bad n, trials, alpha or time limit.
 */
export async function runAudit(
  subject: AuditSubject,
  options: RunAuditOptions = {},
): Promise<AuditResult> {
  checkSubject(subject);
  if (options === null || typeof options !== 'object') {
    throw new TypeError('runAudit options must be an object');
  }
  const n = options.n ?? 52;
  const trials = options.trials ?? DEFAULT_TRIALS;
  const alpha = options.alpha ?? DEFAULT_ALPHA;
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  checkRunNumbers(n, trials, timeLimitMs);
  if (typeof alpha !== 'number') throw new TypeError('alpha must be a number');
  if (options.seed !== undefined && typeof options.seed !== 'string') {
    throw new TypeError('seed must be a string');
  }
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be in (0, 1), got ${alpha}`);
  const seed = options.seed ?? freshSeed();
  const chunks = Math.ceil(trials / CHUNK_TRIALS);
  const workers = await poolSize(options.workers, chunks);
  const total = createCounts(n);
  let nextChunk = 0;
  let done = 0;
  const started = performance.now();
  const broken = await runOnPool(
    subject,
    n,
    workers,
    timeLimitMs,
    () => {
      if (nextChunk >= chunks) return undefined;
      const c = nextChunk++;
      const first = c * CHUNK_TRIALS;
      const count = Math.min(CHUNK_TRIALS, trials - first);
      return { type: 'chunk', seed, stream: c, count, first };
    },
    (msg) => {
      if (msg.type === 'done') {
        done += msg.count;
        options.onProgress?.(done, trials);
      } else if (msg.type === 'counts') {
        mergeCounts(total, msg.counts);
      }
    },
  );
  const seconds = (performance.now() - started) / 1000;
  const name = subjectName(subject);
  if (broken !== undefined) {
    return {
      verdict: 'broken',
      subject: name,
      n,
      trials: done,
      alpha,
      threshold: alpha,
      tests: [],
      worst: [],
      broken,
      seconds,
      workers,
      seed,
    };
  }
  return {
    ...analyzeCounts(total, { alpha, subject: name }),
    seconds,
    trialsPerSecond: total.trials / seconds,
    workers,
    seed,
    counts: total,
  };
}
