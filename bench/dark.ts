// `node bench/dark.ts` (npm run bench:dark): what a dark deal costs in Node, step by step, for a
// three-seat Dou Dizhu hand (docs/DARK.md §13, docs/BENCHMARKS.md "Dark deals"). Each row: the
// median of 11 runs after 2 warm-up runs, with the interquartile range. The whole deal runs every
// seat in this one process, one after the other; at a table each seat works on its own device,
// so the wall time there is about the critical path (shown too). The last rows measure one
// cut-and-choose round of a zero-knowledge shuffle proof (one more shuffle to make, one to
// replay), the building block of the stretch goal's estimate.
import { loadavg } from 'node:os';
import {
  checkSeatKey,
  checkShare,
  DarkSeat,
  type DarkShareJSON,
  type DarkStepJSON,
  darkDeck,
  jointKey,
  loadDarkGroup,
  makeSeatKey,
  makeShare,
  readStepDeck,
  shuffleStep,
  startDeck,
  verifyDarkTranscript,
} from '../src/dark/index.ts';
import { keyScalar } from '../src/dark/seat-key.ts';
import { sha256 } from '../src/random/sha256.ts';
import { darkHand } from '../test/support/dark-hand.ts';

const RUNS = 11;
const label = (s: string) => sha256(new TextEncoder().encode(s));

async function measure(run: () => unknown): Promise<[number, number, number]> {
  for (let i = 0; i < 2; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const q = (f: number) => times[Math.round(f * (RUNS - 1))]!;
  return [q(0.5), q(0.25), q(0.75)];
}

const rows: [string, [number, number, number]][] = [];
const row = async (name: string, run: () => unknown) => {
  rows.push([name, await measure(run)]);
};

const group = await loadDarkGroup();
const context = { table: 'bench', hand: 1, preset: 'doudizhu', seats: 3 };
const deck = darkDeck(group, 'doudizhu', 3);
const G = group.Point.BASE;
const xs = [0, 1, 2].map((i) => keyScalar(group, label(`bench key ${i}`)));
const keys = [0, 1, 2].map((i) => makeSeatKey(group, context, i, label(`bench key ${i}`)));
const hs = xs.map((x) => G.multiply(x));
const H = jointKey(group, hs);
const start = startDeck(group, deck.points);
const once = shuffleStep(group, H, start, label('bench step 0'));
const positions = Array.from({ length: 17 }, (_, k) => 3 * k); // seat 0's 17 cards
let shares: DarkShareJSON[] = [];

await row('one scalar multiplication, x·G', () => G.multiply(xs[0]!));
await row('one scalar multiplication, x·P', () => hs[1]!.multiply(xs[0]!));
await row('a seat key and its proof (make)', () => makeSeatKey(group, context, 0, label('k')));
await row('a seat key (check)', () => checkSeatKey(group, context, keys[1]!));
await row('one shuffle step of 54 (make)', () =>
  shuffleStep(group, H, once, label('bench step 1')),
);
await row("shares + proofs for one seat's 17 cards (one other seat makes them)", () => {
  shares = positions.map((p) => makeShare(group, context, 1, xs[1]!, hs[1]!, once[p]!.a, p));
});
await row('checking those 17 shares', () => {
  for (const s of shares) checkShare(group, context, hs[1]!, once[s.position]!.a, s);
});

// A whole deal: keys, three steps, every seat's 34 shares, every seat checking the 34 it needs
// and opening its 17 cards; and its critical path (one seat's key, the three steps in turn, one
// seat's 34 shares and its checking of 34 shares and opening of 17 — seats work in parallel).
let critical = 0;
await row(
  'whole deal, 3 seats in one process (first shuffle to every seat seeing 17 cards)',
  async () => {
    const seats = await Promise.all(
      [0, 1, 2].map((seat) =>
        DarkSeat.create({
          ...context,
          seat,
          keySecret: label(`w${seat}`),
          stepSeed: label(`s${seat}`),
        }),
      ),
    );
    // Keys: made and checked by every seat at once, so a third of the time is on the path.
    let t = performance.now();
    const ks = seats.map((s) => s.keyMessage());
    for (const s of seats) s.acceptKeys(ks);
    let path = (performance.now() - t) / 3;
    // Steps: one after the other, all of it on the path.
    t = performance.now();
    const steps: DarkStepJSON[] = [];
    for (const s of seats) steps.push(s.shuffle(steps.at(-1)?.deck ?? null));
    path += performance.now() - t;
    // Deal: every seat makes its 34 shares, then checks the 34 it needs and opens its 17 cards.
    t = performance.now();
    for (const s of seats) s.acceptDeck(steps);
    const all = seats.map((s) => s.dealShares());
    for (const s of seats) {
      s.acceptShares(all.flat().filter((x) => deck.route[x.position] === `hand:${s.seat}`));
      s.hand();
    }
    critical = path + (performance.now() - t) / 3;
  },
);
rows.push(['  its critical path (seats in parallel)', [critical, critical, critical]]);

const { transcript } = await darkHand({ label: 'bench', plays: 1 });
await row('verifyDarkTranscript of a whole hand (every step replayed)', () =>
  verifyDarkTranscript(transcript),
);
const final = readStepDeck(group, transcript.steps[2]!, 54);
await row('one cut-and-choose round of a shuffle proof: one more step of 54 (make)', () =>
  shuffleStep(group, H, final, label('round')),
);

console.log(
  `Node ${process.version}, ${new Date().toISOString()}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log('| step | median | IQR |');
console.log('|---|---|---|');
for (const [name, [m, lo, hi]] of rows) {
  const f = (x: number) => (x < 1 ? `${(x * 1000).toFixed(0)} µs` : `${x.toFixed(1)} ms`);
  console.log(`| ${name} | ${f(m)} | ${f(lo)}–${f(hi)} |`);
}
