import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { deal, parseCards } from '../../index.ts';
import {
  bid,
  type DoudizhuState,
  double,
  legalMoves,
  pass,
  play,
  rankIndex,
  startBidding,
} from '../../rules/doudizhu/index.ts';
import { defaultMove } from './default-move.ts';

// The move the turn clock makes must be one the rules accept, in every state a table can reach,
// and "the smallest legal lead" must be exactly what docs/TABLES.md says: the single of the
// lowest rank held, the first card of that rank in the hand.

function apply(game: DoudizhuState, move: NonNullable<ReturnType<typeof defaultMove>>) {
  const seat = game.turn;
  if (move.type === 'bid') return bid(game, seat, move.bid);
  if (move.type === 'pass') return pass(game, seat);
  if (move.type === 'double') return double(game, seat, move.choice);
  const hand = game.hands[seat]!;
  return play(
    game,
    seat,
    move.cards.map((id) => hand.find((c) => c.id === id)!),
  );
}

test('defaultMove: pass when bidding, pass when following, nothing once the hand is over', () => {
  let g = startBidding(deal('doudizhu', { seed: 'clock 1' }));
  assert.deepEqual(defaultMove(g), { type: 'bid', bid: 'pass' });
  g = bid(g, 0, 3); // seat 0 is landlord and leads
  const lead = defaultMove(g)!;
  assert.equal(lead.type, 'play');
  g = apply(g, lead);
  assert.deepEqual(defaultMove(g), { type: 'pass' }, 'seat 1 follows a play: it passes');
  const done = { ...g, phase: 'finished' as const, turn: -1 };
  assert.equal(defaultMove(done), null);
  assert.equal(defaultMove({ ...g, phase: 'redeal', turn: -1 }), null);
});

test('defaultMove: no-double in the doubling round, for each seat in turn; never a show of the hand', () => {
  let g = startBidding(deal('doudizhu', { seed: 'clock 3' }), {
    rules: { doubling: true, showHand: true },
  });
  g = bid(g, 0, 3); // seat 0 is landlord: seats 1, 2, then 0 choose
  for (const seat of [1, 2, 0]) {
    assert.equal(g.phase, 'doubling');
    assert.equal(g.turn, seat);
    const move = defaultMove(g)!;
    assert.deepEqual(move, { type: 'double', choice: 'no-double' });
    g = apply(g, move);
  }
  assert.deepEqual(g.doubled, [false, false, false], 'the clock raised no stake');
  assert.equal(g.phase, 'playing');
  // The landlord may show its hand now; the clock leads instead.
  assert.equal(defaultMove(g)!.type, 'play');
});

test('defaultMove: leading, the single of the lowest rank held (3 … A, 2, BJ, RJ), its first card in hand order', () => {
  const base = bid(startBidding(deal('doudizhu', { seed: 'clock 2' })), 0, 3);
  const lead = (cards: string) =>
    defaultMove({ ...base, hands: base.hands.map((h, k) => (k === 0 ? parseCards(cards) : h)) });
  // A bomb of 3s and a rocket: still one 3 — the first in the hand's order.
  assert.deepEqual(lead('3S 3H 3D 3C 4S 5S 6S 7S BJ RJ'), { type: 'play', cards: ['3S'] });
  assert.deepEqual(lead('KD 7C 7H 9S'), { type: 'play', cards: ['7C'] });
  // 2 ranks above the ace, the jokers above the 2.
  assert.deepEqual(lead('2H AS'), { type: 'play', cards: ['AS'] });
  assert.deepEqual(lead('RJ 2C BJ'), { type: 'play', cards: ['2C'] });
  assert.deepEqual(lead('RJ BJ'), { type: 'play', cards: ['BJ'] }, 'a single, not the rocket');
});

test('defaultMove (property): over random hands played by the clock alone, every default move is legal, and every lead is the lowest single', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 12 }), fc.boolean(), fc.boolean(), (seed, rob, dbl) => {
      let g = startBidding(deal('doudizhu', { seed: `clock ${seed}` }), {
        rules: { robLandlord: rob, doubling: dbl, showHand: dbl },
      });
      // Someone must take the landlord, or the clock passes the hand into a redeal.
      g = bid(g, g.turn, rob ? 'call' : 3);
      for (let turns = 0; ['bidding', 'doubling', 'playing'].includes(g.phase); turns++) {
        assert.ok(turns < 200, 'the clock ends a hand');
        const move = defaultMove(g);
        assert.ok(move !== null);
        if (g.phase === 'playing' && g.lead === null) {
          const hand = g.hands[g.turn]!;
          const lowest = Math.min(...hand.map(rankIndex));
          assert.equal(move.type, 'play');
          assert.deepEqual(move.type === 'play' && move.cards, [
            hand.find((c) => rankIndex(c) === lowest)!.id,
          ]);
        }
        if (g.phase === 'playing' && g.lead !== null) {
          assert.ok(legalMoves(g).some((p) => p.type === 'pass'));
        }
        g = apply(g, move); // throws if the rules refuse it
      }
      assert.equal(g.phase, 'finished', 'with a landlord, the clock alone plays the hand out');
    }),
    { numRuns: 40, seed: 26 },
  );
});
