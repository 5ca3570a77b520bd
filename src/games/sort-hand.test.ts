import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildDeck } from '../cards/build-deck.ts';
import { parseCards } from '../cards/index.ts';
import { chacha20 } from '../random/chacha20.ts';
import { toShuffled } from '../shuffle/to-shuffled.ts';
import type { SortName, SortOptions } from './sort-hand.ts';
import { SORT_NAMES, sortHand } from './sort-hand.ts';

// Every expected order below is written by hand from the rules (cited in docs/GAMES.md), and the
// input is a scrambled version of it, so the test checks the rules, not the current output.
function check(expected: string, order: SortName, options: SortOptions = {}, scramble?: string) {
  const want = parseCards(expected);
  const input = scramble === undefined ? [...want].reverse() : parseCards(scramble);
  assert.deepEqual(
    sortHand(input, order, options).map((c) => c.id),
    want.map((c) => c.id),
    `${order} ${JSON.stringify(options)}`,
  );
  // also from a rotated input: the sort must not depend on where it starts
  const rotated = [...input.slice(3), ...input.slice(0, 3)];
  assert.deepEqual(
    sortHand(rotated, order, options).map((c) => c.id),
    want.map((c) => c.id),
  );
}

test('Dou Dizhu: big joker, small joker, 2, A, K … 3; ties ♠ ♥ ♣ ♦ (founding document)', () => {
  check('RJ BJ 2S 2H 2C 2D AS AD KH QC JC TS 9H 8D 7S 6C 5H 4D 3S 3H 3C 3D', 'doudizhu');
  // the founding document's own example values: M (big) before N (small), spade before diamond
  check('RJ BJ 2S 2D AS', 'doudizhu', {}, 'AS BJ 2D RJ 2S');
});

test('Dou Dizhu with two decks: identical cards sit together, copy 1 first', () => {
  check('RJ RJ#2 BJ 2S 2S#2 AD 3C 3C#2', 'doudizhu', {}, '3C#2 2S#2 AD RJ#2 BJ 3C RJ 2S');
});

test('Guandan: jokers, level cards, then A K … 2 (level skipped)', () => {
  check('RJ BJ 7S 7H 7D AS KH 3C 2S 2D', 'guandan', { level: '7' });
  check('RJ 2S 2C AS KH 3C', 'guandan', { level: '2' }, '3C 2C AS RJ KH 2S');
});

test('Shengji: trumps (jokers, trump level card, other level cards, trump suit) then suits', () => {
  // level 5, hearts trump
  check('RJ BJ 5H 5S 5C 5D AH KH 2H AS 3S AC QC KD 2D', 'shengji', { level: '5', trump: 'H' });
  // level 5, no trump: jokers, level cards by suit, then every suit plain
  check('RJ BJ 5S 5H 5D AS 2S AH 3H KC QD', 'shengji', { level: '5', trump: 'none' });
  // two decks: pairs (tractors) adjacent
  check(
    'BJ BJ#2 TS TS#2 AS AS#2 9S',
    'shengji',
    { level: 'T', trump: 'S' },
    'AS#2 9S TS BJ AS TS#2 BJ#2',
  );
});

test('Bridge: suits ♠ ♥ ♦ ♣, each A K … 2', () => {
  check('AS TS 2S KH 3H AD QD 7D JC 9C 4C', 'bridge');
});

test('suit order ♠ ♥ ♣ ♦ and poker order (rank first)', () => {
  check('KS 2S AH 9H QC 3C AD', 'suit');
  check('AS AD KH QS JC TD 9S 2H', 'poker');
  check('AS 2S 9S KS AH 3H 4C TC QD', 'rummy');
});

test('Skat: jacks ♣ ♠ ♥ ♦, trump A 10 K Q 9 8 7, then other suits ♣ ♠ ♥ ♦', () => {
  check('JC JS JH JD AH TH KH QH 9H 8H 7H AC TC 7C AS KD', 'skat', { trump: 'H' });
  check('JC JD AC TC KC AS TS QS 9H 7D', 'skat', { trump: 'grand' });
  check('AC KC QC JC TC 9C 8C 7C AS JD 7D', 'skat', { trump: 'null' });
});

test('Euchre: right bower, left bower (same colour jack), trump A K Q 10 9, then suits', () => {
  check('JH JD AH KH QH TH 9H AS JS 9S AC JC AD KD', 'euchre', { trump: 'H' });
  check('JS JC AS 9S AH JH QC JD', 'euchre', { trump: 'S' }, 'JD QC AH 9S JC JS JH AS');
  // without trump the jacks stay in their suits
  check('AS JS 9S KH JH AC JC AD JD', 'euchre');
});

test('Pinochle: suits ♠ ♥ ♣ ♦, each A 10 K Q J 9, duplicates together', () => {
  check('AS AS#2 TS KS QS JS 9S AH 9H TC JD', 'pinochle');
});

test('none keeps the order; jokers lead the suit orders', () => {
  const cards = parseCards('3S RJ AH');
  assert.deepEqual(sortHand(cards, 'none'), cards);
  check('RJ BJ AS 2S KH', 'suit');
});

test('bad sort options are BAD_OPTION', () => {
  const cards = parseCards('AS');
  assert.throws(() => sortHand(cards, 'shengji', { level: '1' as never }), { code: 'BAD_OPTION' });
  assert.throws(() => sortHand(cards, 'shengji', { trump: 'grand' }), { code: 'BAD_OPTION' });
  assert.throws(() => sortHand(cards, 'skat', { trump: 'none' }), { code: 'BAD_OPTION' });
  assert.throws(() => sortHand(cards, 'nope' as never), { code: 'BAD_OPTION' });
  assert.throws(() => sortHand('AS' as never, 'suit'), TypeError);
});

test('the packed numeric sort gives the order of the sort by (key, deck copy) it replaces, ties in hand order', () => {
  // The reference is the same function's other path: cards whose deck copy is past the packing
  // (≥ 1024; their order among themselves unchanged) take the sort of decorated objects.
  const deck = buildDeck({ copies: 3, jokers: true });
  const rng = chacha20('sort-hand packing');
  const cases: [SortName, SortOptions][] = [
    ...SORT_NAMES.map((order) => [order, {}] as [SortName, SortOptions]),
    ['shengji', { level: '7', trump: 'H' }],
    ['guandan', { level: 'K' }],
    ['skat', { trump: 'null' }],
    ['skat', { trump: 'C' }],
    ['euchre', { trump: 'D' }],
  ];
  for (const [order, options] of cases) {
    for (const size of [0, 1, 2, 17, 25, 54, 162]) {
      const hand = toShuffled(deck, rng).slice(0, size);
      const far = hand.map((c) => ({ ...c, deck: c.deck + 1024 }));
      const back = new Map(far.map((c, i) => [c, hand[i]!]));
      const want = sortHand(far, order, options).map((c) => back.get(c)!);
      const got = sortHand(hand, order, options);
      assert.deepEqual(
        got.map((c) => `${c.id}/${c.deck}`),
        want.map((c) => `${c.id}/${c.deck}`),
        `${order} ${JSON.stringify(options)} ${size}`,
      );
      // The same card objects, not copies.
      for (let i = 0; i < got.length; i++) assert.equal(got[i], want[i]);
    }
  }
});
