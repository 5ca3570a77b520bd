// `node bench/ab.ts <checkout> [rounds] [budget ms] [--clean] [--sizes=5,52,…]`: this working
// tree's shuffle against another checkout's (e.g. a `git worktree` of main), both loaded into
// this one process — two module graphs, so each has its own kernels and type feedback — and
// interleaved in rounds whose order alternates; prints, per size, kind and source, the median
// of the per-round ratios (base time ÷ this tree's time: above 1 is faster here) with its
// interquartile range, and the load average. Unless --clean, both libraries first shuffle every
// kind of array (as bench/measure.ts --polluted does), alike.
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as here from '../src/index.ts';
import { KINDS, type Kind, makeItems } from './contenders.ts';

type Lib = typeof here;
const args = process.argv.slice(2);
const positional = args.filter((a) => !a.startsWith('--'));
const [checkout, roundsText = '15', budgetText = '8'] = positional;
if (checkout === undefined) {
  console.error('usage: node bench/ab.ts <checkout> [rounds] [budget ms] [--clean] [--sizes=…]');
  process.exit(2);
}
const rounds = Number(roundsText);
const budgetMs = Number(budgetText);
const clean = args.includes('--clean');
const sizesFlag = args.find((a) => a.startsWith('--sizes='));
const sizes = sizesFlag
  ? sizesFlag.slice('--sizes='.length).split(',').map(Number)
  : [5, 10, 52, 54, 108, 129, 1000, 1080, 10_000, 50_000, 100_000, 1_000_000];
const base = (await import(pathToFileURL(resolve(checkout, 'src/index.ts')).href)) as Lib;

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');
console.log(
  `A/B: this tree ÷ ${checkout}, ${rounds} rounds of ${budgetMs} ms each, ${clean ? 'clean' : 'polluted'} process; load average ${load()}`,
);

let sink = 0;
if (!clean) {
  for (const lib of [base, here]) {
    const deck = Array.from({ length: 52 }, (_, i) => i);
    const rng = lib.chacha20('pollute');
    const arrays = [
      ...KINDS.flatMap((k) => [makeItems(k, 52), makeItems(k, 1000), makeItems(k, 70_000)]),
      deck.map(String),
      deck.map((i) => ({ i })),
      deck.map((i) => i + 0.5),
      new Int16Array(52),
      new Uint8Array(52),
    ];
    for (let r = 0; r < 30; r++) {
      for (const a of arrays) {
        lib.shuffle(a as number[]);
        lib.shuffle(a as number[], rng);
      }
      lib.permutation(52);
      lib.sample(deck, 5);
      lib.toShuffled(new Float64Array(52));
    }
  }
}

const rate = (run: () => void, n: number): number => {
  const batch = Math.max(1, Math.floor(20_000 / n));
  let ops = 0;
  const start = performance.now();
  let now = start;
  do {
    for (let i = 0; i < batch; i++) run();
    ops += batch;
    now = performance.now();
  } while (now - start < budgetMs);
  return ops / (now - start);
};
const quantile = (sorted: number[], q: number) => {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  return sorted[lo]! + (sorted[Math.ceil(at)]! - sorted[lo]!) * (at - lo);
};

const rows: string[] = [];
for (const n of sizes) {
  for (const kind of KINDS as readonly Kind[]) {
    for (const seeded of [false, true]) {
      const make = (lib: Lib) => {
        const a = makeItems(kind, n) as number[];
        const rng = seeded ? lib.chacha20('ab') : undefined;
        return () => {
          sink ^= lib.shuffle(a, rng)[0]!;
        };
      };
      const runs = [make(base), make(here)] as const;
      for (const run of runs) rate(run, n); // warm up
      for (const run of runs) rate(run, n);
      const ratios: number[] = [];
      for (let r = 0; r < rounds; r++) {
        const first = r & 1;
        const x = rate(runs[first]!, n);
        const y = rate(runs[1 - first]!, n);
        const [baseRate, hereRate] = first === 0 ? [x, y] : [y, x];
        ratios.push(hereRate / baseRate);
      }
      ratios.sort((p, q) => p - q);
      const row = `${String(n).padStart(9)} ${kind.padEnd(12)} ${seeded ? 'seeded' : 'secure'}  ${quantile(ratios, 0.5).toFixed(2)}× [${quantile(ratios, 0.25).toFixed(2)}–${quantile(ratios, 0.75).toFixed(2)}]`;
      rows.push(row);
      console.log(row);
    }
  }
}
console.log(`load average at the end ${load()}${sink === 0.5 ? '' : ''}`);
