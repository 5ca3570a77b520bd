import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dealtHands } from './table-summary.ts';

test('dealtHands: each seat its cards in dealing order, the kitty apart, the stock left out', () => {
  const record = {
    kind: 'dealt',
    cards: [
      { card: '3H', to: 'hand:0' },
      { card: 'BJ', to: 'hand:1' },
      { card: '4S', to: 'hand:0' },
      { card: 'RJ', to: 'kitty' },
      { card: '5D', to: 'stock' },
    ],
  };
  assert.deepEqual(dealtHands(record, 2), { seats: [['3H', '4S'], ['BJ']], kitty: ['RJ'] });
});

test('dealtHands: a void record, a seat past the table or a malformed card gives nothing', () => {
  assert.equal(dealtHands({ kind: 'void', cards: [] }, 3), null);
  assert.equal(dealtHands({ kind: 'dealt', cards: [{ card: '3H', to: 'hand:3' }] }, 3), null);
  assert.equal(dealtHands({ kind: 'dealt', cards: [{ card: 3, to: 'hand:0' }] }, 3), null);
  assert.equal(dealtHands(null, 3), null);
});
