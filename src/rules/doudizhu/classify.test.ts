import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Card } from '../../index.ts';
import { jokerCard, suitedCard } from '../../index.ts';
import { beats } from './beats.ts';
import { classify } from './classify.ts';
import type { Play } from './play-types.ts';
import type { DoudizhuRules } from './rules.ts';

const LABEL_TO_RANK: Record<string, string> = { '10': 'T' };
const SUITS = ['S', 'H', 'D', 'C'] as const;

/** Cards from rank labels ('3 3 3 4 BJ RJ'): distinct physical cards, copy 2 after four suits. */
function cards(text: string): Card[] {
  const used = new Map<string, number>();
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((label) => {
      const n = used.get(label) ?? 0;
      used.set(label, n + 1);
      if (label === 'BJ' || label === 'RJ')
        return jokerCard(label === 'BJ' ? 'small' : 'big', n + 1);
      const rank = (LABEL_TO_RANK[label] ?? label) as Parameters<typeof suitedCard>[0];
      return suitedCard(rank, SUITS[n % 4]!, Math.floor(n / 4) + 1);
    });
}

const FOUR: Partial<DoudizhuRules> = { variant: 'doudizhu-4p' };
// Rank indices used below: 3→0 … 10→7, J 8, Q 9, K 10, A 11, 2 12, BJ 13, RJ 14.
const CASES: [string, string, string | null, number?, number?, Partial<DoudizhuRules>?][] = [
  // [what, cards, type or null, deciding rank, chain length, rules]
  ['a single', '7', 'single', 4],
  ['the big joker is a single', 'RJ', 'single', 14],
  ['a pair', 'Q Q', 'pair', 9],
  ['two jokers are the rocket, not a pair', 'BJ RJ', 'rocket', 14],
  ['a trio of 2s', '2 2 2', 'trio', 12],
  ['trio with a single joker', '5 5 5 BJ', 'trio-single', 2],
  ['trio with a pair of 2s', 'K K K 2 2', 'trio-pair', 10],
  ['trio whose "pair" is the two jokers: they are a rocket, never a pair', '3 3 3 BJ RJ', null],
  ['bomb', '9 9 9 9', 'bomb', 6],
  ['straight 3 to 7', '3 4 5 6 7', 'straight', 0, 5],
  ['straight 10 to A', '10 J Q K A', 'straight', 7, 5],
  ['the longest straight, 3 to A', '3 4 5 6 7 8 9 10 J Q K A', 'straight', 0, 12],
  ['straights do not wrap: K A 2 3 4', 'K A 2 3 4', null],
  ['no 2 in a straight: J Q K A 2', 'J Q K A 2', null],
  ['no joker in a straight', '10 J Q K A BJ', null],
  ['four in a row is too short', '3 4 5 6', null],
  ['a straight with a gap', '3 4 5 6 8', null],
  ['three consecutive pairs', '3 3 4 4 5 5', 'pair-chain', 0, 3],
  ['two pairs are no chain', '3 3 4 4', null],
  ['no 2 in a pair chain', 'K K A A 2 2', null],
  ['an airplane without wings', '3 3 3 4 4 4', 'airplane', 0, 2],
  ['no airplane through the 2', 'A A A 2 2 2', null],
  ['airplane with two single wings', '3 3 3 4 4 4 8 J', 'airplane-singles', 0, 2],
  ['single wings may be one pair split up', '3 3 3 4 4 4 5 5', 'airplane-singles', 0, 2],
  [
    'distinct kickers: a split pair is no pair of wings',
    '3 3 3 4 4 4 5 5',
    null,
    0,
    0,
    { distinctKickers: true },
  ],
  ['airplane with pair wings', '7 7 7 8 8 8 3 3 K K', 'airplane-pairs', 4, 2],
  ['pair wings must differ in rank', '7 7 7 8 8 8 3 3 3 3', null],
  ['a third trio next to the chain lengthens it', '3 3 3 4 4 4 5 5 5 6 6 6', 'airplane', 0, 4],
  [
    'a trio away from the chain is three single wings',
    '3 3 3 4 4 4 5 5 5 9 9 9',
    'airplane-singles',
    0,
    3,
  ],
  [
    'adjacent trio in the wings of a 16-card play: no reading',
    '3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 9',
    null,
  ],
  ['wings that are a bomb (default: no)', '3 3 3 4 4 4 5 5 5 6 6 6 9 9 9 9', null],
  [
    'wings that are a bomb, allowed by the house',
    '3 3 3 4 4 4 5 5 5 6 6 6 9 9 9 9',
    'airplane-singles',
    0,
    4,
    { wingsMayContainBomb: true },
  ],
  ['the rocket as wings (default: no)', '3 3 3 4 4 4 BJ RJ', null],
  [
    'the rocket as wings, allowed by the house',
    '3 3 3 4 4 4 BJ RJ',
    'airplane-singles',
    0,
    2,
    { kickersMayContainRocket: true },
  ],
  [
    'airplane of five trios with five wings (20 cards)',
    '6 6 6 7 7 7 8 8 8 9 9 9 10 10 10 3 4 2 2 RJ',
    'airplane-singles',
    3,
    5,
  ],
  [
    'airplane of four trios with four pairs (20 cards)',
    '6 6 6 7 7 7 8 8 8 9 9 9 3 3 J J K K 2 2',
    'airplane-pairs',
    3,
    4,
  ],
  ['four with two singles', '8 8 8 8 3 K', 'four-two-singles', 5],
  ['four with one pair as two singles', '8 8 8 8 K K', 'four-two-singles', 5],
  ['four with the rocket (default: no)', '8 8 8 8 BJ RJ', null],
  ['four with two pairs', '8 8 8 8 3 3 K K', 'four-two-pairs', 5],
  ['two bombs are not four with two pairs', '8 8 8 8 9 9 9 9', null],
  ['four with two, when the house forbids it', '8 8 8 8 3 K', null, 0, 0, { fourWithTwo: false }],
  ['nothing', '3 5', null],
  ['five of a rank cannot exist in one deck', '3 3 3 3 3', null],
  // Four players, two decks (108 cards).
  ['4p: five of a kind is a bomb', '3 3 3 3 3', 'bomb', 0, 1, FOUR],
  ['4p: eight of a kind is a bomb', '2 2 2 2 2 2 2 2', 'bomb', 12, 1, FOUR],
  ['4p: the rocket is all four jokers', 'BJ BJ RJ RJ', 'rocket', 14, 1, FOUR],
  ['4p: one small and one big joker are nothing', 'BJ RJ', null, 0, 0, FOUR],
  ['4p: two small jokers are a pair', 'BJ BJ', 'pair', 13, 1, FOUR],
  ['4p: trio with a pair of big jokers', '4 4 4 RJ RJ', 'trio-pair', 1, 1, FOUR],
  ['4p: a straight takes one copy of each rank', '3 4 5 6 7', 'straight', 0, 5, FOUR],
  // The four jokers are two pairs only in shape: as kickers they are the rocket (issue 26).
  [
    '4p: four with the four-joker rocket as two pairs (default: no)',
    '8 8 8 8 BJ BJ RJ RJ',
    null,
    0,
    0,
    FOUR,
  ],
  [
    '4p: four with the four-joker rocket as two pairs, allowed by the house',
    '8 8 8 8 BJ BJ RJ RJ',
    'four-two-pairs',
    5,
    1,
    { ...FOUR, kickersMayContainRocket: true },
  ],
  ['4p: four with one pair of jokers', '8 8 8 8 3 3 BJ BJ', 'four-two-pairs', 5, 1, FOUR],
  [
    '4p: airplane with the four-joker rocket as pair wings (default: no)',
    '3 3 3 4 4 4 BJ BJ RJ RJ',
    null,
    0,
    0,
    FOUR,
  ],
  [
    '4p: airplane with the four-joker rocket as pair wings, allowed by the house',
    '3 3 3 4 4 4 BJ BJ RJ RJ',
    'airplane-pairs',
    0,
    2,
    { ...FOUR, kickersMayContainRocket: true },
  ],
  [
    '4p: airplane with pair wings of small and big jokers',
    '3 3 3 4 4 4 5 5 5 BJ BJ RJ RJ 9 9',
    null,
    0,
    0,
    FOUR,
  ],
  [
    '4p: airplane with one pair of jokers as wings',
    '3 3 3 4 4 4 RJ RJ 9 9',
    'airplane-pairs',
    0,
    2,
    FOUR,
  ],
  [
    '4p: airplane with the four jokers as single wings',
    '3 3 3 4 4 4 5 5 5 6 6 6 BJ BJ RJ RJ',
    null,
    0,
    0,
    FOUR,
  ],
  [
    '4p: four with two small jokers as two singles',
    '8 8 8 8 BJ BJ',
    'four-two-singles',
    5,
    1,
    FOUR,
  ],
];

