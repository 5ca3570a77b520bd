import type { AuditCounts } from './audit-counts.ts';
import type { BrokenReason } from './audit-result.ts';
import type { AuditSubject } from './audit-subject.ts';
import type { AuditTestResult } from './test-result.ts';

/**
 * The messages between the auditor (worker-pool.ts) and its workers (audit-worker.ts), typed on
 * both sides so that neither can send what the other does not read.
 */

/** What every worker is started with. */
export interface AuditWorkerData {
  readonly subject: AuditSubject;
  readonly n: number;
}

/** Main → worker. */
export type ToWorker =
  /** runAudit: run `count` trials on stream `stream` of `seed` into the worker's counts. */
  | {
      readonly type: 'chunk';
      readonly seed: string;
      readonly stream: number;
      readonly count: number;
      readonly first: number;
    }
  /** runCalibration: one whole small audit, run `run` (stream `run` of `seed`). */
  | { readonly type: 'job'; readonly seed: string; readonly run: number; readonly trials: number }
  /** No more work: send your counts. */
  | { readonly type: 'finish' };

/** Worker → main. */
export type FromWorker =
  /** Loaded the shuffle; ready for work. */
  | { readonly type: 'ready' }
  /** Still making progress (the watchdog's heartbeat). */
  | { readonly type: 'tick'; readonly trial: number }
  /** A chunk is counted. */
  | { readonly type: 'done'; readonly count: number }
  /** A calibration run's test results. */
  | {
      readonly type: 'job-result';
      readonly run: number;
      readonly tests: readonly AuditTestResult[];
    }
  /** Every chunk's counts, after `finish`. */
  | { readonly type: 'counts'; readonly counts: AuditCounts }
  /** The shuffle under audit failed: the audit stops with this reason. */
  | ({ readonly type: 'broken' } & BrokenReason);

/** The work messages a pool hands out (never `finish`: the pool sends that itself). */
export type WorkMessage = Exclude<ToWorker, { type: 'finish' }>;
