// One scenario (a size and a kind of array) in its own process: every contender, interleaved in
// rounds whose order rotates, so that each ratio compares rates measured seconds apart. With
// --polluted the process first runs every library contender on every kind of array (and
// fairdeal's permutation, sample and toShuffled), as an application that shuffles several kinds
// would.
import { permutation, sample, toShuffled } from '../src/index.ts';
import { CONTENDERS, type Items, KINDS, type Kind, makeItems } from './contenders.ts';

const [kind, nText, roundsText, budgetText, ...flags] = process.argv.slice(2) as [
  Kind,
  string,
  string,
  string,
  ...string[],
];
const n = Number(nText);
const rounds = Number(roundsText);
const budgetMs = Number(budgetText);
const polluted = flags.includes('--polluted');

const active = CONTENDERS.filter(
  (c) => (kind === 'Array' || c.typed) && (c.maxN === undefined || n <= c.maxN),
);
const runs = active.map((c) => c.make(n));

// Every contender's output must be a permutation of its input.
for (const [c, run] of runs.entries()) {
  const out = run(makeItems(kind, n));
  const seen = new Uint8Array(n);
  for (let i = 0; i < n; i++) seen[out[i]!] = 1;
  if (out.length !== n || seen.includes(0)) {
    console.log(JSON.stringify({ error: `${active[c]!.name}: not a permutation` }));
    process.exit(0);
  }
}

if (polluted) {
  // Each kind 60 times at 52 and 1,000 items, once at 70,000 (the wide and branch-free
  // loops); the same calls for every contender that accepts the kind.
  const deck = Array.from({ length: 52 }, (_, i) => i);
  const small: Items[] = [
    ...KINDS.map((k) => makeItems(k, 52)),
    ...KINDS.map((k) => makeItems(k, 1000)),
    deck.map(String) as unknown as Items,
    deck.map((i) => ({ i })) as unknown as Items,
    deck.map((i) => i + 0.5),
    new Int8Array(52),
    new Uint8Array(52),
    new Int16Array(52),
    new Float32Array(52),
  ];
  const large = KINDS.map((k) => makeItems(k, 70_000));
  // Libraries are shared code and see every kind; the plain loops (plain, crypto.randomInt,
  // floor) stand for a loop written next to the one array it shuffles, so they see only it: the
  // stricter comparison for fairdeal.
  const accepts = (c: number, a: Items) =>
    !active[c]!.inline && (Array.isArray(a) || active[c]!.typed);
  for (let r = 0; r < 60; r++) {
    for (const [c, run] of runs.entries())
      for (const a of r === 0 ? [...small, ...large] : small) if (accepts(c, a)) run(a);
    permutation(52);
    permutation(1000);
    sample(deck, 5);
    toShuffled(new Float64Array(52));
  }
}

const input = makeItems(kind, n);
let sink = 0;
/** Shuffles per second of one contender over about `budgetMs` (at least one shuffle). */
const rate = (run: (a: Items) => ArrayLike<number>): number => {
  const batch = Math.max(1, Math.floor(20_000 / n));
  let ops = 0;
  const start = performance.now();
  let now = start;
  do {
    for (let i = 0; i < batch; i++) sink ^= run(input)[0]!;
    ops += batch;
    now = performance.now();
  } while (now - start < budgetMs);
  return (ops * 1000) / (now - start);
};
// Warm-up: a long loop tiers up to optimized code only after tens of runs (100,000 items: ~50
// shuffles, longer when the machine is loaded and the compiler thread waits), so each contender
// first runs for several budgets — at least two runs at 10,000,000 items.
const warm = (run: (a: Items) => ArrayLike<number>) => {
  const start = performance.now();
  let ops = 0;
  while (ops < 2 || (performance.now() - start < Math.max(6 * budgetMs, 150) && ops < 400)) {
    sink ^= run(input)[0]!;
    ops++;
  }
};
for (const run of runs) warm(run);
const rates = active.map(() => [] as number[]);
for (let r = 0; r < rounds; r++) {
  for (let k = 0; k < runs.length; k++) {
    const c = (k + r) % runs.length;
    rates[c]!.push(rate(runs[c]!));
  }
}
const out = Object.fromEntries(active.map((c, i) => [c.name, rates[i]]));
console.log(JSON.stringify({ rates: out, sink: sink & 1 }));
