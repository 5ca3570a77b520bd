import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { buildDeck } from './build-deck.ts';
import { jokerCard, suitedCard } from './card.ts';
import { formatCard, formatCards } from './format-card.ts';
import type { CardNotation } from './notation.ts';
import { deckOfCardsFields } from './notation-deckofcards.ts';
import { parseCard, parseCards } from './parse-card.ts';

const FULL = buildDeck('standard-54');
const ROUND_TRIP: readonly CardNotation[] = [
  'code',
  'symbol',
  'deckofcards',
  'rlcard',
  'unicode',
  'chinese',
];

test('every notation round-trips the whole 54-card deck (pokersolver: 52)', () => {
  for (const notation of ROUND_TRIP) {
    const written = FULL.map((c) => formatCard(c, notation));
    assert.equal(new Set(written).size, 54, `${notation} gives distinct tokens`);
    assert.deepEqual(
      written.map((t) => parseCard(t, notation === 'symbol' ? 'code' : notation)),
      FULL,
      notation,
    );
  }
  const plain = buildDeck('standard-52');
  assert.deepEqual(
    plain.map((c) => parseCard(formatCard(c, 'pokersolver'), 'pokersolver')),
    plain,
  );
});

test('ids round-trip through the code notation for two decks', () => {
  const double = buildDeck('double-108');
  assert.deepEqual(
    double.map((c) => parseCard(formatCard(c, 'id'))),
    double,
  );
  assert.deepEqual(parseCards(formatCards(double, 'id')), double);
});

test('code notation: ten as T, 10 or 0, either case, letters or symbols', () => {
  const th = suitedCard('T', 'H');
  for (const t of ['TH', 'th', '10H', '10h', '0H', '0h', 'T♥', '10♥', '0♡', 'tH']) {
    assert.equal(parseCard(t), th, t);
  }
  assert.equal(parseCard('A♠'), suitedCard('A', 'S'));
  assert.equal(parseCard('q♣'), suitedCard('Q', 'C'));
  assert.equal(parseCard('7♦'), suitedCard('7', 'D'));
  assert.equal(parseCard('AS#2'), suitedCard('A', 'S', 2));
  assert.equal(parseCard('AS#1'), suitedCard('A', 'S'));
});

test('jokers in every notation: small/black vs big/red', () => {
  const small = jokerCard('small');
  const big = jokerCard('big');
  for (const t of ['BJ', 'bj', 'SJ', 'X1', 'x1']) assert.equal(parseCard(t), small, t);
  for (const t of ['RJ', 'rj', 'X2']) assert.equal(parseCard(t), big, t);
  assert.equal(parseCard('RJ#2'), jokerCard('big', 2));
  assert.equal(formatCard(small, 'deckofcards'), 'X1');
  assert.equal(formatCard(big, 'deckofcards'), 'X2');
  assert.equal(formatCard(small, 'rlcard'), 'BJ');
  assert.equal(formatCard(big, 'rlcard'), 'RJ');
  assert.equal(formatCard(big, 'unicode'), '\u{1F0BF}');
  assert.equal(formatCard(small, 'unicode'), '\u{1F0CF}');
  assert.equal(formatCard(big, 'chinese'), '大王');
  assert.equal(formatCard(small, 'chinese'), '小王');
  assert.throws(() => formatCard(big, 'pokersolver'), { code: 'BAD_CARD' });
});

test('specific forms: deckofcards 0S, RLCard S3/HT, pokersolver Td, Unicode Q=D K=E', () => {
  assert.equal(formatCard(suitedCard('T', 'S'), 'deckofcards'), '0S');
  assert.equal(parseCard('0s', 'deckofcards'), suitedCard('T', 'S'));
  assert.equal(formatCard(suitedCard('3', 'S'), 'rlcard'), 'S3');
  assert.equal(formatCard(suitedCard('T', 'H'), 'rlcard'), 'HT');
  assert.equal(formatCard(suitedCard('T', 'D'), 'pokersolver'), 'Td');
  assert.equal(parseCard('As', 'pokersolver'), suitedCard('A', 'S'));
  // U+1F0A1 ace of spades, U+1F0AD queen (C is the Knight), U+1F0AE king, U+1F0C1 ace of diamonds.
  assert.equal(formatCard(suitedCard('A', 'S'), 'unicode'), '\u{1F0A1}');
  assert.equal(formatCard(suitedCard('Q', 'S'), 'unicode'), '\u{1F0AD}');
  assert.equal(formatCard(suitedCard('K', 'S'), 'unicode'), '\u{1F0AE}');
  assert.equal(formatCard(suitedCard('J', 'H'), 'unicode'), '\u{1F0BB}');
  assert.equal(formatCard(suitedCard('A', 'D'), 'unicode'), '\u{1F0C1}');
  assert.equal(formatCard(suitedCard('T', 'C'), 'unicode'), '\u{1F0DA}');
  assert.equal(formatCard(suitedCard('T', 'H'), 'symbol'), '10♥');
  assert.equal(formatCard(suitedCard('A', 'S'), 'chinese'), '黑桃A');
  assert.equal(formatCard(suitedCard('T', 'H'), 'chinese'), '红桃10');
  assert.equal(parseCard('红心Q', 'chinese'), suitedCard('Q', 'H'));
  assert.equal(parseCard('方塊3', 'chinese'), suitedCard('3', 'D'));
  assert.deepEqual(deckOfCardsFields(suitedCard('T', 'S')), {
    code: '0S',
    value: '10',
    suit: 'SPADES',
  });
  assert.deepEqual(deckOfCardsFields(jokerCard('small')), {
    code: 'X1',
    value: 'JOKER',
    suit: 'BLACK',
  });
});

