import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildDeck } from './build-deck.ts';
import { jokerCard, suitedCard } from './card.ts';
import { parseCards } from './parse-card.ts';
import { formatPbnDeal, parsePbnDeal } from './pbn.ts';

test('PBN: a hand-written deal parses to the right seats, voids included', () => {
  // East (first) holds all spades; South all hearts; West all diamonds; North all clubs.
  const text = 'E:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';
  const { first, hands } = parsePbnDeal(text);
  assert.equal(first, 'E');
  assert.ok(hands[1]!.every((c) => c.suit === 'S'));
  assert.ok(hands[2]!.every((c) => c.suit === 'H'));
  assert.ok(hands[3]!.every((c) => c.suit === 'D'));
  assert.ok(hands[0]!.every((c) => c.suit === 'C'));
  assert.equal(formatPbnDeal(hands, 'E'), text);
});

test('PBN: format writes suits S.H.D.C, ranks high to low, T for ten, from the first seat', () => {
  const hands = [parseCards('2S AS TS KH 3D'), parseCards('QC'), [], parseCards('JH TH 9C')];
  assert.equal(formatPbnDeal(hands, 'N'), 'N:AT2.K.3. ...Q ... .JT..9');
  assert.equal(formatPbnDeal(hands, 'W'), 'W:.JT..9 AT2.K.3. ...Q ...');
  const back = parsePbnDeal(formatPbnDeal(hands, 'S'));
  assert.deepEqual(
    back.hands.map((h) => h.map((c) => c.id).sort()),
    hands.map((h) => h.map((c) => c.id).sort()),
  );
});

test('PBN round-trips a whole dealt deck', () => {
  const deck = buildDeck('standard-52');
  const hands = [0, 1, 2, 3].map((s) => deck.filter((_, i) => i % 4 === s));
  for (const first of ['N', 'E', 'S', 'W'] as const) {
    const parsed = parsePbnDeal(formatPbnDeal(hands, first));
    assert.equal(parsed.first, first);
    for (let s = 0; s < 4; s++) {
      assert.deepEqual(new Set(parsed.hands[s]), new Set(hands[s]));
    }
  }
});

test('PBN: strict errors', () => {
  const good = 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';
  for (const bad of [
    'N:AKQ.xx.xx.xxx .. .. ..',
    good.replace('N:', 'X:'),
    good.replace('N:', 'n:'),
    good.replace(' ', '  '),
    good.replace('AKQJT', 'AKQJ10'),
    good.replace('AKQJT', 'akqjt'),
    good.replace('...AKQJT98765432', '...AKQJT9876543A'),
    'N:AKQ.. .. .. ..',
    'N:- - - -',
  ]) {
    assert.throws(() => parsePbnDeal(bad), { code: 'BAD_CARD' }, bad);
  }
  assert.throws(() => formatPbnDeal([[jokerCard('big')], [], [], []]), { code: 'BAD_CARD' });
  assert.throws(() => formatPbnDeal([[suitedCard('A', 'S', 2)], [], [], []]), { code: 'BAD_CARD' });
  assert.throws(() => formatPbnDeal([[suitedCard('A', 'S')], [suitedCard('A', 'S')], [], []]), {
    code: 'BAD_CARD',
  });
  assert.throws(() => formatPbnDeal([[], [], []]), RangeError);
  assert.throws(() => formatPbnDeal([[], [], [], []], 'X' as never), { code: 'BAD_OPTION' });
});
