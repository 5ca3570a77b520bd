// A refusal in the page's words: the rules' own errors (as the library throws them and as the
// service answers them) come out in the page's words, naming the cards as the page labels them —
// 小王、红桃3, never BJ 3H — and never the service's English sentence.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { foreignWords } from '../../test/support/zh-text.ts';
import { TableClientError } from '../client/index.ts';
import { deal, FairdealError } from '../index.ts';
import {
  bid,
  cardsFor,
  legalMoves,
  pass,
  play,
  rankIndex,
  SMALL_JOKER,
  startBidding,
} from '../rules/doudizhu/index.ts';
import { cardLabel } from './card-label.ts';
import { errorWords } from './error-words.ts';

function caught(fn: () => unknown): FairdealError {
  try {
    fn();
  } catch (e) {
    if (e instanceof FairdealError) return e;
    throw e;
  }
  throw new Error('nothing was thrown');
}

/** The service's answer for a library error (src/server/tables/table-errors.ts keeps the reason). */
function answered(e: FairdealError): TableClientError {
  const reason = e.detail?.reason;
  return new TableClientError(422, {
    success: false,
    error: e.message,
    code: e.code,
    ...(typeof reason === 'string' ? { reason } : {}),
  });
}

test('a play that is no combination: the cards as the page labels them, in both languages', () => {
  let s = startBidding(deal('doudizhu', { seed: 'refusals' }));
  s = bid(s, s.turn, 3);
  const hand = s.hands[s.turn]!;
  // Two cards of different ranks, neither a joker pair: never a combination.
  const a = hand[0]!;
  const b = hand.find((c) => c.rank !== a.rank && c.joker === null && a.joker === null)!;
  const e = caught(() => play(s, s.turn, [a, b]));
  assert.equal(e.code, 'ILLEGAL_PLAY');
  assert.match(e.message, /is not a Dou Dizhu combination/);
  for (const error of [e, answered(e)]) {
    const ctx = { cards: [a.id, b.id] };
    const zh = errorWords(error, 'zh', ctx);
    assert.equal(zh.text, `${cardLabel(a, 'zh')}、${cardLabel(b, 'zh')}：不是斗地主的牌型。`);
    assert.deepEqual(foreignWords(zh.text), []);
    assert.equal(zh.code, 'ILLEGAL_PLAY');
    assert.equal(zh.reason, 'not-a-combination');
    const en = errorWords(error, 'en', ctx);
    assert.equal(
      en.text,
      `${cardLabel(a, 'en')}, ${cardLabel(b, 'en')}: not a Dou Dizhu combination.`,
    );
    assert.ok(!en.text.includes(e.message), 'never the library’s sentence');
  }
});

test('the jokers and a heart, named 小王、红桃3 — not BJ 3H', () => {
  const error = new TableClientError(422, {
    success: false,
    error: 'BJ 3H is not a Dou Dizhu combination',
    code: 'ILLEGAL_PLAY',
    reason: 'not-a-combination',
  });
  const zh = errorWords(error, 'zh', { cards: ['BJ', '3H'] }).text;
  assert.equal(zh, '小王、红桃3：不是斗地主的牌型。');
  assert.doesNotMatch(zh, /BJ|3H/);
  assert.equal(errorWords(error, 'zh', { cards: ['RJ'] }).text, '大王：不是斗地主的牌型。');
});

test('a play that does not beat the lead names both plays and the type to beat', () => {
  let s = startBidding(deal('doudizhu', { seed: 'refusals' }));
  s = bid(s, s.turn, 3);
  // The landlord leads its highest single below the jokers; the next seat tries a lower card.
  const lead = legalMoves(s)
    .filter((p) => p.type === 'single' && p.rank < SMALL_JOKER)
    .sort((x, y) => y.rank - x.rank)[0]!;
  const led = cardsFor(s.hands[s.turn]!, lead);
  s = play(s, s.turn, led);
  const low = s.hands[s.turn]!.find((c) => rankIndex(c) < lead.rank)!;
  const e = caught(() => play(s, s.turn, [low]));
  assert.equal(e.detail?.reason, 'does-not-beat');
  const ctx = { cards: [low.id], lead: { cards: led.map((c) => c.id), type: 'single' } };
  const zh = errorWords(answered(e), 'zh', ctx).text;
  assert.equal(
    zh,
    `${cardLabel(low, 'zh')} 压不过 ${cardLabel(led[0]!, 'zh')}（单张）：请出张数相同、更大的单张，或炸弹、王炸，或者选择不要。`,
  );
  assert.match(
    errorWords(answered(e), 'en', ctx).text,
    / does not beat .* \(single\): play a higher single/,
  );
  // Without the lead the page still has words: the code's own.
  const plain = new TableClientError(422, {
    error: 'x',
    code: 'ILLEGAL_PLAY',
    reason: 'does-not-beat',
  });
  assert.equal(errorWords(plain, 'zh').text, '规则不允许这样出牌。');
  // A pass during the bidding: the code's words (no reason).
  const lead2 = caught(() => pass(startBidding(deal('doudizhu')), 0));
  assert.equal(lead2.code, 'WRONG_PHASE');
  assert.equal(errorWords(lead2, 'zh').text, '这一局现在不能这样做。');
});

test('a bid too low says the bid to beat; an unknown error is said to be unexpected, its message as detail', () => {
  let s = startBidding(deal('doudizhu', { seed: 'bids' }));
  s = bid(s, s.turn, 2);
  const e = caught(() => bid(s, s.turn, 1));
  assert.equal(e.detail?.reason, 'too-low');
  assert.equal(errorWords(answered(e), 'zh', { highest: 2 }).text, '请叫比 2 更高的分，或者不叫。');
  assert.equal(errorWords(answered(e), 'en', { highest: 2 }).text, 'Bid higher than 2, or pass.');
  const odd = errorWords(new TypeError('x is not a function'), 'zh');
  assert.equal(odd.text, '出现了意外的错误：');
  assert.equal(odd.detail, 'x is not a function');
  assert.equal(odd.code, undefined);
  // A card code that is not a card stays as it is (the page never invents a name).
  assert.equal(
    errorWords(
      new TableClientError(422, { code: 'ILLEGAL_PLAY', reason: 'not-a-combination' }),
      'en',
      { cards: ['ZZ'] },
    ).text,
    'ZZ: not a Dou Dizhu combination.',
  );
});