test('strict parsing: look-alikes, padding and near misses are BAD_CARD naming the token', () => {
  const bad: [string, CardNotation][] = [
    ['A\u0441', 'code'], // Cyrillic small es, looks like c
    ['\u0410S', 'code'], // Cyrillic capital A
    ['\uFF21S', 'code'], // full-width A
    [' AS', 'code'],
    ['AS ', 'code'],
    ['1S', 'code'],
    ['11H', 'code'],
    ['A', 'code'],
    ['ASS', 'code'],
    ['AS#0', 'code'],
    ['AS#', 'code'],
    ['', 'code'],
    ['10S', 'deckofcards'],
    ['TS', 'deckofcards'],
    ['BJ', 'deckofcards'],
    ['s3', 'rlcard'],
    ['3S', 'rlcard'],
    ['X1', 'rlcard'],
    ['td', 'pokersolver'],
    ['10d', 'pokersolver'],
    ['TD', 'pokersolver'],
    ['\u{1F0AC}', 'unicode'], // Knight of spades
    ['\u{1F0DF}', 'unicode'], // white joker: neither black nor red
    ['\u{1F0A0}', 'unicode'], // card back
    ['AS', 'unicode'],
    ['黑桃T', 'chinese'],
    ['黑桃1', 'chinese'],
    ['王', 'chinese'],
  ];
  for (const [token, notation] of bad) {
    assert.throws(
      () => parseCard(token, notation),
      (e: unknown) =>
        (e as { code?: string }).code === 'BAD_CARD' &&
        (e as Error).message.includes(JSON.stringify(token)),
      `${notation} ${JSON.stringify(token)}`,
    );
  }
  assert.throws(() => parseCard('A\u0441'), /U\+0441/);
  assert.throws(() => parseCard(42 as never), TypeError);
  assert.throws(() => parseCard('AS', 'klingon' as never), { code: 'BAD_OPTION' });
});

test('parseCards splits on spaces and commas; glyphs may run together', () => {
  assert.deepEqual(
    parseCards('AS, kh  10d').map((c) => c.id),
    ['AS', 'KH', 'TD'],
  );
  assert.deepEqual(
    parseCards('\u{1F0A1}\u{1F0AE} \u{1F0BF}', 'unicode').map((c) => c.id),
    ['AS', 'KS', 'RJ'],
  );
  assert.deepEqual(
    parseCards('大王、黑桃A，红桃10', 'chinese').map((c) => c.id),
    ['RJ', 'AS', 'TH'],
  );
  assert.deepEqual(
    parseCards(['AS', '0H']).map((c) => c.id),
    ['AS', 'TH'],
  );
  assert.throws(() => parseCards('AS QQ KH'), { code: 'BAD_CARD', message: /"QQ"/ });
  assert.throws(() => parseCards(7 as never), TypeError);
});

test('property: format then parse is the identity for every card copy and notation', () => {
  const anyCard = fc.oneof(
    fc
      .tuple(
        fc.constantFrom(...('A23456789TJQK'.split('') as never[])),
        fc.constantFrom('S', 'H', 'D', 'C'),
        fc.integer({ min: 1, max: 1000 }),
      )
      .map(([r, s, d]) => suitedCard(r, s as never, d)),
    fc
      .tuple(fc.constantFrom('small', 'big'), fc.integer({ min: 1, max: 1000 }))
      .map(([k, d]) => jokerCard(k as never, d)),
  );
  fc.assert(
    fc.property(anyCard, (card) => {
      assert.equal(parseCard(formatCard(card, 'id')), card);
      const first = card.joker === null ? suitedCard(card.rank, card.suit) : jokerCard(card.joker);
      for (const n of ['code', 'deckofcards', 'rlcard', 'unicode', 'chinese'] as const) {
        assert.equal(parseCard(formatCard(card, n), n), first);
      }
    }),
    { seed: 3, numRuns: 300 },
  );
});
