// The turn clock as a seat reads it: minutes and seconds left, rounded up, never negative.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clockText } from './table-clock.ts';

test('time left, rounded up to the second', () => {
  assert.equal(clockText(30_000), '0:30');
  assert.equal(clockText(4_200), '0:05');
  assert.equal(clockText(90_000), '1:30');
  assert.equal(clockText(-500), '0:00');
});
