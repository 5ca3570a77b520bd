import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { suitedCard } from '../../index.ts';
import { classify } from './classify.ts';
import type { PlayRecord } from './play-record.ts';
import type { PlayType } from './play-types.ts';
import { scoreHand } from './score.ts';

const SINGLE = classify([suitedCard('3', 'S')])!;
const record = (seat: number, type: PlayType = 'single'): PlayRecord => ({
  seat,
  play: { ...SINGLE, type },
  cards: [],
});

type Outcome = 'spring' | 'landlord wins' | 'anti-spring' | 'farmers win';
const OUTCOMES: readonly Outcome[] = ['spring', 'landlord wins', 'anti-spring', 'farmers win'];

/**
 * The plays of a hand with `bombs` bombs (and the rocket if `rocket`) ending in `outcome`: who
 * played what decides spring and anti-spring, so the plays are built for each.
 */
function playsFor(
  seats: number,
  landlord: number,
  outcome: Outcome,
  bombs: number,
  rocket: boolean,
) {
  const farmer = (landlord + 1) % seats;
  const landlordWins = outcome === 'spring' || outcome === 'landlord wins';
  // Spring: only the landlord plays, bombs included. Anti-spring: the landlord's one opening
  // play, the farmers play the bombs. Otherwise both sides play at least once (twice for the
  // landlord when the farmers win, so that it is no anti-spring).
  const bomber = outcome === 'spring' ? landlord : outcome === 'anti-spring' ? farmer : farmer;
  const plays: PlayRecord[] = [record(landlord)];
  for (let b = 0; b < bombs; b++) plays.push(record(bomber, 'bomb'));
  if (rocket) plays.push(record(bomber, 'rocket'));
  if (outcome === 'landlord wins') plays.push(record(farmer), record(landlord));
  if (outcome === 'farmers win') plays.push(record(landlord), record(farmer));
  if (outcome === 'anti-spring') plays.push(record(farmer));
  return { plays, winner: landlordWins ? landlord : farmer };
}

test('every multiplier combination: bids × bombs × rocket × spring × show × each seat doubling', () => {
  let combinations = 0;
  for (const seats of [3, 4]) {
    for (let landlord = 0; landlord < seats; landlord++) {
      for (const base of [1, 2, 3, 4, 8]) {
        for (let bombs = 0; bombs <= 3; bombs++) {
          for (const rocket of [false, true]) {
            for (const outcome of OUTCOMES) {
              for (const shown of [false, true]) {
                for (let mask = 0; mask < 2 ** seats; mask++) {
                  const doubled = Array.from({ length: seats }, (_, s) => (mask & (1 << s)) !== 0);
                  const { plays, winner } = playsFor(seats, landlord, outcome, bombs, rocket);
                  const score = scoreHand({ seats, landlord, winner, base, plays, doubled, shown });
                  // The oracle: one factor of two per bomb or rocket, per spring or anti-spring,
                  // for the show, and for each of the two parties of a settlement that doubled.
                  const springs = outcome === 'spring' || outcome === 'anti-spring' ? 1 : 0;
                  const common = bombs + (rocket ? 1 : 0) + springs + (shown ? 1 : 0);
                  const landlordWon = outcome === 'spring' || outcome === 'landlord wins';
                  const expected = Array.from({ length: seats }, () => 0);
                  for (let f = 0; f < seats; f++) {
                    if (f === landlord) continue;
                    const twos = common + (doubled[f] ? 1 : 0) + (doubled[landlord] ? 1 : 0);
                    const stake = base * 2 ** twos;
                    const delta = landlordWon ? -stake : stake;
                    expected[f] = delta;
                    expected[landlord]! -= delta;
                  }
                  const what = JSON.stringify({
                    seats,
                    landlord,
                    base,
                    bombs,
                    rocket,
                    outcome,
                    shown,
                    doubled,
                  });
                  assert.deepEqual(score.deltas, expected, what);
                  assert.equal(score.landlordWon, landlordWon, what);
                  assert.equal(score.spring, outcome === 'spring', what);
                  assert.equal(score.antiSpring, outcome === 'anti-spring', what);
                  assert.equal(score.bombs, bombs + (rocket ? 1 : 0), what);
                  assert.equal(score.rockets, rocket ? 1 : 0, what);
                  assert.equal(score.shown, shown, what);
                  assert.deepEqual(score.doubled, doubled, what);
                  assert.equal(score.multiplier, 2 ** common, what);
                  assert.equal(score.unit, base * 2 ** common, what);
                  assert.deepEqual(score.stakes.map(Math.abs), expected.map(Math.abs), what);
                  combinations++;
                }
              }
            }
          }
        }
      }
    }
  }
  assert.equal(combinations, 3 * 5 * 4 * 2 * 4 * 2 * 8 + 4 * 5 * 4 * 2 * 4 * 2 * 16);
});

