import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deal, FairdealError } from '../../index.ts';
import { bid, startBidding } from './bidding.ts';
import { cardsFor } from './cards-for.ts';
import { double, legalDoubles } from './doubling.ts';
import type { DoudizhuRules } from './rules.ts';
import { DEFAULT_RULES, resolveRules } from './rules.ts';
import { canShowHand, showHand } from './show-hand.ts';
import type { DoubleChoice, DoudizhuState } from './state.ts';
import { legalMoves, pass, play } from './turns.ts';

function throwsCode(fn: () => unknown, expected: string, why?: string): void {
  assert.throws(fn, (e: unknown) => {
    assert.ok(e instanceof FairdealError, String(e));
    assert.equal(e.code, expected, e.message);
    if (why !== undefined) assert.equal(e.detail?.reason, why);
    return true;
  });
}

/** A hand whose bidding is over with `landlord` as landlord (classic: it bids 3, the others before it pass). */
function landlordAt(landlord: number, rules: Partial<DoudizhuRules>, preset = 'doudizhu') {
  let s = startBidding(deal(preset, { seed: `doubling ${landlord}` }), { rules });
  while (s.turn !== landlord) s = bid(s, s.turn, 'pass');
  return bid(s, landlord, 3);
}

test('the flags are off by default and resolve like the others', () => {
  assert.equal(DEFAULT_RULES.doubling, false);
  assert.equal(DEFAULT_RULES.showHand, false);
  assert.equal(resolveRules({ doubling: true }).doubling, true);
  assert.throws(() => resolveRules({ showHand: 'yes' as unknown as boolean }), TypeError);
  const s = landlordAt(1, {});
  assert.equal(s.phase, 'playing', 'without the rule there is no doubling round');
  assert.deepEqual(legalDoubles(s), []);
  throwsCode(() => double(s, 1, 'double'), 'WRONG_PHASE');
  assert.equal(canShowHand(s), false);
  throwsCode(() => showHand(s, 1), 'BAD_BID', 'no-show-hand');
});

for (const [preset, seats] of [
  ['doudizhu', 3],
  ['doudizhu-4p', 4],
] as const) {
  test(`${preset}: the doubling round goes round the farmers from the landlord's successor, the landlord last`, () => {
    for (let landlord = 0; landlord < seats; landlord++) {
      let s = landlordAt(landlord, { doubling: true }, preset);
      assert.equal(s.phase, 'doubling');
      assert.equal(s.landlord, landlord);
      assert.equal(s.hands[landlord]!.length, preset === 'doudizhu' ? 20 : 33, 'kitty taken');
      assert.deepEqual(legalMoves(s), [], 'nobody plays during the doubling round');
      const order = Array.from({ length: seats }, (_, i) => (landlord + 1 + i) % seats);
      assert.deepEqual(s.toDouble, order);
      for (const [k, seat] of order.entries()) {
        assert.equal(s.turn, seat);
        assert.deepEqual(legalDoubles(s), ['double', 'no-double']);
        // Every other seat trying to choose now is refused, the landlord included.
        for (let other = 0; other < seats; other++) {
          if (other !== seat) throwsCode(() => double(s, other, 'double'), 'NOT_YOUR_TURN');
        }
        s = double(s, seat, k % 2 === 0 ? 'double' : 'no-double');
      }
      assert.equal(s.phase, 'playing');
      assert.equal(s.turn, landlord, 'the landlord leads after the round');
      assert.deepEqual(
        s.doubled,
        Array.from({ length: seats }, (_, seat) => order.indexOf(seat) % 2 === 0),
      );
      throwsCode(() => double(s, landlord, 'double'), 'WRONG_PHASE');
    }
  });
}

test('doubling: a seat cannot double twice, out of turn, before the bidding ends, or with another word', () => {
  let s = startBidding(deal('doudizhu', { seed: 'cheat' }), { rules: { doubling: true } });
  throwsCode(() => double(s, 0, 'double'), 'WRONG_PHASE');
  s = bid(s, 0, 3);
  throwsCode(() => double(s, 1, 'triple' as DoubleChoice), 'BAD_BID', 'unknown-double');
  throwsCode(
    () => play(s, 0, cardsFor(s.hands[0]!, { ...legalMovesAfterRound(s)[0]! })),
    'WRONG_PHASE',
  );
  s = double(s, 1, 'double');
  throwsCode(() => double(s, 1, 'double'), 'NOT_YOUR_TURN');
  const before = s;
  s = double(s, 2, 'no-double');
  assert.deepEqual(before.doubled, [false, true, false], 'the old state is untouched');
  s = double(s, 0, 'double');
  assert.deepEqual(s.doubled, [true, true, false]);
  assert.deepEqual(s.toDouble, []);
});

