import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { buildDeck } from '../../index.ts';
import { beats } from './beats.ts';
import { classifyCounts } from './classify.ts';
import { legalPlays, legalPlaysFromCounts } from './legal-plays.ts';
import type { Play } from './play-types.ts';
import { formatPlay, playKey } from './play-types.ts';
import { BIG_JOKER, RANK_COUNT, rankCounts, SMALL_JOKER } from './ranks.ts';
import type { DoudizhuRules } from './rules.ts';
import { DEFAULT_RULES, resolveRules } from './rules.ts';

const DECK = buildDeck('standard-54');
const DECK_4P = buildDeck('double-108');

/** Every play over the whole deck that fits in a hand (20 cards: the landlord's), by type. */
function countByType(rules: DoudizhuRules): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const play of legalPlaysFromCounts(rankCounts(DECK), null, rules)) {
    if (play.size <= 20) counts[play.type] = (counts[play.type] ?? 0) + 1;
  }
  return counts;
}

// DouZero (Zha et al., "DouZero: Mastering DouDizhu with Self-Play Deep Reinforcement Learning",
// ICML 2021), Table 1 "Action types and numbers of actions in DouDizhu" — the same 27,472 moves
// as RLCard's Dou Dizhu action space. Independent of this code: typed in from the paper.
const DOUZERO_TABLE: Record<string, number> = {
  single: 15, // Solo
  pair: 13, // Pair
  trio: 13, // Trio
  'trio-single': 182, // Trio with Solo
  'trio-pair': 156, // Trio with Pair
  straight: 36, // Chain of Solo
  'pair-chain': 52, // Chain of Pair
  airplane: 45, // Chain of Trio
  'airplane-singles': 21_822, // Plane with Solo
  'airplane-pairs': 2_939, // Plane with Pair
  'four-two-singles': 1_326, // Quad with Solo
  'four-two-pairs': 858, // Quad with Pair
  bomb: 13, // Bomb
  rocket: 1, // Rocket
  // + 1 Pass
};

test('over a full deck: 27,472 distinct moves with the pass, type by type as in DouZero', () => {
  const counts = countByType(DEFAULT_RULES);
  assert.deepEqual(counts, DOUZERO_TABLE);
  const total = Object.values(counts).reduce((a, b) => a + b, 0) + 1; // + pass
  assert.equal(total, 27_472);
});

test('no play is listed twice, and every play is classified as what it was listed as', () => {
  const plays = legalPlaysFromCounts(rankCounts(DECK), null, DEFAULT_RULES);
  assert.equal(new Set(plays.map(playKey)).size, plays.length);
  for (const play of plays) {
    const counts = new Array<number>(RANK_COUNT).fill(0);
    for (const r of play.ranks) counts[r]!++;
    const again = classifyCounts(counts, DEFAULT_RULES);
    assert.deepEqual(again, play);
  }
});

test('house rules change exactly the types they name', () => {
  const noFour = countByType(resolveRules({ fourWithTwo: false }));
  const { 'four-two-singles': _s, 'four-two-pairs': _p, ...rest } = DOUZERO_TABLE;
  assert.deepEqual(noFour, rest);
  const rocketKickers = countByType(resolveRules({ kickersMayContainRocket: true }));
  // Four with two singles: the 13 fours may now also carry BJ + RJ.
  assert.equal(rocketKickers['four-two-singles'], 1_326 + 13);
  const distinct = countByType(resolveRules({ distinctKickers: true }));
  // Four with two singles of different ranks: 13 fours × C(14, 2) pairs of other ranks, minus the rocket.
  assert.equal(distinct['four-two-singles'], 13 * (91 - 1));
  assert.equal(distinct['trio-single'], 182, 'one kicker is always distinct');
});

/** Every assignment of the four flags that shape plays (16 rule sets). */
function everyFlagSet(variant: DoudizhuRules['variant']): DoudizhuRules[] {
  const sets: DoudizhuRules[] = [];
  for (let bits = 0; bits < 16; bits++) {
    sets.push(
      resolveRules({
        variant,
        fourWithTwo: (bits & 1) !== 0,
        wingsMayContainBomb: (bits & 2) !== 0,
        kickersMayContainRocket: (bits & 4) !== 0,
        distinctKickers: (bits & 8) !== 0,
      }),
    );
  }
  return sets;
}

