// `node bench/measure.ts <kind> <n> <rounds> <budget ms> [--polluted]`: one scenario (a size and
// a kind of array) with every contender in this one process, interleaved in rounds whose order
// rotates, so that each ratio compares rates measured seconds apart. With --polluted every
// contender — fairdeal, the peers, the plain loop and the floor alike — first runs on every kind
// of array (bench/pollute.ts). Prints {rates} as JSON. The clean counterpart, each contender in a
// process of its own, is bench/clean-node.ts.
import { permutation, sample, toShuffled } from '../src/index.ts';
import { CONTENDERS, type Kind, makeItems } from './contenders.ts';
import { threadCpuMs } from './cpu-clock.ts';
import { activeFor, notAPermutation } from './loops.ts';
import { pollute } from './pollute.ts';
import { interleave, rateOf, sinkValue, useClock, warmUp } from './timing.ts';

const [kind, nText, roundsText, budgetText, ...flags] = process.argv.slice(2) as [
  Kind,
  string,
  string,
  string,
  ...string[],
];
const n = Number(nText);
const budgetMs = Number(budgetText);
useClock(threadCpuMs);
const active = activeFor(CONTENDERS, kind, n);
const runs = active.map((c) => c.make(n));

for (const [c, run] of runs.entries()) {
  const why = notAPermutation(run(makeItems(kind, n)), n);
  if (why !== undefined) {
    console.log(JSON.stringify({ error: `${active[c]!.name}: ${why}` }));
    process.exit(0);
  }
}
if (flags.includes('--polluted')) {
  const deck = Array.from({ length: 52 }, (_, i) => i);
  pollute(active, runs, () => {
    permutation(52);
    permutation(1000);
    sample(deck, 5);
    toShuffled(new Float64Array(52));
  });
}
const input = makeItems(kind, n);
const rates = await interleave(
  runs.map((run) => ({
    warm: () => warmUp(run, input, budgetMs),
    measure: () => rateOf(run, input, n, budgetMs),
  })),
  Number(roundsText),
);
const out = Object.fromEntries(active.map((c, i) => [c.name, rates[i]]));
console.log(JSON.stringify({ rates: out, sink: sinkValue() & 1 }));