for (const [what, text, type, rank, length, rules] of CASES) {
  test(`classify: ${what} (${text})`, () => {
    const play = classify(cards(text), rules);
    if (type === null) {
      assert.equal(play, null);
      return;
    }
    assert.ok(play !== null, 'should be a combination');
    assert.equal(play.type, type);
    if (rank !== undefined) assert.equal(play.rank, rank);
    if (length !== undefined) assert.equal(play.length, length);
    assert.equal(play.size, cards(text).length);
  });
}

function p(text: string, rules?: Partial<DoudizhuRules>): Play {
  const play = classify(cards(text), rules);
  assert.ok(play !== null, `${text} should be a combination`);
  return play;
}

test('beats: same type and length, higher deciding rank; kickers do not count', () => {
  assert.equal(beats(p('4 4'), p('3 3')), true);
  assert.equal(beats(p('3 3'), p('4 4')), false);
  assert.equal(beats(p('3 3'), p('3 3')), false);
  assert.equal(beats(p('2'), p('A')), true);
  assert.equal(beats(p('BJ'), p('2')), true);
  assert.equal(beats(p('RJ'), p('BJ')), true);
  assert.equal(beats(p('4 4 4 3'), p('3 3 3 2')), true, 'trio rank decides, not the kicker');
  assert.equal(beats(p('4 4 4 3'), p('3 3 3 5 5')), false, 'trio-single does not answer trio-pair');
  assert.equal(beats(p('4 5 6 7 8'), p('3 4 5 6 7')), true);
  assert.equal(beats(p('4 5 6 7 8 9'), p('3 4 5 6 7')), false, 'a longer straight is another play');
  assert.equal(beats(p('4 4 4 5 5 5 3 3'), p('3 3 3 4 4 4 9 10')), true);
  assert.equal(beats(p('5 5'), p('3')), false);
});