/** Whether a play other than the rocket holds every joker of the deck(s): its kickers are the rocket. */
function usesRocketAsKickers(play: Play, decks: number): boolean {
  const jokers = (r: number) => play.ranks.filter((x) => x === r).length;
  return play.type !== 'rocket' && jokers(SMALL_JOKER) === decks && jokers(BIG_JOKER) === decks;
}

const binomial = (n: number, k: number): number =>
  k < 0 || k > n ? 0 : k === 0 ? 1 : (binomial(n - 1, k - 1) * n) / k;

test('the rocket is never kickers unless the house allows it: whole deck, both games, all 16 flag sets', () => {
  for (const [deck, variant, decks] of [
    [DECK, 'doudizhu', 1],
    [DECK_4P, 'doudizhu-4p', 2],
  ] as const) {
    for (const rules of everyFlagSet(variant)) {
      const plays = legalPlaysFromCounts(rankCounts(deck), null, rules);
      const withRocket = plays.filter((p) => usesRocketAsKickers(p, decks));
      if (!rules.kickersMayContainRocket) {
        assert.deepEqual(withRocket.map(formatPlay), [], `${variant} ${JSON.stringify(rules)}`);
      } else {
        // And classify agrees play by play: each is refused by the same rules without the flag.
        const without = { ...rules, kickersMayContainRocket: false };
        for (const play of withRocket) {
          assert.deepEqual(classifyCounts(countsOf(play), rules), play);
          assert.equal(classifyCounts(countsOf(play), without), null, formatPlay(play));
        }
      }
    }
  }
});

test('four players, the four jokers as two pair kickers: counted by formula, refused by default', () => {
  const count = (flag: boolean) => {
    const rules = resolveRules({ variant: 'doudizhu-4p', kickersMayContainRocket: flag });
    const byType: Record<string, number> = {};
    for (const p of legalPlaysFromCounts(rankCounts(DECK_4P), null, rules)) {
      if (usesRocketAsKickers(p, 2)) byType[p.type] = (byType[p.type] ?? 0) + 1;
    }
    return byType;
  };
  // Four with two pairs: any of the 13 fours (3 … 2) + BJ BJ + RJ RJ. Airplane of n trios with
  // pair wings: 13 − n chains in 3 … A, the two joker pairs and n − 2 pairs of the 13 − n other
  // non-joker ranks. Single wings of n ≥ 4 trios can hold the four jokers too.
  let airplanePairs = 0;
  for (let n = 2; n <= 12; n++) airplanePairs += (13 - n) * binomial(13 - n, n - 2);
  assert.equal(airplanePairs, 1_164);
  const allowed = count(true);
  assert.equal(allowed['four-two-pairs'], 13);
  assert.equal(allowed['airplane-pairs'], airplanePairs);
  assert.ok((allowed['airplane-singles'] ?? 0) > 0);
  assert.deepEqual(count(false), {});
  // The two examples, as legalPlays on a hand that holds them.
  const hand = DECK_4P.filter((c) => c.joker !== null || ['8', '3', '4'].includes(c.rank ?? ''));
  const listed = legalPlays(hand, null, { variant: 'doudizhu-4p' }).map(formatPlay);
  assert.ok(listed.includes('3 3 4 4 8 8 8 8'), 'the hand does hold four with two pairs');
  assert.ok(!listed.includes('8 8 8 8 BJ BJ RJ RJ'));
  assert.ok(!listed.includes('3 3 3 4 4 4 BJ BJ RJ RJ'));
  const allowedListed = legalPlays(hand, null, {
    variant: 'doudizhu-4p',
    kickersMayContainRocket: true,
  }).map(formatPlay);
  assert.ok(allowedListed.includes('8 8 8 8 BJ BJ RJ RJ'));
  assert.ok(allowedListed.includes('3 3 3 4 4 4 BJ BJ RJ RJ'));
});

function countsOf(play: Play): number[] {
  const counts = new Array<number>(RANK_COUNT).fill(0);
  for (const r of play.ranks) counts[r]!++;
  return counts;
}

/** The brute force: every sub-multiset of the hand that classify accepts and beats lets through. */
function bruteForce(counts: readonly number[], previous: Play | null, rules: DoudizhuRules) {
  const keys: string[] = [];
  const sub = new Array<number>(RANK_COUNT).fill(0);
  const walk = (r: number): void => {
    if (r === RANK_COUNT) {
      const play = classifyCounts(sub, rules);
      if (play !== null && beats(play, previous)) keys.push(playKey(play));
      return;
    }
    for (let k = 0; k <= counts[r]!; k++) {
      sub[r] = k;
      walk(r + 1);
    }
    sub[r] = 0;
  };
  walk(0);
  if (previous !== null && previous.type !== 'pass') keys.push('');
  return keys.sort();
}

