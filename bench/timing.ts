// How every contender is timed, in Node and in Chromium alike (no node: import).
import type { Items } from './loops.ts';

let sink = 0;
let clock: () => number = () => performance.now();
let wall = true;

/**
 * Times with `ms` (milliseconds from any origin) from now on, instead of the wall clock. Node's
 * bench processes pass the thread's CPU time ({@link threadCpuMs} in bench/cpu-clock.ts): on a
 * machine shared with other jobs, a wall-clock window holds whatever share of a core the
 * scheduler gave the process, while the CPU time counts only what the shuffles used.
 *
 * @example
 * useClock(() => performance.now());
 */
export function useClock(ms: () => number): void {
  clock = ms;
  wall = false;
}
/** Keeps the shuffles' results alive (the compiler cannot drop a shuffle whose result is read). */
export const sinkValue = () => sink;

/** The shortest stretch timed on its own under the wall clock: 40 ticks of a browser's
 *  coarsened `performance.now()` (100 µs without cross-origin isolation). */
const SAMPLE_MS = 4;

/**
 * Shuffles per second of `run` on `input` over about `budgetMs` (at least one batch): batches of
 * about 20,000 items so that small arrays are not timed one call at a time.
 *
 * Under the wall clock (Chromium) the budget is cut into samples of at least {@link SAMPLE_MS}
 * and the fastest sample's rate is returned: another job on a shared machine only ever adds
 * time to a wall-clock sample, so the fastest one is the closest to the contender's own speed,
 * and every contender is measured the same way. Under a CPU clock (Node) the whole budget is one
 * sample: the clock counts only this thread's time.
 *
 * @example
 * rateOf((a) => a, [1, 2, 3], 3, 5); // millions per second
 */
export function rateOf(
  run: (a: Items) => ArrayLike<number>,
  input: Items,
  n: number,
  budgetMs: number,
): number {
  const batch = Math.max(1, Math.floor(20_000 / n));
  const sampleMs = wall ? SAMPLE_MS : budgetMs;
  let best = 0;
  const start = clock();
  let now = start;
  do {
    const from = now;
    let ops = 0;
    do {
      for (let i = 0; i < batch; i++) sink ^= run(input)[0]!;
      ops += batch;
      now = clock();
    } while (now - from < sampleMs);
    best = Math.max(best, (ops * 1000) / (now - from));
  } while (now - start < budgetMs);
  return best;
}

/**
 * Runs `run` long enough to tier up: at least three budgets and 150 ms, and at least two runs. A
 * long loop reaches optimized code only after tens of runs (100,000 items: ~50 shuffles, longer
 * when the compiler thread waits on a loaded machine), a small shuffle after thousands: a cap
 * of a few hundred runs left 52-card shuffles in their first round at a third of their speed.
 *
 * @example
 * warmUp((a) => a, [1, 2, 3], 5);
 */
export function warmUp(run: (a: Items) => ArrayLike<number>, input: Items, budgetMs: number): void {
  const batch = Math.max(1, Math.floor(20_000 / input.length));
  const start = clock();
  let ops = 0;
  while (ops < 2 || clock() - start < Math.max(3 * budgetMs, 150)) {
    for (let i = 0; i < batch; i++) sink ^= run(input)[0]!;
    ops += batch;
  }
}

/** A contender being measured: warm it up once, then time one round at a time. */
export type Runner = { warm: () => Promise<void> | void; measure: () => Promise<number> | number };

/**
 * Every runner warmed up, then `rounds` rounds in which each is timed once, in an order that
 * rotates from round to round (so no contender always runs first or after the same one);
 * returns each runner's rates, round by round.
 *
 * @example
 * await interleave([{ warm() {}, measure: () => 1 }], 2); // [[1, 1]]
 */
export async function interleave(runners: readonly Runner[], rounds: number): Promise<number[][]> {
  for (const r of runners) await r.warm();
  const rates = runners.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < runners.length; k++) {
      const c = (k + round) % runners.length;
      rates[c]!.push(await runners[c]!.measure());
    }
  }
  return rates;
}
