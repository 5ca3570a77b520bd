// How the table page names a seat: the name its claimer chose (any script), else the player id,
// else its seat label — never the service's default `seat-0`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { displayName } from './table-names.ts';

test('a chosen name first, then the player id, then the seat', () => {
  const tv = { names: ['张三', null, ''], players: ['seat-0', 'bob', 'seat-2'] };
  assert.equal(displayName(tv, 0), '张三');
  assert.equal(displayName(tv, 1), 'bob');
  assert.equal(displayName(tv, 2), 'Seat 3');
  // A view from before names existed.
  assert.equal(displayName({ players: ['ann'] } as never, 0), 'ann');
});
