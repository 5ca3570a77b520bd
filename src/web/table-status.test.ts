// The status line and the stakes line of the felt: the multiplier so far is the score's own
// (2 per bomb or rocket, 2 for a shown hand) over the bid, named as the score names them; the
// stake is the table's; whose turn names the seat by its chosen name.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { GameView, TableView } from '../client/index.ts';
import { scoreHand } from '../rules/doudizhu/index.ts';
import { multiplierSoFar, stakesLine, statusLine } from './table-status.ts';

const game = (g: Partial<GameView>) =>
  ({ phase: 'playing', turn: 1, landlord: 0, base: 3, bombs: 0, shown: false, ...g }) as GameView;

test('the multiplier so far is the one the score will have before spring', () => {
  assert.equal(multiplierSoFar(game({ landlord: null })), null, 'no landlord yet');
  assert.deepEqual(multiplierSoFar(game({})), { base: 3, multiplier: 1 });
  assert.deepEqual(multiplierSoFar(game({ bombs: 2, shown: true })), { base: 3, multiplier: 8 });
  // Against the library's scoring of a hand with no spring: the same base and multiplier.
  const bomb = { seat: 1, play: { type: 'bomb' } } as never;
  const single = { seat: 0, play: { type: 'single' } } as never;
  const s = scoreHand({
    seats: 3,
    landlord: 0,
    winner: 1,
    base: 2,
    plays: [single, bomb, single, bomb],
    shown: true,
  });
  assert.deepEqual(multiplierSoFar(game({ base: 2, bombs: 2, shown: true })), {
    base: s.base,
    multiplier: s.multiplier,
  });
});

test('the stakes line and the status line', () => {
  const tv = {
    stakes: 5,
    players: ['seat-0', 'bob', 'seat-2'],
    names: ['张三', null, null],
    hand: { n: 1, phase: 'playing', game: game({ turn: 0, bombs: 1 }) },
  } as unknown as TableView;
  assert.equal(stakesLine(tv), 'Stake 5 · so far: base 3 × multiplier 2');
  assert.equal(statusLine(tv, 1), 'Playing — waiting for 张三');
  assert.equal(statusLine(tv, 0), 'Playing — your turn');
});
