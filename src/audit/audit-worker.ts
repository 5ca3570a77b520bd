// Node-only: the worker side of the auditor's pool (worker-pool.ts; messages in
// worker-protocol.ts). It loads the shuffle under audit, runs chunks of seeded trials, validates
// and counts them, and reports ticks so the main thread can tell a hang (no tick within the time
// limit) from slow progress.
import { parentPort, workerData } from 'node:worker_threads';
import { chacha20 } from '../random/chacha20.ts';
import type { RandomSource } from '../random/source.ts';
import { catalogEntry } from '../shuffle/catalog/index.ts';
import { shuffle } from '../shuffle/shuffle.ts';
import { analyzeCounts } from './analyze-counts.ts';
import { type AuditCounts, createCounts } from './audit-counts.ts';
import { countTrials } from './count-trials.ts';
import { seededMathRandom } from './seeded-math-random.ts';
import type { AuditWorkerData, FromWorker, ToWorker } from './worker-protocol.ts';

type Fn = (cards: number[], source: RandomSource) => unknown;

const parent = parentPort!;
const port = {
  postMessage: (msg: FromWorker, transfer?: ArrayBuffer[]) => parent.postMessage(msg, transfer),
  on: (event: 'message', listener: (msg: ToWorker) => void) => parent.on(event, listener),
};
const { subject, n } = workerData as AuditWorkerData;
const TICK_MS = 100;

async function load(): Promise<Fn> {
  if (subject.kind === 'fairdeal') return (cards, source) => shuffle(cards, source);
  if (subject.kind === 'catalog') {
    const entry = catalogEntry(subject.name);
    return (cards, source) => entry.run(cards, source);
  }
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
  const user = fn as (cards: number[]) => unknown;
  // User code draws from Math.random: within this worker it is replaced by the seeded stream,
  // so audits of user code are reproducible too (doubles with 53 random bits, like V8's).
  return (cards) => user(cards);
}

/** Runs `count` trials on stream `stream`; returns false (after reporting) when broken. */
function runTrials(
  fn: Fn,
  counts: AuditCounts,
  seed: string,
  stream: number,
  count: number,
  firstTrial: number,
): boolean {
  const source = chacha20(seed, stream);
  if (subject.kind === 'module') Math.random = seededMathRandom(source);
  let lastTick = performance.now();
  const failure = countTrials(
    fn,
    counts,
    source,
    count,
    (done) => {
      const now = performance.now();
      if (now - lastTick > TICK_MS) {
        port.postMessage({ type: 'tick', trial: firstTrial + done - 1 });
        lastTick = now;
      }
    },
    16,
  );
  if (failure === undefined) return true;
  port.postMessage({
    type: 'broken',
    kind: failure.kind,
    message: failure.message,
    trial: firstTrial + failure.trial,
  });
  return false;
}

let loaded: Fn | undefined;
try {
  loaded = await load();
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  port.postMessage({ type: 'broken', kind: 'not-loadable', message });
}
const counts = createCounts(n);

if (loaded !== undefined) {
  const fn = loaded;
  port.on('message', (msg) => {
    if (msg.type === 'chunk') {
      const { seed, stream, count, first } = msg;
      port.postMessage({ type: 'tick', trial: first });
      if (runTrials(fn, counts, seed, stream, count, first)) {
        port.postMessage({ type: 'done', count });
      }
    } else if (msg.type === 'job') {
      const { seed, run, trials } = msg;
      const job = createCounts(n);
      port.postMessage({ type: 'tick', trial: 0 });
      if (runTrials(fn, job, seed, run, trials, 0)) {
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
