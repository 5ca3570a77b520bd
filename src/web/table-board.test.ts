// Where the table page puts each seat around the felt: the next seat to play on the right, the
// one before on the left, the third of four across the top; the host and a spectator see seat 1
// at the bottom and every other seat around it. Every seat but the viewer's appears once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seatPositions } from './table-board.ts';

test('three seats: the next to play on the right, the one before on the left', () => {
  assert.deepEqual(seatPositions(3, 0), [
    { seat: 1, pos: 'right' },
    { seat: 2, pos: 'left' },
  ]);
  assert.deepEqual(seatPositions(3, 2), [
    { seat: 0, pos: 'right' },
    { seat: 1, pos: 'left' },
  ]);
});

test('four seats: right, across the top, left', () => {
  assert.deepEqual(seatPositions(4, 1), [
    { seat: 2, pos: 'right' },
    { seat: 3, pos: 'top' },
    { seat: 0, pos: 'left' },
  ]);
});

test('the host or a spectator (-1) sees every seat, seat 1 at the bottom', () => {
  assert.deepEqual(seatPositions(3, -1), [
    { seat: 0, pos: 'bottom' },
    { seat: 1, pos: 'right' },
    { seat: 2, pos: 'left' },
  ]);
  for (const seats of [2, 3, 4]) {
    for (let me = -1; me < seats; me++) {
      const shown = seatPositions(seats, me).map((p) => p.seat);
      const expected = [...Array(seats).keys()].filter((k) => k !== me);
      assert.deepEqual([...shown].sort(), expected, `${seats} seats seen from ${me}`);
      const places = seatPositions(seats, me).map((p) => p.pos);
      assert.equal(new Set(places).size, places.length, 'one seat per place');
    }
  }
});
