// When the table page tells the service it is back (docs/TABLES.md, "Clocks"): only after it
// (re)connected, only for a seat, and only when the view says that seat is away — so a page that
// never left, the host and a spectator never send it, and a seat sends it once per reconnection.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { backDue } from './table-sitting.ts';

test('a seat that (re)connects while away is due to say it is back', () => {
  assert.equal(backDue(true, 1, { away: [false, true, false] }), true);
});

test('not when it is not away, not when it owes nothing, never for the host or a spectator', () => {
  assert.equal(backDue(true, 0, { away: [false, true, false] }), false);
  assert.equal(backDue(false, 1, { away: [false, true, false] }), false);
  assert.equal(backDue(true, -1, { away: [true, true, true] }), false);
  // A view from before the clocks (no `away`): nothing to say.
  assert.equal(backDue(true, 1, {} as { away: boolean[] }), false);
});
