import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deal, FairdealError, parseCards } from '../../../index.ts';
import { bid, startBidding } from '../bidding.ts';
import { cardsFor } from '../cards-for.ts';
import { classify } from '../classify.ts';
import type { PlayRecord } from '../play-record.ts';
import { formatPlay, PASS } from '../play-types.ts';
import type { DoudizhuRules } from '../rules.ts';
import { DEFAULT_RULES } from '../rules.ts';
import type { Bid } from '../state.ts';
import { pass, play } from '../turns.ts';
import { botBid } from './bot-bid.ts';
import { botPlay } from './bot-play.ts';
import type { DoudizhuSeatView } from './seat-view.ts';
import { doudizhuSeatView } from './seat-view.ts';

/**
 * A three-player seat view in the play, by hand: `plays` in order (`'pass'` or card codes), the
 * play to beat worked out as the rules do (two passes in a row clear it).
 */
function seatAt(o: {
  seat: number;
  landlord: number;
  hand: string;
  sizes: readonly number[];
  plays?: readonly (readonly [number, string])[];
}): DoudizhuSeatView {
  const plays: PlayRecord[] = (o.plays ?? []).map(([seat, codes]) =>
    codes === 'pass'
      ? { seat, play: PASS, cards: [] }
      : { seat, play: classify(parseCards(codes))!, cards: parseCards(codes) },
  );
  let lead: PlayRecord | null = null;
  let passes = 0;
  for (const p of plays) {
    if (p.play.type !== 'pass') {
      lead = p;
      passes = 0;
    } else if (++passes === 2) {
      lead = null;
      passes = 0;
    }
  }
  const hand = parseCards(o.hand);
  assert.equal(o.sizes[o.seat], hand.length, 'the seat’s own size is its hand');
  return {
    rules: DEFAULT_RULES,
    seats: 3,
    seat: o.seat,
    phase: 'playing',
    turn: o.seat,
    hand,
    handSizes: o.sizes,
    kitty: [],
    firstBidder: 0,
    bids: [],
    highestBid: 1,
    caller: null,
    robs: 0,
    landlord: o.landlord,
    base: 1,
    plays,
    lead,
    passes,
    bombs: 0,
  };
}

const said = (v: DoudizhuSeatView) => formatPlay(botPlay(v));

test('leading: the whole hand when it is one play; else a chain before its singles', () => {
  assert.equal(
    said(seatAt({ seat: 0, landlord: 0, hand: '3S 3H 3D 4C', sizes: [4, 17, 17] })),
    '3 3 3 4',
  );
  assert.equal(
    said(seatAt({ seat: 0, landlord: 0, hand: '3S 4H 5D 6C 7S 9H 9D KS', sizes: [8, 17, 17] })),
    '3 4 5 6 7',
  );
});

test('card counting: a king with every higher card played is a sure winner, led before the loser', () => {
  const hand = 'KS 3H';
  const sizes = [2, 10, 10];
  // Every ace, 2 and joker is gone: nothing unseen beats the king, so it goes first and the 3 ends the hand.
  const counted = seatAt({
    seat: 0,
    landlord: 0,
    hand,
    sizes,
    plays: [
      [1, 'AS AH AD AC'],
      [2, '2S 2H 2D 2C'],
      [0, 'BJ RJ'],
      [1, 'pass'],
      [2, 'pass'],
    ],
  });
  assert.equal(said(counted), 'K');
  // The same hand when only low cards have gone: the king could be beaten, so the 3 leads.
  const uncounted = seatAt({
    seat: 0,
    landlord: 0,
    hand,
    sizes,
    plays: [
      [1, '4S 4H 4D 4C'],
      [2, '6S 6H 6D 6C'],
      [0, '7S 7H 7D 7C'],
      [1, 'pass'],
      [2, 'pass'],
    ],
  });
  assert.equal(said(uncounted), '3');
});

