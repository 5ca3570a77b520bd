import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isJoker, jokerCard, suitedCard, withDeckCopy } from './card.ts';

test('cards are frozen, interned values with code, id and deck copy', () => {
  const a = suitedCard('A', 'S');
  assert.equal(a, suitedCard('A', 'S'));
  assert.ok(Object.isFrozen(a));
  assert.deepEqual(
    { code: a.code, id: a.id, deck: a.deck, rank: a.rank, suit: a.suit, color: a.color },
    { code: 'AS', id: 'AS', deck: 1, rank: 'A', suit: 'S', color: 'black' },
  );
  const a2 = suitedCard('A', 'S', 2);
  assert.notEqual(a2, a);
  assert.equal(a2.id, 'AS#2');
  assert.equal(a2.code, 'AS');
  assert.equal(withDeckCopy(a, 2), a2);
  assert.equal(suitedCard('T', 'H').color, 'red');
});

test('jokers: small is black BJ, big is red RJ, never confused', () => {
  const small = jokerCard('small');
  const big = jokerCard('big');
  assert.equal(small.code, 'BJ');
  assert.equal(small.color, 'black');
  assert.equal(big.code, 'RJ');
  assert.equal(big.color, 'red');
  assert.ok(isJoker(small) && isJoker(big));
  assert.equal(small.rank, null);
  assert.equal(big.suit, null);
  assert.equal(jokerCard('big', 3).id, 'RJ#3');
  assert.ok(!isJoker(suitedCard('2', 'C')));
});

test('bad card parts throw TypeError / RangeError', () => {
  assert.throws(() => suitedCard('1' as never, 'S'), TypeError);
  assert.throws(() => suitedCard('A', 'X' as never), TypeError);
  assert.throws(() => jokerCard('medium' as never), TypeError);
  assert.throws(() => suitedCard('A', 'S', 0), RangeError);
  assert.throws(() => suitedCard('A', 'S', 1.5), RangeError);
  assert.throws(() => jokerCard('big', 1001), RangeError);
});
