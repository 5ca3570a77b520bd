import assert from 'node:assert/strict';
import { test } from 'node:test';
import { boardDealer, boardVulnerability } from './bridge-board.ts';

test('board dealer rotates N E S W', () => {
  assert.deepEqual([1, 2, 3, 4, 5, 16, 17].map(boardDealer), ['N', 'E', 'S', 'W', 'N', 'W', 'N']);
});

test('vulnerability follows the 16-board cycle of Law 2', () => {
  // Law 2 table, written out: 1 None 2 NS 3 EW 4 All / 5 NS 6 EW 7 All 8 None /
  // 9 EW 10 All 11 None 12 NS / 13 All 14 None 15 NS 16 EW.
  const table = 'None NS EW All NS EW All None EW All None NS All None NS EW'.split(' ');
  for (let b = 1; b <= 32; b++) assert.equal(boardVulnerability(b), table[(b - 1) % 16], `${b}`);
});

test('board numbers must be positive integers', () => {
  for (const bad of [0, -1, 1.5, Number.NaN]) {
    assert.throws(() => boardDealer(bad), RangeError);
    assert.throws(() => boardVulnerability(bad), RangeError);
  }
});