/**
 * Hands of up to 10 cards of the deck, or up to 12 from a window of two to six ranks (so that
 * trios, fours, chains and airplanes with wings are common, not rare).
 */
function handArb(deckSize: number) {
  const anyCards = fc.uniqueArray(fc.integer({ min: 0, max: deckSize - 1 }), {
    minLength: 1,
    maxLength: 10,
  });
  const copies = deckSize / 54; // 1 or 2 decks; deck order: per copy ♠ ♦ ♣ ♥ A…K, BJ, RJ
  const narrow = fc
    .tuple(
      fc.integer({ min: 0, max: 53 }),
      fc.integer({ min: 2, max: 6 }),
      fc.uniqueArray(fc.nat(), { minLength: 1, maxLength: 12 }),
    )
    .map(([base, width, picks]) =>
      picks.map((p) => {
        const copy = Math.floor(p / (4 * width)) % copies;
        const suit = Math.floor(p / width) % 4;
        const offset = (base + (p % width)) % 54;
        // offsets 52, 53 are this copy's jokers; the others pick a suit's row
        if (offset >= 52) return copy * 54 + offset;
        return copy * 54 + suit * 13 + (offset % 13);
      }),
    )
    .map((idx) => [...new Set(idx)]);
  return fc.oneof(anyCards, narrow);
}

/** A play to beat: first a type, then one of that type's plays (airplanes would swamp the rest). */
function previousArb(plays: readonly Play[]) {
  const byType = new Map<string, Play[]>();
  for (const p of plays) byType.set(p.type, [...(byType.get(p.type) ?? []), p]);
  return fc.constantFrom(...byType.values()).chain((list) => fc.constantFrom(...list));
}

const rulesArb = fc.record({
  fourWithTwo: fc.boolean(),
  wingsMayContainBomb: fc.boolean(),
  kickersMayContainRocket: fc.boolean(),
  distinctKickers: fc.boolean(),
});

for (const [name, deck, variant] of [
  ['three players', DECK, 'doudizhu'],
  ['four players', DECK_4P, 'doudizhu-4p'],
] as const) {
  const allPlays = legalPlays(deck, null, { variant }).filter((p) => p.size <= 12);
  test(`${name}: legalPlays = brute force over all sub-multisets, for hands of ≤ 12 cards`, () => {
    fc.assert(
      fc.property(
        handArb(deck.length),
        fc.option(previousArb(allPlays), { nil: null }),
        rulesArb,
        (picks, previousIndex, flags) => {
          const rules = resolveRules({ ...flags, variant });
          const hand = picks.map((i) => deck[i]!);
          const previous = previousIndex;
          const listed = legalPlays(hand, previous, rules).map(playKey);
          assert.equal(new Set(listed).size, listed.length, 'no duplicates');
          assert.deepEqual(listed.sort(), bruteForce(rankCounts(hand), previous, rules));
        },
      ),
      { numRuns: 600, seed: 20261123 },
    );
  });
}

test('answers to a previous play: the pass is always there, never when leading', () => {
  const hand = DECK.slice(0, 17);
  assert.ok(!legalPlays(hand, null).some((p) => p.type === 'pass'));
  const rocket = legalPlays(DECK, null).find((p) => p.type === 'rocket')!;
  assert.deepEqual(
    legalPlays(DECK, rocket).map((p) => p.type),
    ['pass'],
  );
});

test('beats is a strict order within a type: never both ways, never a play over itself', () => {
  const plays = legalPlays(DECK, null).filter((p) => p.size <= 8);
  fc.assert(
    fc.property(fc.constantFrom(...plays), fc.constantFrom(...plays), (a, b) => {
      assert.equal(beats(a, a), false);
      assert.ok(!(beats(a, b) && beats(b, a)), `${playKey(a)} and ${playKey(b)}`);
      // Different non-bomb types never answer each other.
      const bombLike = (p: Play) => p.type === 'bomb' || p.type === 'rocket';
      if (!bombLike(a) && !bombLike(b) && a.type !== b.type) assert.equal(beats(a, b), false);
    }),
    { numRuns: 2000, seed: 14 },
  );
});