test('never beats the partner farmer, but beats the same play from the landlord', () => {
  const hand = '9S 10H JD 4C 4S';
  const partners = [
    [0, '3S'],
    [1, '7S'],
    [0, 'pass'],
  ] as const;
  // Seat 1 (a farmer) played the 7, the landlord passed: seat 2 lets its partner's trick stand.
  assert.equal(
    said(seatAt({ seat: 2, landlord: 0, hand, sizes: [15, 15, 5], plays: partners })),
    'pass',
  );
  // The landlord's own 7 (seat 1 passed after it) is beaten.
  const landlords = seatAt({
    seat: 2,
    landlord: 0,
    hand,
    sizes: [15, 15, 5],
    plays: [
      [0, '7S'],
      [1, 'pass'],
    ],
  });
  assert.notEqual(said(landlords), 'pass');
});

test('tops its partner only to stop a landlord about to go out, with a sure winner', () => {
  const plays = [
    [0, '3S'],
    [1, '7S'],
    [0, 'pass'],
  ] as const;
  // The landlord (next after seat 2) holds one card: the partner's 7 would let it out.
  const close = seatAt({ seat: 2, landlord: 0, hand: 'RJ 4C 5S', sizes: [1, 10, 3], plays });
  assert.equal(said(close), 'RJ');
  const far = seatAt({ seat: 2, landlord: 0, hand: 'RJ 4C 5S', sizes: [9, 10, 3], plays });
  assert.equal(said(far), 'pass');
});

test('a bomb when the opponent is about to go out, kept otherwise', () => {
  const hand = '5S 5H 5D 5C 3S 4H 8D';
  const after = (landlordLeft: number) =>
    seatAt({
      seat: 1,
      landlord: 0,
      hand,
      sizes: [landlordLeft, 7, 17],
      plays: [[0, 'KS KH']],
    });
  assert.equal(said(after(2)), '5 5 5 5');
  assert.equal(said(after(12)), 'pass');
});

test('leading against an opponent with one card: no beatable single; a farmer feeds its partner', () => {
  // The landlord leads a pair, not a single a one-card farmer could go out on; against a
  // two-card farmer, a single, not the pair.
  assert.equal(
    said(seatAt({ seat: 0, landlord: 0, hand: '3S 5H 5D 9D KS', sizes: [5, 1, 10] })),
    '5 5',
  );
  assert.equal(
    said(seatAt({ seat: 0, landlord: 0, hand: '3S 5H 5D 9D KS', sizes: [5, 2, 10] })),
    '3',
  );
  // Farmer seat 1 leads; its partner (seat 2, next) has one card: the lowest single, not the straight.
  assert.equal(
    said(seatAt({ seat: 1, landlord: 0, hand: '3S 4H 5D 6C 7S 9H 9D', sizes: [12, 7, 1] })),
    '3',
  );
});

test('follows cheaply: neither a 2 nor a broken trio on a low single', () => {
  const v = seatAt({
    seat: 1,
    landlord: 0,
    hand: '6S 8H 8D 8C QS 2H 3D 3C',
    sizes: [15, 8, 17],
    plays: [[0, '4S']],
  });
  const move = botPlay(v);
  assert.equal(move.type, 'single');
  assert.ok(move.rank !== 12 && move.rank !== 5, `played ${formatPlay(move)}`);
});

/** A bidding view for seat 0 with this hand. */
function bidder(
  hand: string,
  o: { highestBid?: number; rules?: Partial<DoudizhuRules>; caller?: number },
): DoudizhuSeatView {
  const cards = parseCards(hand);
  assert.equal(cards.length, 17);
  return {
    rules: { ...DEFAULT_RULES, ...o.rules },
    seats: 3,
    seat: 0,
    phase: 'bidding',
    turn: 0,
    hand: cards,
    handSizes: [17, 17, 17],
    kitty: null,
    firstBidder: 1,
    bids: [],
    highestBid: o.highestBid ?? 0,
    caller: o.caller ?? null,
    robs: 0,
    landlord: null,
    base: 0,
    plays: [],
    lead: null,
    passes: 0,
    bombs: 0,
  };
}