test('worked examples, by hand (docs/DOUDIZHU.md, "Scoring")', () => {
  // Base 3, one bomb, the landlord (seat 0) and seat 1 doubled, the hand shown, landlord wins
  // with farmers having played: unit 3 × 2 × 2 = 12; seat 1 plays for 12 × 2 × 2 = 48, seat 2
  // for 12 × 2 = 24; the landlord takes 72.
  const plays = [record(0), record(0, 'bomb'), record(1), record(0)];
  const score = scoreHand({
    seats: 3,
    landlord: 0,
    winner: 0,
    base: 3,
    plays,
    doubled: [true, true, false],
    shown: true,
  });
  assert.deepEqual([score.unit, score.stakes, score.deltas], [12, [72, 48, 24], [72, -48, -24]]);
  // Without the new arguments nothing changes from the rules before them.
  const plain = scoreHand({ seats: 3, landlord: 0, winner: 0, base: 3, plays });
  assert.deepEqual(
    [plain.unit, plain.deltas, plain.doubled, plain.shown],
    [6, [12, -6, -6], [false, false, false], false],
  );
  // Four players, farmers win, only a farmer (seat 3) doubled: it alone gets twice.
  const four = scoreHand({
    seats: 4,
    landlord: 1,
    winner: 2,
    base: 2,
    plays: [record(1), record(2), record(1), record(2)],
    doubled: [false, false, false, true],
  });
  assert.deepEqual(four.deltas, [2, -8, 2, 4]);
});

test('scoreHand refuses a doubled list of the wrong size or type, and a non-boolean show', () => {
  const hand = { seats: 3, landlord: 0, winner: 0, base: 1, plays: [record(0)] };
  assert.throws(() => scoreHand({ ...hand, doubled: [true, false] }), RangeError);
  assert.throws(
    () => scoreHand({ ...hand, doubled: [true, false, 'yes' as unknown as boolean] }),
    TypeError,
  );
  assert.throws(() => scoreHand({ ...hand, shown: 1 as unknown as boolean }), TypeError);
});

test('property: deltas sum to zero, and doubling or showing never lowers what anyone settles', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 3, max: 4 }).chain((seats) =>
        fc.record({
          seats: fc.constant(seats),
          landlord: fc.integer({ min: 0, max: seats - 1 }),
          winner: fc.integer({ min: 0, max: seats - 1 }),
          base: fc.integer({ min: 1, max: 64 }),
          plays: fc.array(
            fc.record({
              seat: fc.integer({ min: 0, max: seats - 1 }),
              type: fc.constantFrom<PlayType>('single', 'pass', 'bomb', 'rocket'),
            }),
            { maxLength: 12 },
          ),
          doubled: fc.array(fc.boolean(), { minLength: seats, maxLength: seats }),
          shown: fc.boolean(),
          extra: fc.integer({ min: 0, max: seats - 1 }),
        }),
      ),
      (h) => {
        const plays = h.plays.map((p) => record(p.seat, p.type));
        const score = scoreHand({ ...h, plays });
        assert.equal(
          score.deltas.reduce((a, b) => a + b, 0),
          0,
        );
        // One more seat doubles, or the hand is shown: every amount stays or doubles, never less.
        const more = h.doubled.map((d, i) => d || i === h.extra);
        for (const bigger of [
          scoreHand({ ...h, plays, doubled: more }),
          scoreHand({ ...h, plays, shown: true }),
        ]) {
          score.deltas.forEach((d, i) => {
            const ratio = Math.abs(bigger.deltas[i]!) / Math.abs(d);
            assert.ok(ratio >= 1 && ratio <= 2, `seat ${i}: ${d} → ${bigger.deltas[i]}`);
          });
        }
      },
    ),
    { numRuns: 2000, seed: 26 },
  );
});
