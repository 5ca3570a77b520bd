import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chacha20 } from '../../index.ts';
import { drawCards } from '../deck/draw-cards.ts';
import { newDeck } from '../deck/new-deck.ts';
import { addToPile, drawFromPile } from '../deck/pile-ops.ts';
import { returnCards } from '../deck/return-cards.ts';
import { shuffleDeck } from '../deck/shuffle-deck.ts';
import { drawnOffTop } from './drawn-off-top.ts';

const deck = drawCards(
  newDeck('d', { deckCount: 2, jokers: false, shuffle: true }, chacha20('d')),
  5,
).state;

test('drawnOffTop: a draw of n is n (0 too); stored as a count, it is the same deck', () => {
  for (const n of [0, 1, 7, deck.stack.length]) {
    assert.equal(drawnOffTop(deck, drawCards(deck, n).state), n);
  }
});

test('drawnOffTop: changes a draw could be mistaken for are not draws (each would deal the wrong cards)', () => {
  const source = chacha20('x');
  // Same lengths as a draw of 0.
  assert.equal(drawnOffTop(deck, shuffleDeck(deck, true, source)), undefined);
  // The stack shorter by one and the drawn cards longer by one, but not the top card.
  const wrong = {
    ...deck,
    stack: deck.stack.slice(0, -1),
    drawn: [...deck.drawn, deck.stack.at(-1)!],
  };
  assert.equal(drawnOffTop(deck, wrong), undefined);
  // The top card, but the drawn cards reordered.
  const top = drawCards(deck, 1).state;
  assert.equal(drawnOffTop(deck, { ...top, drawn: [...top.drawn].reverse() }), undefined);
  // Returns, piles, a full reshuffle.
  assert.equal(drawnOffTop(deck, returnCards(deck, undefined).state), undefined);
  const piled = addToPile(deck, 'p', [deck.drawn[0]!.split('#')[0]!]).state;
  assert.equal(drawnOffTop(deck, piled), undefined);
  assert.equal(
    drawnOffTop(piled, drawFromPile(piled, 'p', { from: 'top', count: 1 }, source).state),
    undefined,
  );
  assert.equal(drawnOffTop(deck, shuffleDeck(deck, false, source)), undefined);
  assert.equal(drawnOffTop(deck, { ...deck, shuffled: !deck.shuffled }), undefined);
});
