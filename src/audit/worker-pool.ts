import type { BrokenReason } from './audit-result.ts';
import type { AuditSubject } from './audit-subject.ts';
import type { AuditWorkerData, FromWorker, ToWorker, WorkMessage } from './worker-protocol.ts';

/** Extra time a worker gets to start and load the code under audit. */
const LOAD_GRACE_MS = 10_000;

function workerUrl(): URL {
  // Run from source (.ts, Node type stripping) or from the built .js alike.
  return new URL(
    import.meta.url.endsWith('.ts') ? './audit-worker.ts' : './audit-worker.js',
    import.meta.url,
  );
}

/** How many workers to start: at most one per unit of work, all cores by default. */
export async function poolSize(requested: number | undefined, units: number): Promise<number> {
  const { availableParallelism } = await import('node:os');
  return Math.max(1, Math.min(requested ?? availableParallelism(), units));
}

/**
 * Runs work on a pool of worker threads that each load `subject` — Node-only
 * (`node:worker_threads`, loaded lazily). `assign()` hands a free worker its next message, or
 * undefined when none is left (the worker is then told to finish). Every message a worker sends
 * goes to `onMessage`. Resolves once every worker has sent its counts, or with the reason the
 * audit is broken: a `broken` message, a crash or unexpected exit, or a busy worker silent for
 * `timeLimitMs` (plus a grace period while it loads). Every worker is stopped before it resolves.
 */
export async function runOnPool(
  subject: AuditSubject,
  n: number,
  workerCount: number,
  timeLimitMs: number,
  assign: () => WorkMessage | undefined,
  onMessage: (msg: FromWorker) => void,
): Promise<BrokenReason | undefined> {
  const { Worker } = await import('node:worker_threads');
  const workers: InstanceType<typeof Worker>[] = [];
  const lastSeen: number[] = [];
  const busy: boolean[] = [];
  const ready: boolean[] = new Array(workerCount).fill(false);
  return new Promise((resolve) => {
    let settled = false;
    let finished = 0;
    const settle = (reason: BrokenReason | undefined) => {
      if (settled) return;
      settled = true;
      clearInterval(watchdog);
      for (const w of workers) void w.terminate();
      resolve(reason);
    };
    const send = (i: number, msg: ToWorker) => workers[i]!.postMessage(msg);
    const next = (i: number) => {
      const work = assign();
      lastSeen[i] = performance.now();
      busy[i] = work !== undefined;
      send(i, work ?? { type: 'finish' });
    };
    for (let i = 0; i < workerCount; i++) {
      const workerData: AuditWorkerData = { subject, n };
      const worker = new Worker(workerUrl(), {
        workerData,
        // A runaway allocation in user code kills the worker, not the auditor.
        resourceLimits: { maxOldGenerationSizeMb: 1024 },
        stdout: true,
        stderr: true,
      });
      workers.push(worker);
      lastSeen.push(performance.now());
      // Loading counts as busy (a module whose top level hangs is caught too), with extra time
      // for starting a thread and compiling the modules.
      busy.push(true);
      worker.on('message', (msg: FromWorker) => {
        if (settled) return;
        lastSeen[i] = performance.now();
        switch (msg.type) {
          case 'ready':
            ready[i] = true;
            onMessage(msg);
            next(i);
            break;
          case 'done':
          case 'job-result':
            onMessage(msg);
            next(i);
            break;
          case 'counts':
            onMessage(msg);
            if (++finished === workerCount) settle(undefined);
            break;
          case 'broken': {
            const { kind, message, trial } = msg;
            settle({ kind, message, ...(trial === undefined ? {} : { trial }) });
            break;
          }
          case 'tick':
            onMessage(msg);
            break;
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
          if (busy[i] && now - lastSeen[i]! > limit) {
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