test('beats: bombs and the rocket', () => {
  assert.equal(beats(p('3 3 3 3'), p('10 J Q K A')), true);
  assert.equal(beats(p('3 3 3 3'), p('2 2')), true);
  assert.equal(beats(p('4 4 4 4'), p('3 3 3 3')), true);
  assert.equal(beats(p('3 3 3 3'), p('2 2 2 2')), false);
  assert.equal(beats(p('BJ RJ'), p('2 2 2 2')), true);
  assert.equal(beats(p('2 2 2 2'), p('BJ RJ')), false);
  assert.equal(beats(p('A A A A'), p('3 3 3 3 5 6')), true, 'a bomb beats four with two');
  assert.equal(beats(p('3 3 3 3 5 6'), p('A A A A')), false, 'four with two is no bomb');
  assert.equal(beats(p('3'), null), true);
});

test('beats in the four-player game: more cards first, then rank; four jokers top everything', () => {
  assert.equal(beats(p('3 3 3 3 3', FOUR), p('2 2 2 2', FOUR)), true);
  assert.equal(beats(p('2 2 2 2', FOUR), p('3 3 3 3 3', FOUR)), false);
  assert.equal(beats(p('4 4 4 4 4', FOUR), p('3 3 3 3 3', FOUR)), true);
  assert.equal(beats(p('BJ BJ RJ RJ', FOUR), p('2 2 2 2 2 2 2 2', FOUR)), true);
  assert.equal(beats(p('RJ RJ', FOUR), p('BJ BJ', FOUR)), true);
});
