// `npm run bench:smoke` (run by `npm test`): the deck case's fast path must still be there. A
// shuffle of 52 cards, secure and seeded, against the plain Math.random loop in this process,
// interleaved in short rounds whose order rotates; the median of the per-round ratios must reach
// MIN_PLAIN. Measured at a load average of 3 on 2 cores: ~2.8× with the pooled kernels, ~1.45×
// with them switched off (shuffle() sent to the careful loop). The bar sits between, so that
// load on a shared machine (which slows every contender alike, rounds being interleaved) does
// not fail the smoke and a lost fast path does; a case below it is measured once more before it
// fails. Measured twice: in a clean process, then
// after the kernels have seen every other kind of array (the type feedback that the per-family
// copies in src/shuffle/kernels/ exist to keep apart).
// A benchmark with a wide margin, not a timed unit test: it never asserts a time, only a ratio.
import { loadavg } from 'node:os';
import { chacha20, permutation, shuffle, toShuffled } from '../src/index.ts';
import { plainLoop } from './contenders.ts';

/** A median that a lost fast path falls well below (see above). */
const MIN_PLAIN = 1.9;
const ROUNDS = 41;
const BATCH = 2000;

let sink = 0;
const deck = Array.from({ length: 52 }, (_, i) => i);
const rng = chacha20('bench smoke');
const contenders: Record<string, () => void> = {
  secure: () => {
    sink ^= shuffle(deck)[0]!;
  },
  seeded: () => {
    sink ^= shuffle(deck, rng)[0]!;
  },
  plain: () => {
    sink ^= plainLoop(deck)[0]!;
  },
};
const names = Object.keys(contenders);

/** Nanoseconds per shuffle of one batch. */
const time = (run: () => void): number => {
  const start = process.hrtime.bigint();
  for (let i = 0; i < BATCH; i++) run();
  return Number(process.hrtime.bigint() - start) / BATCH;
};

const quantile = (sorted: number[], q: number) => {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  return sorted[lo]! + (sorted[Math.ceil(at)]! - sorted[lo]!) * (at - lo);
};

/** The comparisons: fairdeal's contender, the one it is compared with, the bar. */
const PAIRS = [
  ['secure', 'plain', MIN_PLAIN],
  ['seeded', 'plain', MIN_PLAIN],
] as const;

/** Per pair, the quartiles of (the other's time ÷ fairdeal's) over the rounds. */
function measure(): [name: string, bar: number, quartiles: [number, number, number]][] {
  for (const name of names) for (let i = 0; i < 20; i++) time(contenders[name]!); // warm up
  const ratios: number[][] = PAIRS.map(() => []);
  for (let r = 0; r < ROUNDS; r++) {
    const ns: Record<string, number> = {};
    for (let k = 0; k < names.length; k++) {
      const name = names[(k + r) % names.length]!;
      ns[name] = time(contenders[name]!);
    }
    for (const [p, [ours, other]] of PAIRS.entries()) ratios[p]!.push(ns[other]! / ns[ours]!);
  }
  return PAIRS.map(([ours, other, bar], p) => {
    const xs = ratios[p]!.sort((a, b) => a - b);
    const q: [number, number, number] = [quantile(xs, 0.25), quantile(xs, 0.5), quantile(xs, 0.75)];
    return [`${ours} ÷ ${other}`, bar, q];
  });
}

/** What an application that shuffles several kinds of array has run before its decks. */
function pollute(): void {
  const other = [
    new Uint32Array(52),
    new Float64Array(1000).map((_, i) => i),
    deck.map(String),
    deck.map((i) => ({ i })),
    new Int16Array(52),
    Array.from({ length: 70_000 }, (_, i) => i),
  ];
  for (let r = 0; r < 30; r++) {
    for (const a of other) shuffle(a as number[], r & 1 ? rng : undefined);
    permutation(52);
    toShuffled(new Float64Array(52));
  }
}

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');
const loadBefore = load();
const failures: string[] = [];
for (const phase of ['clean', 'after other kinds'] as const) {
  if (phase !== 'clean') pollute();
  let results = measure();
  const below = () => results.some(([, bar, [, median]]) => !(median >= bar));
  if (below()) {
    console.log(`bench smoke: ${phase}: below the bar, measuring again`);
    results = measure();
  }
  for (const [name, bar, [q1, median, q3]] of results) {
    const line = `52 cards, ${phase}, ${name}: ${median.toFixed(2)}× [IQR ${q1.toFixed(2)}–${q3.toFixed(2)}] (bar ${bar}×, ${ROUNDS} rounds)`;
    console.log(`bench smoke: ${line}`);
    if (!(median >= bar)) failures.push(line);
  }
}
console.log(`bench smoke: load average ${loadBefore} before, ${load()} after (1 / 5 / 15 min)`);
if (failures.length > 0) {
  console.error(
    `bench smoke FAILED: the pooled kernels' fast path for ` +
      `decks is lost (src/shuffle/kernels/, docs/RANDOM.md "How shuffle v1 runs fast"):\n  ${failures.join('\n  ')}`,
  );
  process.exitCode = 1;
}
if (sink === 0.5) console.log(sink); // keep the results alive
