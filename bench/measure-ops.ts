// Operations other than whole shuffles, each group in its own process and interleaved in rounds
// like measure.ts: sample, uniformInt, permutation, fair deals and verify. Prints JSON:
// { rows: [{ group, name, rates: number[] }] }.
import lodashShuffle from 'lodash.shuffle';
import { chacha20, permutation, sample, toShuffled, uniformInt } from '../src/index.ts';
import { plainLoop } from './contenders.ts';

const [group, roundsText, budgetText] = process.argv.slice(2) as [string, string, string];
const rounds = Number(roundsText);
const budgetMs = Number(budgetText);

/** lodash's sampleSize (4.17, `arraySampleSize` → `shuffleSelf`), inlined: lodash.sampleSize is
 *  not a dependency here, and this is its whole algorithm — copy, partial Math.random shuffle. */
function lodashSampleSize<T>(collection: readonly T[], size: number): T[] {
  const array = collection.slice();
  const lastIndex = array.length - 1;
  for (let index = 0; index < size; index++) {
    const rand = index + Math.floor(Math.random() * (lastIndex - index + 1));
    const value = array[rand]!;
    array[rand] = array[index]!;
    array[index] = value;
  }
  array.length = size;
  return array;
}

type Row = { name: string; run: () => unknown };
const rows: Row[] = [];
const deck = Array.from({ length: 52 }, (_, i) => ({ card: i }));
const million = Array.from({ length: 1_000_000 }, (_, i) => i);
const seeded = chacha20('bench ops');

if (group === 'sample') {
  for (const [label, items, k] of [
    ['sample(deck52, 5)', deck, 5],
    ['sample(1e6, 1,000)', million, 1000],
    ['sample(1e6, 50,000)', million, 50_000],
    ['sample(1e6, 125,000)', million, 125_000],
  ] as const) {
    rows.push({
      name: `${label} — fairdeal (secure)`,
      run: () => sample(items as readonly unknown[], k),
    });
    rows.push({
      name: `${label} — fairdeal (chacha20)`,
      run: () => sample(items as readonly unknown[], k, seeded),
    });
    rows.push({
      name: `${label} — lodash sampleSize (inlined)`,
      run: () => lodashSampleSize(items as readonly unknown[], k),
    });
    rows.push({
      name: `${label} — toShuffled().slice`,
      run: () => toShuffled(items as readonly unknown[]).slice(0, k),
    });
    if (items === deck)
      rows.push({
        name: `${label} — lodash.shuffle().slice`,
        run: () => lodashShuffle(deck).slice(0, k),
      });
  }
} else if (group === 'uniformInt') {
  for (const n of [6, 52, 1_000_000_000]) {
    rows.push({ name: `uniformInt(${n}) — fairdeal (secure)`, run: () => uniformInt(n) });
    rows.push({ name: `uniformInt(${n}) — fairdeal (chacha20)`, run: () => uniformInt(n, seeded) });
    rows.push({
      name: `uniformInt(${n}) — Math.floor(Math.random() * n)`,
      run: () => Math.floor(Math.random() * n),
    });
  }
} else if (group === 'permutation') {
  for (const n of [52, 1_000_000]) {
    rows.push({ name: `permutation(${n}) — fairdeal (secure)`, run: () => permutation(n) });
    rows.push({
      name: `permutation(${n}) — fairdeal (chacha20)`,
      run: () => permutation(n, seeded),
    });
    rows.push({
      name: `permutation(${n}) — plain loop on a new Uint32Array`,
      run: () => plainLoop(new Uint32Array(n).map((_, i) => i)),
    });
  }
} else if (group === 'fair') {
  // Through the public fair entry, looked up by name: the fair layer is being reworked, and a
  // renamed function should cost this row, not the whole benchmark.
  const fair = (await import('../src/fair/index.ts')) as unknown as Record<string, unknown>;
  const fairDeal = fair.fairDeal as
    | ((preset: string, o: object) => { transcript: unknown })
    | undefined;
  const verify = fair.verify as ((t: unknown) => { ok: boolean }) | undefined;
  if (typeof fairDeal === 'function') {
    rows.push({
      name: 'fair Dou Dizhu deal — fairDeal, one client seed',
      run: () => fairDeal('doudizhu', { clientSeed: 'alice' }),
    });
  }
  // The whole protocol of a three-player hand, the dealer's part and the players' together: open
  // (server seed, commitment), each player's commitment to its own seed (made against the
  // announcement, so it cannot be prepared beforehand), the roster, three reveals, the deal.
  const FairRound = fair.FairRound as
    | {
        open(o: object): {
          announcement: unknown;
          commit(p: string, c: string): void;
          closeRoster(): unknown;
          reveal(p: string, seed: string, salt: string): void;
          deal(): { transcript: unknown };
        };
      }
    | undefined;
  const commitClientSeed = fair.commitClientSeed as
    | ((a: unknown, p: string, seed: string) => { commitment: string; seed: string; salt: string })
    | undefined;
  let threePlayers: (() => { transcript: unknown }) | undefined;
  if (FairRound !== undefined && typeof commitClientSeed === 'function') {
    const players = ['alice', 'bob', 'carol'];
    threePlayers = () => {
      const round = FairRound.open({
        table: 'bench',
        hand: 1,
        prev: null,
        preset: 'doudizhu',
        options: {},
        seating: players,
      });
      const secrets = players.map((p) => commitClientSeed(round.announcement, p, `${p} seed`));
      for (const [i, p] of players.entries()) round.commit(p, secrets[i]!.commitment);
      round.closeRoster();
      for (const [i, p] of players.entries()) round.reveal(p, secrets[i]!.seed, secrets[i]!.salt);
      return round.deal();
    };
    rows.push({
      name: 'fair Dou Dizhu hand, 3 players — FairRound: open, 3 commitments, roster, 3 reveals, deal',
      run: threePlayers,
    });
  }
  if (typeof verify === 'function' && threePlayers !== undefined) {
    const copy = JSON.parse(JSON.stringify(threePlayers().transcript));
    if (!verify(copy).ok) throw new Error('bench: the fair transcript does not verify');
    rows.push({ name: 'verify a 3-player Dou Dizhu transcript — verify', run: () => verify(copy) });
  }
} else {
  throw new Error(`bench: unknown group ${group}`);
}

let sink = 0;
const rate = (run: () => unknown): number => {
  let ops = 0;
  const start = performance.now();
  let now = start;
  do {
    for (let i = 0; i < 16; i++) sink ^= run() === undefined ? 1 : 0;
    ops += 16;
    now = performance.now();
  } while (now - start < budgetMs);
  return (ops * 1000) / (now - start);
};
for (const row of rows) rate(row.run);
const rates = rows.map(() => [] as number[]);
for (let r = 0; r < rounds; r++)
  for (let k = 0; k < rows.length; k++) {
    const c = (k + r) % rows.length;
    rates[c]!.push(rate(rows[c]!.run));
  }
console.log(
  JSON.stringify({ rows: rows.map((row, i) => ({ name: row.name, rates: rates[i] })), sink }),
);
