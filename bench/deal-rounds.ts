// The measurement of `npm run bench:deals` (bench/deals.ts), one module for Node and Chromium:
// Node imports it, the page loads it from the same file (served with its types stripped), so
// both run exactly these cases and this loop. Every case is timed in each round, in an order
// that rotates from round to round, so a deal and its deck's shuffle are measured seconds apart
// and their per-round ratio cancels most of what a loaded machine adds.

import * as fairHere from '../src/fair/index.ts';
import * as here from '../src/index.ts';

/** The library's entries a case calls: this tree's, or another checkout's (`--base`). */
export type Lib = Pick<typeof here, 'buildDeck' | 'chacha20' | 'deal' | 'toShuffled'>;
export type FairLib = Pick<
  typeof fairHere,
  'FairRound' | 'commitClientSeed' | 'fairDeal' | 'verify'
>;

/** One timed case: `base` names the case its per-round ratio is taken against; `goal` says
 *  which of issue 25's targets applies (a deal within 3× its shuffle; under 20 µs). */
export interface DealCase {
  readonly name: string;
  readonly run: () => unknown;
  readonly base?: string;
  readonly goal?: 'ratio' | 'time';
}

/** The rows of a run: µs per call of each case, one number per round. */
export interface DealRoundsResult {
  readonly rows: {
    readonly name: string;
    readonly base?: string;
    readonly goal?: 'ratio' | 'time';
    readonly us: number[];
  }[];
}

/** A 3-player Dou Dizhu hand through FairRound (open, commitments, roster, reveals, deal). */
function threePlayerTranscript(fair: FairLib): unknown {
  const { FairRound, commitClientSeed } = fair;
  const players = ['alice', 'bob', 'carol'];
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
  return round.deal().transcript;
}

/**
 * The cases: each preset's deal beside the shuffle of its own canonical deck (secure source),
 * a seeded Dou Dizhu deal beside a seeded shuffle (both make their chacha20 source from the
 * seed), a fair Dou Dizhu deal and the verify of its transcript and of a 3-player hand's.
 * Transcripts are JSON round-tripped, as a checker receives them. The fair rows' ratio is to
 * the 54-card shuffle: a measure of their time that a loaded machine moves less. `tag` is added
 * to every name (another checkout's cases, e.g. ` (before)`).
 *
 * @example
 * ```ts
 * dealCases().map((c) => c.name);
 * ```
 */
export function dealCases(lib: Lib = here, fair: FairLib = fairHere, tag = ''): DealCase[] {
  const { buildDeck, chacha20, deal, toShuffled } = lib;
  const { fairDeal, verify } = fair;
  const d54 = buildDeck('standard-54');
  const d52 = buildDeck('standard-52');
  const d108 = buildDeck('double-108');
  const single = JSON.parse(
    JSON.stringify(fairDeal('doudizhu', { clientSeed: 'alice' }).transcript),
  );
  const three = JSON.parse(JSON.stringify(threePlayerTranscript(fair)));
  if (!verify(single).ok || !verify(three).ok)
    throw new Error('bench: a transcript does not verify');
  let n = 0;
  const s54 = `shuffle 54 (toShuffled, secure)${tag}`;
  const s52 = `shuffle 52 (toShuffled, secure)${tag}`;
  const s108 = `shuffle 108 (toShuffled, secure)${tag}`;
  const seeded = `shuffle 54 (toShuffled, chacha20(seed))${tag}`;
  return [
    { name: s54, run: () => toShuffled(d54) },
    { name: `deal('doudizhu')${tag}`, run: () => deal('doudizhu'), base: s54, goal: 'ratio' },
    { name: s52, run: () => toShuffled(d52) },
    { name: `deal('bridge')${tag}`, run: () => deal('bridge'), base: s52, goal: 'ratio' },
    { name: s108, run: () => toShuffled(d108) },
    { name: `deal('shengji')${tag}`, run: () => deal('shengji'), base: s108, goal: 'ratio' },
    { name: seeded, run: () => toShuffled(d54, chacha20(`seed ${n++}`)) },
    {
      name: `deal('doudizhu', { seed })${tag}`,
      run: () => deal('doudizhu', { seed: `seed ${n++}` }),
      base: seeded,
    },
    {
      name: `fair Dou Dizhu deal (fairDeal, one client seed)${tag}`,
      run: () => fairDeal('doudizhu', { clientSeed: 'alice' }),
      base: s54,
      goal: 'time',
    },
    { name: `verify (that deal)${tag}`, run: () => verify(single), base: s54, goal: 'time' },
    { name: `verify (3-player FairRound hand)${tag}`, run: () => verify(three), base: s54 },
  ];
}

/**
 * Times every case in `rounds` rounds of about `budgetMs` each, after a warm-up round.
 *
 * @example
 * ```ts
 * const { rows } = dealRounds(15, 100);
 * ```
 */
export function dealRounds(
  rounds: number,
  budgetMs: number,
  cases: DealCase[] = dealCases(),
): DealRoundsResult {
  let sink = 0;
  const time = (run: () => unknown): number => {
    let calls = 0;
    const start = performance.now();
    let now = start;
    do {
      for (let i = 0; i < 32; i++) sink ^= run() === undefined ? 1 : 0;
      calls += 32;
      now = performance.now();
    } while (now - start < budgetMs);
    return ((now - start) * 1000) / calls;
  };
  for (const c of cases) time(c.run);
  const us = cases.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < cases.length; k++) {
      const i = (k + r) % cases.length;
      us[i]!.push(time(cases[i]!.run));
    }
  }
  if (sink === 42) console.log('');
  return {
    rows: cases.map((c, i) => ({
      name: c.name,
      ...(c.base === undefined ? {} : { base: c.base }),
      ...(c.goal === undefined ? {} : { goal: c.goal }),
      us: us[i]!,
    })),
  };
}
