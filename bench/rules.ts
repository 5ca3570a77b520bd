// `npm run bench:rules`: Dou Dizhu legalPlays per second on whole 20-card landlord hands (seeded
// deals, seat 0 bids 3 and takes the kitty), leading (no play to beat) and following (a play to
// beat, cycling through common types). Target (issue 14): ≥ 20,000 calls a second in Node, so a
// page or a bot can call it every turn. Prints the median of five timed rounds per scenario.
import { availableParallelism, cpus } from 'node:os';
import type { Card } from '../src/index.ts';
import { deal } from '../src/index.ts';
import type { Play } from '../src/rules/doudizhu/index.ts';
import { bid, classify, legalPlays, startBidding } from '../src/rules/doudizhu/index.ts';

const HANDS = 200;
const hands: Card[][] = [];
for (let i = 0; i < HANDS; i++) {
  const s = bid(startBidding(deal('doudizhu', { seed: `bench rules ${i}` })), 0, 3);
  hands.push([...s.hands[0]!]);
}
const byCode = new Map(
  deal('doudizhu', { seed: 'bench rules codes' }).deck.map((c) => [c.code, c]),
);
const play = (codes: string): Play => classify(codes.split(' ').map((c) => byCode.get(c)!))!;
const PREVIOUS: Play[] = [
  play('7S'),
  play('8S 8H'),
  play('9S 9H 9D 4C'),
  play('5S 6S 7S 8S 9S'),
  play('3S 3H 3D 4S 4H 4D 8C JC'),
  play('TS TH TD 6C 6D'),
  play('6S 6H 7S 7H 8S 8H'),
];

// A hard hand: five trios in a row leave thousands of airplanes with wings to list.
const HARD = '3S 3H 3D 4S 4H 4D 5S 5H 5D 6S 6H 6D 7S 7H 7D 8S 9S TS JS QS'
  .split(' ')
  .map((c) => byCode.get(c)!);

let sink = 0;
function round(
  previous: (i: number) => Play | null,
  handOf: (i: number) => Card[] = (i) => hands[i]!,
): { rate: number; plays: number } {
  let calls = 0;
  let plays = 0;
  const start = performance.now();
  let now = start;
  while (now - start < 400) {
    for (let i = 0; i < HANDS; i++) {
      const list = legalPlays(handOf(i), previous(i));
      plays += list.length;
      sink ^= list.length;
    }
    calls += HANDS;
    now = performance.now();
  }
  return { rate: (calls * 1000) / (now - start), plays: plays / calls };
}

const format = (x: number) => (x >= 1e3 ? `${(x / 1e3).toFixed(1)} k` : x.toFixed(1));
console.log(
  `fairdeal rules benchmark — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ` +
    `${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'})`,
);
console.log('\n| scenario | legalPlays calls/s | plays listed per call (mean) | target ≥ 20 k/s |');
console.log('|---|---:|---:|---|');
const SCENARIOS: [string, (i: number) => Play | null, ((i: number) => Card[]) | undefined][] = [
  ['leading (no play to beat)', () => null, undefined],
  [
    'following (single, pair, trio+1, straight, airplane+wings, trio+2, pair chain)',
    (i) => PREVIOUS[i % PREVIOUS.length]!,
    undefined,
  ],
  ['leading, a hard hand: 333 444 555 666 777 8 9 10 J Q', () => null, () => HARD],
];
for (const [name, previous, handOf] of SCENARIOS) {
  round(previous, handOf); // warm-up
  const rounds = Array.from({ length: 5 }, () => round(previous, handOf));
  const median = rounds.map((r) => r.rate).sort((a, b) => a - b)[2]!;
  const ok = median >= 20_000 ? 'yes' : 'NO';
  console.log(`| ${name} | ${format(median)} | ${rounds[0]!.plays.toFixed(1)} | ${ok} |`);
}
console.log(`\n(${HANDS} seeded 20-card landlord hands; sink ${sink & 1})`);
