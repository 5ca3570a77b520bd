// Node-only: the worker side of the auditor's pool (worker-pool.ts; messages in
// worker-protocol.ts). It loads the shuffle under audit, runs chunks of seeded trials, validates
// and counts them, and reports ticks so the main thread can tell a hang (no tick within the time
// limit) from slow progress.
import { parentPort, workerData } from 'node:worker_threads';
import { analyzeCounts } from './analyze-counts.ts';
import { type AuditCounts, createCounts } from './audit-counts.ts';
import { seededTrials, type TrialSubject } from './seeded-trials.ts';
import type { AuditWorkerData, FromWorker, ToWorker } from './worker-protocol.ts';

const parent = parentPort!;
const port = {
  postMessage: (msg: FromWorker, transfer?: ArrayBuffer[]) => parent.postMessage(msg, transfer),
  on: (event: 'message', listener: (msg: ToWorker) => void) => parent.on(event, listener),
};
const { subject, n } = workerData as AuditWorkerData;
const TICK_MS = 100;

async function load(): Promise<TrialSubject> {
  if (subject.kind !== 'module') return subject;
  const mod = (await import(subject.url)) as Record<string, unknown>;
  let fn: unknown;
  if (subject.exportName !== undefined) {
    fn = mod[subject.exportName];
    if (typeof fn !== 'function')
      throw new Error(`export '${subject.exportName}' is not a function`);
  } else if (typeof mod.default === 'function') {
    fn = mod.default;
  } else {
    const functions = Object.keys(mod).filter((k) => typeof mod[k] === 'function');
    if (functions.length !== 1) {
      throw new Error(
        `no default export and ${functions.length} exported functions (${functions.join(', ')}): name one with FILE#EXPORT`,
      );
    }
    fn = mod[functions[0]!];
  }
  // User code draws from Math.random: seededTrials makes it the seeded stream during the
  // trials, so audits of user code are reproducible too.
  return { kind: 'user', shuffle: fn as (cards: number[]) => unknown };
}

type Run = ReturnType<typeof seededTrials>;

/** Runs `count` trials on stream `stream`; returns false (after reporting) when broken. */
function runTrials(
  run: Run,
  counts: AuditCounts,
  seed: string,
  stream: number,
  count: number,
  firstTrial: number,
): boolean {
  const failure = run(counts, {
    seed,
    stream,
    trials: count,
    // The heartbeat the main thread's watchdog waits for (worker-pool.ts).
    now: () => performance.now(),
    progressMs: TICK_MS,
    onProgress: (done) => port.postMessage({ type: 'tick', trial: firstTrial + done - 1 }),
  });
  if (failure === undefined) return true;
  port.postMessage({
    type: 'broken',
    kind: failure.kind,
    message: failure.message,
    trial: firstTrial + failure.trial,
  });
  return false;
}

let loaded: Run | undefined;
try {
  loaded = seededTrials(await load());
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  port.postMessage({ type: 'broken', kind: 'not-loadable', message });
}
const counts = createCounts(n);

if (loaded !== undefined) {
  const runSeeded = loaded;
  port.on('message', (msg) => {
    if (msg.type === 'chunk') {
      const { seed, stream, count, first } = msg;
      port.postMessage({ type: 'tick', trial: first });
      if (runTrials(runSeeded, counts, seed, stream, count, first)) {
        port.postMessage({ type: 'done', count });
      }
    } else if (msg.type === 'job') {
      const { seed, run, trials } = msg;
      const job = createCounts(n);
      port.postMessage({ type: 'tick', trial: 0 });
      if (runTrials(runSeeded, job, seed, run, trials, 0)) {
        // From a timer, for the reason given at 'finish' below.
        setTimeout(() => {
          port.postMessage({ type: 'job-result', run, tests: analyzeCounts(job).tests });
        }, 0);
      }
    } else if (msg.type === 'finish') {
      // Answer from a timer of our own: timers the module set during its trials with no delay
      // expire first, so an error such a timer throws crashes this worker (a `broken` verdict)
      // before the counts can be taken as a result. Without it the outcome was a race.
      setTimeout(() => {
        const { position, pairs, rising, perms } = counts;
        port.postMessage({ type: 'counts', counts }, [
          position.buffer,
          pairs.buffer,
          rising.buffer,
          perms.buffer,
        ] as ArrayBuffer[]);
      }, 0);
    }
  });
  port.postMessage({ type: 'ready' });
}
