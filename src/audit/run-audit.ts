import { secureRandom } from '../random/secure.ts';
import { analyzeCounts, DEFAULT_ALPHA } from './analyze-counts.ts';
import { type AuditCounts, createCounts, mergeCounts } from './audit-counts.ts';
import type { AuditResult, BrokenReason } from './audit-result.ts';
import { type AuditSubject, subjectName } from './audit-subject.ts';
import type { AuditTestResult } from './test-result.ts';

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

/** Extra time a worker gets to start and load the code under audit. */
const LOAD_GRACE_MS = 10_000;

interface Pool {
  readonly workers: import('node:worker_threads').Worker[];
  readonly lastSeen: number[];
  readonly busy: boolean[];
}

function workerUrl(): URL {
  // Run from source (.ts, Node type stripping) or from the built .js alike.
  return new URL(
    import.meta.url.endsWith('.ts') ? './audit-worker.ts' : './audit-worker.js',
    import.meta.url,
  );
}

function freshSeed(): string {
  const words = new Uint32Array(8);
  secureRandom.fillUint32(words);
  return Array.from(words, (w) => w.toString(16).padStart(8, '0')).join('');
}

function validate(n: number, trials: number, timeLimitMs: number): void {
  if (!Number.isInteger(n) || n < 1 || n > 4096) {
    throw new RangeError(`n must be an integer in [1, 4096], got ${n}`);
  }
  if (!Number.isSafeInteger(trials) || trials < 1) {
    throw new RangeError(`trials must be a positive integer, got ${trials}`);
  }
  if (!(timeLimitMs > 0)) throw new RangeError(`timeLimitMs must be positive, got ${timeLimitMs}`);
}

/**
 * Runs work on a pool of workers that each load `subject`; `assign(i)` hands worker i its next
 * message (or undefined when there is none left). Resolves with the broken reason, if any, once
 * every worker has answered `finish` (or been stopped).
 */