/** The landlord's opening moves once the round is over (every seat says no-double). */
function legalMovesAfterRound(s: DoudizhuState) {
  let t = s;
  while (t.phase === 'doubling') t = double(t, t.turn, 'no-double');
  return legalMoves(t);
}

test('rob the landlord, then doubling: the round starts after the last rob', () => {
  let s = startBidding(deal('doudizhu', { seed: 'rob double' }), {
    rules: { robLandlord: true, doubling: true },
  });
  s = bid(s, 0, 'call');
  s = bid(s, 1, 'rob');
  s = bid(s, 2, 'pass');
  s = bid(s, 0, 'pass');
  assert.equal(s.landlord, 1);
  assert.equal(s.phase, 'doubling');
  assert.deepEqual(s.toDouble, [2, 0, 1]);
});

test('show-hand: only the landlord, on its opening turn, once; it keeps the turn', () => {
  const rules = { showHand: true };
  let s = landlordAt(2, rules);
  assert.equal(s.turn, 2);
  assert.equal(canShowHand(s), true);
  throwsCode(() => showHand(s, 0), 'NOT_YOUR_TURN');
  const shown = showHand(s, 2);
  assert.equal(shown.shown, true);
  assert.equal(shown.turn, 2);
  assert.equal(s.shown, false, 'the old state is untouched');
  assert.equal(canShowHand(shown), false);
  throwsCode(() => showHand(shown, 2), 'BAD_BID', 'too-late-to-show');
  // Declining is playing: after the landlord's first play nobody may show, farmer or landlord.
  s = play(s, 2, cardsFor(s.hands[2]!, legalMoves(s)[0]!));
  assert.equal(canShowHand(s), false);
  throwsCode(() => showHand(s, 0), 'BAD_BID', 'too-late-to-show');
  s = pass(s, 0);
  s = pass(s, 1);
  assert.equal(s.turn, 2, 'the landlord leads again');
  throwsCode(() => showHand(s, 2), 'BAD_BID', 'too-late-to-show');
});

test('show-hand and doubling together: the round first, then the landlord may show', () => {
  let s = landlordAt(0, { showHand: true, doubling: true });
  assert.equal(s.phase, 'doubling');
  throwsCode(() => showHand(s, 1), 'WRONG_PHASE');
  for (const seat of [1, 2, 0]) s = double(s, seat, 'double');
  assert.equal(canShowHand(s), true);
  s = showHand(s, 0);
  // Play it out with the first legal move each turn; the score carries both.
  while (s.phase === 'playing') {
    const move = legalMoves(s)[0]!;
    s = move.type === 'pass' ? pass(s, s.turn) : play(s, s.turn, cardsFor(s.hands[s.turn]!, move));
  }
  const score = s.score!;
  assert.equal(score.shown, true);
  assert.deepEqual(score.doubled, [true, true, true]);
  const factor = 2 ** score.bombs * (score.spring || score.antiSpring ? 2 : 1) * 2;
  assert.equal(score.unit, 3 * factor);
  assert.deepEqual(score.stakes, [3 * factor * 4 * 2, 3 * factor * 4, 3 * factor * 4]);
});

test('a hand stored before doubling and show-hand existed still plays to a score', () => {
  // A table's stored state from an older version: no doubled, toDouble or shown, and rules
  // without the two flags. It must finish and score as it would have then.
  let s = landlordAt(0, {});
  const { doubled: _d, toDouble: _t, shown: _s, ...old } = s;
  const { doubling: _r1, showHand: _r2, ...oldRules } = s.rules;
  s = { ...old, rules: oldRules } as DoudizhuState;
  assert.equal(canShowHand(s), false);
  while (s.phase === 'playing') {
    const move = legalMoves(s)[0]!;
    s = move.type === 'pass' ? pass(s, s.turn) : play(s, s.turn, cardsFor(s.hands[s.turn]!, move));
  }
  assert.deepEqual(s.score!.doubled, [false, false, false]);
  assert.equal(s.score!.shown, false);
  assert.equal(s.score!.deltas[0], s.score!.unit * 2 * (s.score!.landlordWon ? 1 : -1));
});
