// Keys for a hand that may hold a card twice (two decks): each occurrence its own key, so two 3H
// are two buttons, and a key gives back its card.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { keyItem, occurrenceKeys } from './table-keyed.ts';

test('each occurrence of a card is keyed apart, and each key names its card', () => {
  const keys = occurrenceKeys(['3H', 'BJ', '3H']);
  assert.deepEqual(keys, ['3H/0', 'BJ/0', '3H/1']);
  assert.equal(new Set(keys).size, 3);
  assert.deepEqual(keys.map(keyItem), ['3H', 'BJ', '3H']);
});
