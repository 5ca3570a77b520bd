import { chacha20 } from '../random/chacha20.ts';
import type { RandomSource } from '../random/source.ts';
import { catalogEntry } from '../shuffle/catalog/index.ts';
import { shuffle } from '../shuffle/shuffle.ts';
import type { AuditCounts } from './audit-counts.ts';
import { countTrials, type TrialFailure } from './count-trials.ts';
import { seededMathRandom } from './seeded-math-random.ts';

/**
 * What an audit worker runs: fairdeal's `shuffle`, a catalogue algorithm by name, or code of the
 * user's (a module's export, a pasted function) — which draws from `Math.random`, not from a
 * source it is handed.
 */
export type TrialSubject =
  | { readonly kind: 'fairdeal' }
  | { readonly kind: 'catalog'; readonly name: string }
  | { readonly kind: 'user'; readonly shuffle: (cards: number[]) => unknown };

/** One run of trials: `trials` shuffles from stream `stream` of `chacha20(seed)`. */
export interface TrialRun {
  readonly seed: string;
  /** The chacha20 stream (default 0): the Node runner gives each chunk of trials its own. */
  readonly stream?: number;
  readonly trials: number;
  /**
   * Progress, with the number of trials done: at most once per `progressMs` as `now` tells time
   * (checked every 16 trials; without `now`, at every check). The library reads no clock: the
   * worker passes its own (`performance.now`).
   */
  readonly onProgress?: (done: number) => void;
  readonly now?: () => number;
  readonly progressMs?: number;
}

/** How often progress is looked at, in trials (a power of two, for countTrials). */
const CHECK_EVERY = 16;

/**
 * The audit's seeded trial loop — the one the Node runner's worker threads and the web page's
 * Web Worker both run: resolves the subject once (an unknown catalogue name throws here, when the
 * worker loads, not mid-run), then for each run draws the shuffles' randomness from
 * `chacha20(seed, stream)` and counts `trials` orders into `counts` ({@link countTrials}). User
 * code gets that same stream as `Math.random` ({@link seededMathRandom}) for the run, so an
 * audit of code that calls `Math.random` replays from its seed; the previous `Math.random` is
 * put back afterwards, also when the code throws. It is never handed the source itself.
 *
 * @example
 * ```ts
 * const run = seededTrials({ kind: 'catalog', name: 'swap-any' });
 * const counts = createCounts(52);
 * run(counts, { seed: freshSeed(), trials: 20_000 }); // undefined: 20,000 orders counted
 * analyzeCounts(counts).verdict; // 'biased'
 * ```
 * @throws {FairdealError} `BAD_OPTION` for an unknown catalogue name (from `seededTrials`); the
 *   run returns a failure (throw, not a permutation) instead of throwing.
 */
export function seededTrials(
  subject: TrialSubject,
): (counts: AuditCounts, run: TrialRun) => TrialFailure | undefined {
  let fn: (cards: number[], source: RandomSource) => unknown;
  if (subject.kind === 'fairdeal') fn = (cards, source) => shuffle(cards, source);
  else if (subject.kind === 'catalog') {
    const entry = catalogEntry(subject.name);
    fn = (cards, source) => entry.run(cards, source);
  } else {
    const user = subject.shuffle;
    fn = (cards) => user(cards);
  }
  const drawsMathRandom = subject.kind === 'user';
  return (counts, run) => {
    const source = chacha20(run.seed, run.stream ?? 0);
    const { onProgress, now, progressMs = 0 } = run;
    let last = now?.() ?? 0;
    const tick =
      onProgress === undefined
        ? undefined
        : (done: number) => {
            const at = now?.() ?? 0;
            if (now !== undefined && at - last <= progressMs) return;
            last = at;
            onProgress(done);
          };
    const saved = Math.random;
    if (drawsMathRandom) Math.random = seededMathRandom(source);
    try {
      return countTrials(fn, counts, source, run.trials, tick, CHECK_EVERY);
    } finally {
      Math.random = saved;
    }
  };
}
