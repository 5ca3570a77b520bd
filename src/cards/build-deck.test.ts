import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildDeck } from './build-deck.ts';
import type { DeckName } from './deck-spec.ts';
import { DECK_SPECS } from './deck-spec.ts';
import type { Rank } from './rank.ts';

const ids = (spec: Parameters<typeof buildDeck>[0]) =>
  buildDeck(spec)
    .map((c) => c.id)
    .join(' ');

test('canonical order snapshot (value-stability): Deck of Cards API order, S D C H, A..K, BJ RJ', () => {
  // Written by hand from the documented rule (docs/GAMES.md) — every seeded deal depends on it.
  assert.equal(
    ids('standard-54'),
    'AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS ' +
      'AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD ' +
      'AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC ' +
      'AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH BJ RJ',
  );
  assert.equal(
    ids('euchre-24'),
    'AS 9S TS JS QS KS AD 9D TD JD QD KD AC 9C TC JC QC KC AH 9H TH JH QH KH',
  );
});

test('named decks have their documented sizes and no duplicate identities', () => {
  const sizes: Record<DeckName, number> = {
    'standard-52': 52,
    'standard-54': 54,
    'euchre-24': 24,
    'piquet-32': 32,
    'stripped-36': 36,
    'pinochle-48': 48,
    'double-104': 104,
    'double-108': 108,
  };
  for (const name of Object.keys(DECK_SPECS) as DeckName[]) {
    const deck = buildDeck(name);
    assert.equal(deck.length, sizes[name], name);
    assert.equal(new Set(deck.map((c) => c.id)).size, deck.length, name);
  }
});

test('several copies follow one another; copy 2 ids carry #2', () => {
  const deck = buildDeck('double-108');
  assert.equal(deck[0]!.id, 'AS');
  assert.equal(deck[53]!.id, 'RJ');
  assert.equal(deck[54]!.id, 'AS#2');
  assert.equal(deck[107]!.id, 'RJ#2');
  assert.ok(deck.slice(54).every((c) => c.deck === 2));
  const pinochle = buildDeck('pinochle-48');
  assert.equal(pinochle.filter((c) => c.code === 'AS').length, 2);
});

test('removals: a code removes every copy, an id one copy', () => {
  assert.ok(!ids({ remove: ['2D'] }).includes('2D'));
  assert.equal(buildDeck({ remove: ['2D'] }).length, 51);
  const two = buildDeck({ copies: 2, remove: ['2D'] });
  assert.equal(two.length, 102);
  const one = buildDeck({ copies: 2, remove: ['2D#2'] });
  assert.equal(one.length, 103);
  assert.ok(one.some((c) => c.id === '2D'));
  assert.throws(() => buildDeck({ remove: ['BJ'] }), { code: 'BAD_DECK' });
  assert.throws(() => buildDeck({ remove: ['2D', '2D'] }), { code: 'BAD_DECK' });
});

test('explicit list keeps its order and numbers repeated codes as copies', () => {
  assert.equal(ids({ cards: ['KH', 'AS', 'AS', 'as#3', 'AS'] }), 'KH AS AS#2 AS#3 AS#4');
  assert.throws(() => buildDeck({ cards: ['AS#2', 'AS#2'] }), { code: 'BAD_DECK' });
  assert.throws(() => buildDeck({ cards: ['AS', 'ZZ'] }), { code: 'BAD_CARD' });
  assert.throws(() => buildDeck({ cards: ['AS'], copies: 2 }), { code: 'BAD_DECK' });
});

test('bad specs are refused with the right error', () => {
  assert.throws(() => buildDeck('tarot-78' as DeckName), { code: 'BAD_DECK', message: /tarot-78/ });
  assert.throws(() => buildDeck({ copies: 0 }), RangeError);
  assert.throws(() => buildDeck({ copies: 2.5 }), RangeError);
  assert.throws(() => buildDeck({ ranks: [] }), { code: 'BAD_DECK' });
  assert.throws(() => buildDeck({ ranks: ['A', 'A'] }), { code: 'BAD_DECK' });
  assert.throws(() => buildDeck({ ranks: ['10' as never] }), { code: 'BAD_DECK' });
  assert.throws(() => buildDeck({ jokrs: true } as never), { code: 'BAD_DECK', message: /jokrs/ });
  assert.throws(() => buildDeck({ cards: [] }), { code: 'BAD_DECK' });
  assert.throws(() => buildDeck(42 as never), TypeError);
});

test('the founding document that forgot the tens gives 50 cards; fairdeal gives 54', () => {
  // 000_*.txt builds nums = [3..9, A, 2, J, Q, K]: no 10, so 12 × 4 + 2 = 50 cards.
  const forgot = buildDeck({
    ranks: ['3', '4', '5', '6', '7', '8', '9', 'A', '2', 'J', 'Q', 'K'],
    jokers: true,
  });
  assert.equal(forgot.length, 50);
  assert.equal(buildDeck('standard-54').length, 54);
});

test('decks are built once per name or frozen spec, yet every caller gets its own copy', () => {
  const a = buildDeck('standard-54');
  a.reverse();
  a.length = 3;
  assert.equal(buildDeck('standard-54').length, 54, 'a caller’s changes never reach the next');
  assert.equal(buildDeck('standard-54')[0]!.id, 'AS');
  assert.notEqual(buildDeck('standard-52'), buildDeck('standard-52'));
  // A spec object that is not frozen may change between calls: it is never served stale.
  const spec: { ranks: Rank[] } = { ranks: ['A', 'K'] };
  assert.equal(buildDeck(spec).length, 8);
  spec.ranks.push('Q');
  assert.equal(buildDeck(spec).length, 12);
  spec.ranks = ['2'];
  assert.deepEqual(
    buildDeck(spec).map((c) => c.id),
    ['2S', '2D', '2C', '2H'],
  );
  // Frozen specs are cached by identity; a bad one still throws every time.
  const frozen = Object.freeze({ ranks: Object.freeze(['A'] as Rank[]) });
  assert.deepEqual(buildDeck(frozen), buildDeck(frozen));
  const bad = Object.freeze({ copies: 0 });
  assert.throws(() => buildDeck(bad), RangeError);
  assert.throws(() => buildDeck(bad), RangeError);
});
