import type { RandomSource } from '../random/source.ts';
import { type AuditCounts, addOrder } from './audit-counts.ts';
import { checkPermutation } from './check-permutation.ts';

/** Why a shuffle under audit stopped the trials: it threw, or its answer was not a permutation. */
export interface TrialFailure {
  readonly kind: 'threw' | 'not-a-permutation';
  readonly message: string;
  /** The failing trial, counted from 0 within this call. */
  readonly trial: number;
}

/**
 * The audit's trial loop, shared by the Node runner's worker threads and the web page's Web
 * Worker: `trials` times, hands `fn` a fresh `[0, 1, …, n − 1]` (n = `counts.n`) and `source`,
 * takes its answer (or the array itself when it answers `undefined`, an in-place shuffle),
 * checks that it is a permutation and adds it to `counts`. Stops at the first failure and
 * returns it; `onTick(done)` runs every `tickEvery` trials (a power of two), for progress.
 *
 * @example
 * ```ts
 * const counts = createCounts(52);
 * const failure = countTrials((cards, rng) => shuffle(cards, rng), counts, chacha20('audit'), 20_000);
 * failure; // undefined: 20,000 orders counted
 * ```
 * @throws whatever `onTick` throws (a throwing `fn` is a failure, returned).
 */
export function countTrials(
  fn: (cards: number[], source: RandomSource) => unknown,
  counts: AuditCounts,
  source: RandomSource,
  trials: number,
  onTick?: (done: number) => void,
  tickEvery = 64,
): TrialFailure | undefined {
  const n = counts.n;
  const scratch = new Int32Array(n);
  const seen = new Uint8Array(n);
  const mask = tickEvery - 1;
  for (let trial = 0; trial < trials; trial++) {
    const cards = new Array<number>(n);
    for (let i = 0; i < n; i++) cards[i] = i;
    let out: unknown;
    try {
      out = fn(cards, source);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { kind: 'threw', message, trial };
    }
    const order = out === undefined ? cards : out;
    const problem = checkPermutation(order, n, seen);
    if (problem !== undefined) return { kind: 'not-a-permutation', message: problem, trial };
    addOrder(counts, order as ArrayLike<number>, scratch);
    if ((trial & mask) === mask) onTick?.(trial + 1);
  }
  return undefined;
}
