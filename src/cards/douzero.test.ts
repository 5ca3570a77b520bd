import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildDeck } from './build-deck.ts';
import { cardsFromDouzero, toDouzeroHand, toDouzeroRank } from './douzero.ts';
import { parseCards } from './parse-card.ts';

test('DouZero ranks: 3..14 for 3..A, 17 for 2, 20 small joker, 30 big joker', () => {
  const order = parseCards('3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2S BJ RJ');
  assert.deepEqual(order.map(toDouzeroRank), [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30]);
  assert.deepEqual(toDouzeroHand(parseCards('RJ 3S 2H 3D')), [3, 3, 17, 30]);
});

test('DouZero round trip over a whole deck: ranks map back to the very cards of the pool', () => {
  const deck = buildDeck('standard-54');
  const back = cardsFromDouzero(deck.map(toDouzeroRank), deck);
  assert.deepEqual(back, deck);
  const double = buildDeck('double-108');
  assert.deepEqual(new Set(cardsFromDouzero(toDouzeroHand(double), double)), new Set(double));
});

test('cardsFromDouzero refuses unknown ranks and missing cards', () => {
  const hand = parseCards('3S 3D 4H');
  assert.deepEqual(
    cardsFromDouzero([3, 3], hand).map((c) => c.id),
    ['3S', '3D'],
  );
  assert.throws(() => cardsFromDouzero([3, 3, 3], hand), { code: 'CARD_NOT_FOUND' });
  assert.throws(() => cardsFromDouzero([15], hand), { code: 'BAD_CARD' });
  assert.throws(() => cardsFromDouzero([2], hand), { code: 'BAD_CARD' });
});