const STRONG = 'BJ RJ 2S 2H 2D AS AH KS KH KD 3S 4S 5S 6S 7S 9S 9H';
const WEAK = '3S 3H 4D 5C 6S 7H 8D 9C 9S 10D JC QH KS 4H 6D 8S JD';

test('bids from hand strength: a strong hand 3, a weak one passes; never at or below the highest bid', () => {
  assert.equal(botBid(bidder(STRONG, {})), 3);
  assert.equal(botBid(bidder(WEAK, {})), 'pass');
  const bids: Bid[] = [];
  for (const highestBid of [0, 1, 2]) bids.push(botBid(bidder(STRONG, { highestBid })));
  assert.deepEqual(bids, [3, 3, 3]);
  const rob = { robLandlord: true };
  assert.equal(botBid(bidder(STRONG, { rules: rob })), 'call');
  assert.equal(botBid(bidder(STRONG, { rules: rob, caller: 2 })), 'rob');
  assert.equal(botBid(bidder(WEAK, { rules: rob })), 'pass');
});

test('the bot refuses to act out of phase or out of turn', () => {
  const code = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      return e instanceof FairdealError ? e.code : String(e);
    }
    return 'no error';
  };
  const s = startBidding(deal('doudizhu', { seed: 'out of turn' }));
  assert.equal(
    code(() => botPlay(doudizhuSeatView(s, 0))),
    'WRONG_PHASE',
  );
  assert.equal(
    code(() => botBid(doudizhuSeatView(s, 1))),
    'NOT_YOUR_TURN',
  );
  const p = bid(s, 0, 3);
  assert.equal(
    code(() => botBid(doudizhuSeatView(p, 0))),
    'WRONG_PHASE',
  );
  assert.equal(
    code(() => botPlay(doudizhuSeatView(p, 2))),
    'NOT_YOUR_TURN',
  );
});

test('whole seeded hands: every bot bid and play is legal, every hand ends, the same seed replays', () => {
  const run = (preset: 'doudizhu' | 'doudizhu-4p', rules: Partial<DoudizhuRules>, g: number) => {
    let s = startBidding(deal(preset, { seed: `bot game ${preset} ${g}` }), { rules });
    while (s.phase === 'bidding') s = bid(s, s.turn, botBid(doudizhuSeatView(s, s.turn)));
    let turns = 0;
    while (s.phase === 'playing') {
      assert.ok(++turns < 400, 'the hand ends');
      const seat = s.turn;
      const move = botPlay(doudizhuSeatView(s, seat));
      // play() refuses anything illegal (not held, not a combination, does not beat, pass on lead).
      s = move.type === 'pass' ? pass(s, seat) : play(s, seat, cardsFor(s.hands[seat]!, move));
    }
    return s;
  };
  const cases = [
    ['doudizhu', {}],
    ['doudizhu', { robLandlord: true }],
    ['doudizhu', { fourWithTwo: false, distinctKickers: true }],
    ['doudizhu', { wingsMayContainBomb: true, kickersMayContainRocket: true }],
    ['doudizhu-4p', {}],
  ] as const;
  let finished = 0;
  for (const [preset, rules] of cases) {
    for (let g = 0; g < 8; g++) {
      const end = run(preset, rules, g);
      assert.ok(end.phase === 'finished' || end.phase === 'redeal');
      if (end.phase === 'finished') {
        finished++;
        assert.equal(
          end.score!.deltas.reduce((a, b) => a + b, 0),
          0,
        );
      }
      if (g < 2) assert.deepEqual(run(preset, rules, g).plays, end.plays, 'same seed, same game');
    }
  }
  assert.ok(finished >= 30, `${finished} hands finished`);
});
