// The measurement of `npm run bench:deals` (bench/deals.ts), one module for Node and Chromium:
// Node imports it, the page loads it from the same file (served with its types stripped), so
// both run exactly these cases and this loop. Every case is timed in each round, in an order
// that rotates from round to round, so a deal and its deck's shuffle are measured seconds apart
// and their per-round ratio cancels most of what a loaded machine adds.

import { commitClientSeed, FairRound, fairDeal, verify } from '../src/fair/index.ts';
import { buildDeck, chacha20, deal, toShuffled } from '../src/index.ts';

/** One timed case: `base` names the case its per-round ratio is taken against. */
export interface DealCase {
  readonly name: string;
  readonly run: () => unknown;
  readonly base?: string;
}

/** The rows of a run: µs per call of each case, one number per round. */
export interface DealRoundsResult {
  readonly rows: { readonly name: string; readonly base?: string; readonly us: number[] }[];
}

/** A 3-player Dou Dizhu hand through FairRound (open, commitments, roster, reveals, deal). */
function threePlayerTranscript(): unknown {
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
 * Transcripts are JSON round-tripped, as a checker receives them.
 *
 * @example
 * ```ts
 * dealCases().map((c) => c.name);
 * ```
 */
export function dealCases(): DealCase[] {
  const d54 = buildDeck('standard-54');
  const d52 = buildDeck('standard-52');
  const d108 = buildDeck('double-108');
  const single = JSON.parse(
    JSON.stringify(fairDeal('doudizhu', { clientSeed: 'alice' }).transcript),
  );
  const three = JSON.parse(JSON.stringify(threePlayerTranscript()));
  if (!verify(single).ok || !verify(three).ok)
    throw new Error('bench: a transcript does not verify');
  let n = 0;
  return [
    { name: 'shuffle 54 (toShuffled, secure)', run: () => toShuffled(d54) },
    {
      name: "deal('doudizhu')",
      run: () => deal('doudizhu'),
      base: 'shuffle 54 (toShuffled, secure)',
    },
    { name: 'shuffle 52 (toShuffled, secure)', run: () => toShuffled(d52) },
    { name: "deal('bridge')", run: () => deal('bridge'), base: 'shuffle 52 (toShuffled, secure)' },
    { name: 'shuffle 108 (toShuffled, secure)', run: () => toShuffled(d108) },
    {
      name: "deal('shengji')",
      run: () => deal('shengji'),
      base: 'shuffle 108 (toShuffled, secure)',
    },
    {
      name: 'shuffle 54 (toShuffled, chacha20(seed))',
      run: () => toShuffled(d54, chacha20(`seed ${n++}`)),
    },
    {
      name: "deal('doudizhu', { seed })",
      run: () => deal('doudizhu', { seed: `seed ${n++}` }),
      base: 'shuffle 54 (toShuffled, chacha20(seed))',
    },
    {
      name: 'fair Dou Dizhu deal (fairDeal, one client seed)',
      run: () => fairDeal('doudizhu', { clientSeed: 'alice' }),
    },
    { name: 'verify (that deal)', run: () => verify(single) },
    { name: 'verify (3-player FairRound hand)', run: () => verify(three) },
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
export function dealRounds(rounds: number, budgetMs: number): DealRoundsResult {
  const cases = dealCases();
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
      us: us[i]!,
    })),
  };
}