async function withPool(
  subject: AuditSubject,
  n: number,
  workerCount: number,
  timeLimitMs: number,
  assign: () => Record<string, unknown> | undefined,
  onMessage: (msg: Record<string, unknown>) => void,
): Promise<BrokenReason | undefined> {
  const { Worker } = await import('node:worker_threads');
  const pool: Pool = { workers: [], lastSeen: [], busy: [] };
  return new Promise((resolve) => {
    let settled = false;
    let finished = 0;
    const ready: boolean[] = new Array(workerCount).fill(false);
    const settle = (reason: BrokenReason | undefined) => {
      if (settled) return;
      settled = true;
      clearInterval(watchdog);
      for (const w of pool.workers) void w.terminate();
      resolve(reason);
    };
    const next = (i: number) => {
      const work = assign();
      const worker = pool.workers[i]!;
      pool.lastSeen[i] = performance.now();
      if (work === undefined) {
        pool.busy[i] = false;
        worker.postMessage({ type: 'finish' });
      } else {
        pool.busy[i] = true;
        worker.postMessage(work);
      }
    };
    for (let i = 0; i < workerCount; i++) {
      const worker = new Worker(workerUrl(), {
        workerData: { subject, n },
        // A runaway allocation in user code kills the worker, not the auditor.
        resourceLimits: { maxOldGenerationSizeMb: 1024 },
        stdout: true,
        stderr: true,
      });
      pool.workers.push(worker);
      pool.lastSeen.push(performance.now());
      // Loading counts as busy (a module whose top level hangs is caught too), with extra time
      // for starting a thread and compiling the modules.
      pool.busy.push(true);
      worker.on('message', (msg: Record<string, unknown>) => {
        if (settled) return;
        pool.lastSeen[i] = performance.now();
        if (msg.type === 'ready') ready[i] = true;
        if (msg.type === 'ready' || msg.type === 'done' || msg.type === 'job-result') {
          onMessage(msg);
          next(i);
        } else if (msg.type === 'counts') {
          onMessage(msg);
          if (++finished === workerCount) settle(undefined);
        } else if (msg.type === 'broken') {
          const { kind, message, trial } = msg as unknown as BrokenReason;
          settle({ kind, message, ...(trial === undefined ? {} : { trial }) });
        } else if (msg.type === 'tick') {
          onMessage(msg);
        }
      });
      worker.on('error', (error: Error) => {
        settle({ kind: 'crashed', message: `the shuffle crashed its worker: ${error.message}` });
      });
      worker.on('exit', (code) => {
        settle({ kind: 'crashed', message: `the worker exited unexpectedly (code ${code})` });
      });
    }
    const watchdog = setInterval(
      () => {
        const now = performance.now();
        for (let i = 0; i < workerCount; i++) {
          const limit = ready[i] ? timeLimitMs : timeLimitMs + LOAD_GRACE_MS;
          if (pool.busy[i] && now - pool.lastSeen[i]! > limit) {
            settle({
              kind: 'did-not-terminate',
              message: `no shuffle finished within the ${timeLimitMs} ms time limit; stopped`,
            });
          }
        }
      },
      Math.min(100, timeLimitMs / 4),
    );
  });
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
 * This is the one place of the library that uses `node:worker_threads` (loaded lazily).
 *
 * @example
 * ```ts
 * const result = await runAudit({ kind: 'catalog', name: 'swap-any' }, { seed: 'demo' });
 * result.verdict; // 'biased'
 * ```
 * @throws {RangeError} for a bad n, trials, alpha or time limit.
 */
export async function runAudit(
  subject: AuditSubject,
  options: RunAuditOptions = {},
): Promise<AuditResult> {
  const n = options.n ?? 52;
  const trials = options.trials ?? DEFAULT_TRIALS;
  const alpha = options.alpha ?? DEFAULT_ALPHA;
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  validate(n, trials, timeLimitMs);
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be in (0, 1), got ${alpha}`);
  const seed = options.seed ?? freshSeed();
  const chunks = Math.ceil(trials / CHUNK_TRIALS);
  const { availableParallelism } = await import('node:os');
  const workers = Math.max(1, Math.min(options.workers ?? availableParallelism(), chunks));
  const total = createCounts(n);
  let nextChunk = 0;
  let done = 0;
  const started = performance.now();
  const broken = await withPool(
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
        done += msg.count as number;
        options.onProgress?.(done, trials);
      } else if (msg.type === 'counts') {
        mergeCounts(total, msg.counts as AuditCounts);
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

/**
 * Calibration and power — Node-only: runs `runs` independent small audits of `subject` (run r
 * uses `chacha20(seed, r)`) over the worker pool and returns every run's test results, from
 * which callers compute false-alarm rates (fair shuffles) or detection rates (flawed ones) at
 * any α.
 *
 * @example
 * ```ts
 * const { runs } = await runCalibration({ kind: 'fairdeal' }, { n: 52, trials: 5000, runs: 1000, seed: 'cal' });
 * ```
 * @throws {RangeError} for bad numbers.
 * @throws {Error} if the subject is broken (calibration needs a working shuffle).
 */
export async function runCalibration(
  subject: AuditSubject,
  options: {
    readonly n: number;
    readonly trials: number;
    readonly runs: number;
    readonly seed: string;
    readonly workers?: number;
    readonly timeLimitMs?: number;
    readonly onProgress?: (done: number, total: number) => void;
  },
): Promise<{ runs: AuditTestResult[][]; seconds: number }> {
  const { n, trials, runs, seed } = options;
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  validate(n, trials, timeLimitMs);
  const { availableParallelism } = await import('node:os');
  const workers = Math.max(1, Math.min(options.workers ?? availableParallelism(), runs));
  const results: AuditTestResult[][] = new Array(runs);
  let next = 0;
  let done = 0;
  const started = performance.now();
  const broken = await withPool(
    subject,
    n,
    workers,
    timeLimitMs,
    () => (next < runs ? { type: 'job', seed, run: next++, trials } : undefined),
    (msg) => {
      if (msg.type === 'job-result') {
        results[msg.run as number] = msg.tests as AuditTestResult[];
        options.onProgress?.(++done, runs);
      }
    },
  );
  if (broken !== undefined) {
    throw new Error(`calibration of ${subjectName(subject)} failed: ${broken.message}`);
  }
  return { runs: results, seconds: (performance.now() - started) / 1000 };
}
