import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RandomSource } from '../../index.ts';
import { chacha20, deal, FairdealError, jokerCard, suitedCard, uniformInt } from '../../index.ts';
import { bid, startBidding } from './bidding.ts';
import { cardsFor } from './cards-for.ts';
import { classify } from './classify.ts';
import { double, legalDoubles } from './doubling.ts';
import type { DoudizhuRules } from './rules.ts';
import { scoreHand } from './score.ts';
import { canShowHand, showHand } from './show-hand.ts';
import type { Bid, DoudizhuState } from './state.ts';
import { legalMoves, pass, play } from './turns.ts';

const code = (e: unknown) => (e instanceof FairdealError ? e.code : String(e));
const reason = (e: unknown) => (e instanceof FairdealError ? e.detail?.reason : undefined);

function throwsCode(fn: () => unknown, expected: string, why?: string): void {
  assert.throws(fn, (e: unknown) => {
    assert.equal(code(e), expected);
    if (why !== undefined) assert.equal(reason(e), why);
    return true;
  });
}

test('classic bidding: one bid per seat from the first bidder, highest wins, landlord takes the kitty', () => {
  const d = deal('doudizhu', { seed: 'bidding 1' });
  let s = startBidding(d, { firstBidder: 1 });
  assert.equal(s.turn, 1);
  throwsCode(() => bid(s, 0, 1), 'NOT_YOUR_TURN');
  s = bid(s, 1, 1);
  throwsCode(() => bid(s, 2, 1), 'BAD_BID', 'too-low');
  throwsCode(() => bid(s, 2, 'call'), 'BAD_BID', 'unknown-bid');
  s = bid(s, 2, 2);
  assert.equal(s.phase, 'bidding');
  s = bid(s, 0, 'pass');
  assert.equal(s.phase, 'playing');
  assert.equal(s.landlord, 2);
  assert.equal(s.base, 2);
  assert.equal(s.turn, 2, 'the landlord leads');
  assert.equal(s.hands[2]!.length, 20);
  assert.ok(s.kittyShown);
  for (const card of d.kitty) assert.ok(s.hands[2]!.includes(card));
  throwsCode(() => bid(s, 2, 3), 'WRONG_PHASE');
});

test('classic bidding: a 3 ends it at once; all pass means a redeal', () => {
  const d = deal('doudizhu', { seed: 'bidding 2' });
  const three = bid(startBidding(d), 0, 3);
  assert.equal(three.phase, 'playing');
  assert.equal(three.landlord, 0);
  assert.equal(three.base, 3);
  let s = startBidding(d);
  for (const seat of [0, 1, 2]) s = bid(s, seat, 'pass');
  assert.equal(s.phase, 'redeal');
  assert.equal(s.landlord, null);
});

test('rob the landlord: call, robs double the stake, the caller has the last say', () => {
  const d = deal('doudizhu', { seed: 'rob' });
  const rules = { robLandlord: true };
  let s = startBidding(d, { rules });
  throwsCode(() => bid(s, 0, 'rob'), 'BAD_BID', 'nothing-to-rob');
  throwsCode(() => bid(s, 0, 2), 'BAD_BID', 'unknown-bid');
  s = bid(s, 0, 'pass'); // 不叫: seat 0 may not rob later
  s = bid(s, 1, 'call');
  throwsCode(() => bid(s, 2, 'call'), 'BAD_BID', 'already-called');
  s = bid(s, 2, 'rob');
  assert.equal(s.turn, 1, 'the caller gets a last say, seat 0 none');
  s = bid(s, 1, 'rob');
  assert.equal(s.phase, 'playing');
  assert.equal(s.landlord, 1);
  assert.equal(s.base, 4);

  let t = startBidding(d, { rules });
  t = bid(t, 0, 'call');
  t = bid(t, 1, 'pass');
  t = bid(t, 2, 'pass');
  assert.equal(t.landlord, 0, 'nobody robbed: the caller is landlord, no last say needed');
  assert.equal(t.base, 1);

  let u = startBidding(d, { rules });
  for (const seat of [0, 1, 2]) u = bid(u, seat, 'pass');
  assert.equal(u.phase, 'redeal');
});

test('startBidding refuses deals that are not a Dou Dizhu deal', () => {
  const d = deal('doudizhu', { seed: 'x' });
  throwsCode(() => startBidding({ hands: d.hands.slice(0, 2), kitty: d.kitty }), 'BAD_DEAL');
  throwsCode(
    () => startBidding({ hands: [d.hands[0]!, d.hands[0]!, d.hands[2]!], kitty: d.kitty }),
    'BAD_DEAL',
  );
  throwsCode(() => startBidding(d, { rules: { variant: 'doudizhu-4p' } }), 'BAD_DEAL');
  assert.throws(() => startBidding(d, { firstBidder: 3 }), RangeError);
  assert.equal(startBidding(deal('doudizhu-4p', { seed: 'x' })).rules.variant, 'doudizhu-4p');
});

test('turns: wrong seat, cards not held, no combination, not beating, passing on the lead', () => {
  let s = bid(startBidding(deal('doudizhu', { seed: 'turns' })), 0, 3);
  const hand = s.hands[0]!;
  throwsCode(() => play(s, 1, [s.hands[1]![0]!]), 'NOT_YOUR_TURN');
  throwsCode(() => pass(s, 0), 'ILLEGAL_PLAY', 'must-lead');
  throwsCode(() => play(s, 0, []), 'ILLEGAL_PLAY', 'empty');
  throwsCode(() => play(s, 0, [s.hands[1]![0]!]), 'ILLEGAL_PLAY', 'not-in-hand');
  throwsCode(() => play(s, 0, [hand[0]!, hand[0]!]), 'ILLEGAL_PLAY', 'not-in-hand');
  // Seat 0 (seed 'turns', landlord): BJ 2S 2D AH QD JD TS TC TD 9H 8S 8C 7S 7H 7C 6H 5C 5D 3H 3C
  const [bj, two] = [hand[0]!, hand[1]!];
  assert.deepEqual([bj.id, two.id], ['BJ', '2S']);
  throwsCode(() => play(s, 0, [bj, two]), 'ILLEGAL_PLAY', 'not-a-combination');
  const before = s;
  s = play(s, 0, [hand.at(-1)!]); // the 3♣
  assert.equal(before.hands[0]!.length, 20, 'the old state is untouched');
  assert.equal(s.hands[0]!.length, 19);
  assert.equal(s.turn, 1);
  // Seat 1 holds 3♠ (a 3 does not beat a 3) and K♠.
  const three = s.hands[1]!.find((c) => c.id === '3S')!;
  throwsCode(() => play(s, 1, [three]), 'ILLEGAL_PLAY', 'does-not-beat');
  const pairOfKings = s.hands[1]!.filter((c) => c.rank === 'K');
  throwsCode(() => play(s, 1, pairOfKings), 'ILLEGAL_PLAY', 'does-not-beat');
  s = play(s, 1, [s.hands[1]!.find((c) => c.id === 'KS')!]);
  s = pass(s, 2);
  assert.equal(s.lead?.seat, 1);
  s = pass(s, 0);
  assert.equal(s.lead, null, 'two passes return the lead');
  assert.equal(s.turn, 1);
  throwsCode(() => pass(s, 1), 'ILLEGAL_PLAY', 'must-lead');
});
test('scoring: base × 2 per bomb × 2 for spring or anti-spring; landlord against each farmer', () => {
  const single = { seat: 0, play: classify([suitedCard('3', 'S')])!, cards: [] };
  const bomb = { seat: 0, play: { ...single.play, type: 'bomb' as const }, cards: [] };
  const farmer = { seat: 1, play: single.play, cards: [] };
  // Spring: landlord 0 wins, farmers never played; base 3, one bomb: 3 × 2 × 2 = 12 per farmer.
  const spring = scoreHand({ seats: 3, landlord: 0, winner: 0, base: 3, plays: [single, bomb] });
  assert.deepEqual(
    [spring.spring, spring.antiSpring, spring.unit, spring.deltas],
    [true, false, 12, [24, -12, -12]],
  );
  // Farmers win, the landlord played once (anti-spring): base 2 × 2 = 4 to each farmer.
  const anti = scoreHand({ seats: 3, landlord: 0, winner: 1, base: 2, plays: [single, farmer] });
  assert.deepEqual([anti.antiSpring, anti.unit, anti.deltas], [true, 4, [-8, 4, 4]]);
  // Four players: three farmers.
  const four = scoreHand({
    seats: 4,
    landlord: 2,
    winner: 2,
    base: 1,
    plays: [farmer, { ...single, seat: 2 }],
  });
  assert.deepEqual(four.deltas, [-1, -1, 3, -1]);
});

/** Plays a whole hand with uniformly random legal moves (seeded); returns the final state. */
function randomHand(seed: string, rules: Partial<DoudizhuRules>, preset: string) {
  const source: RandomSource = chacha20(`${seed} moves`);
  for (let redeal = 0; ; redeal++) {
    const d = deal(preset, { seed: `${seed} deal ${redeal}` });
    let s: DoudizhuState = startBidding(d, {
      rules,
      firstBidder: uniformInt(d.hands.length, source),
    });
    while (s.phase === 'bidding') {
      const options: Bid[] = rules.robLandlord
        ? s.caller === null
          ? ['pass', 'call']
          : ['pass', 'rob']
        : (['pass', 1, 2, 3] as const).filter((b) => b === 'pass' || b > s.highestBid);
      s = bid(s, s.turn, options[uniformInt(options.length, source)]!);
    }
    if (s.phase === 'redeal') continue;
    while (s.phase === 'doubling') {
      const choices = legalDoubles(s);
      s = double(s, s.turn, choices[uniformInt(choices.length, source)]!);
    }
    if (canShowHand(s) && uniformInt(2, source) === 1) s = showHand(s, s.turn);
    let turns = 0;
    while (s.phase === 'playing') {
      turns++;
      // Each non-pass play removes a card; between two plays at most seats - 1 passes.
      assert.ok(turns <= d.deck.length * s.seats, 'the hand ends');
      const moves = legalMoves(s);
      const move = moves[uniformInt(moves.length, source)]!;
      s =
        move.type === 'pass' ? pass(s, s.turn) : play(s, s.turn, cardsFor(s.hands[s.turn]!, move));
    }
    return { d, s };
  }
}

for (const [preset, variantRules] of [
  ['doudizhu', {}],
  ['doudizhu', { robLandlord: true, fourWithTwo: false }],
  ['doudizhu-4p', {}],
  ['doudizhu', { doubling: true, showHand: true }],
  ['doudizhu-4p', { doubling: true, showHand: true, robLandlord: true }],
] as const) {
  test(`whole random hands (${preset}, ${JSON.stringify(variantRules)}): end, conserve the cards, zero-sum`, () => {
    let turns = 0;
    let doubles = 0;
    let shows = 0;
    for (let n = 0; n < 25; n++) {
      const { d, s } = randomHand(`sim ${n}`, variantRules, preset);
      turns += s.plays.length;
      doubles += s.doubled.filter((d) => d).length;
      shows += s.shown ? 1 : 0;
      assert.equal(s.phase, 'finished');
      const winner = s.winner!;
      assert.equal(s.hands[winner]!.length, 0);
      // Conservation: the cards played plus the cards left are exactly the deck, each once.
      const seen = [...s.plays.flatMap((p) => p.cards), ...s.hands.flat()].map((c) => c.id);
      assert.equal(seen.length, d.deck.length);
      assert.deepEqual(new Set(seen), new Set(d.deck.map((c) => c.id)));
      // Every recorded play is what its cards classify as.
      for (const p of s.plays) {
        if (p.play.type !== 'pass') assert.deepEqual(classify(p.cards, s.rules), p.play);
      }
      const score = s.score!;
      assert.equal(
        score.deltas.reduce((a, b) => a + b, 0),
        0,
      );
      const bombs = s.plays.filter((p) => p.play.type === 'bomb' || p.play.type === 'rocket');
      assert.equal(score.bombs, bombs.length);
      const spring = score.spring || score.antiSpring ? 2 : 1;
      assert.equal(score.unit, s.base * 2 ** bombs.length * spring * (s.shown ? 2 : 1));
      assert.equal(score.landlordWon, winner === s.landlord);
      assert.deepEqual(score.doubled, s.doubled);
      assert.equal(score.shown, s.shown);
      const landlord = s.landlord!;
      const stake = (f: number) =>
        score.unit * (s.doubled[f] ? 2 : 1) * (s.doubled[landlord] ? 2 : 1);
      let landlordTotal = 0;
      for (let seat = 0; seat < s.seats; seat++) {
        if (seat === landlord) continue;
        landlordTotal += stake(seat);
        assert.equal(score.deltas[seat], (score.landlordWon ? -1 : 1) * stake(seat));
      }
      assert.equal(score.deltas[landlord], (score.landlordWon ? 1 : -1) * landlordTotal);
    }
    assert.ok(turns > 25 * 10, `hands of some length were played (${turns} turns)`);
    if ('doubling' in variantRules) {
      assert.ok(
        doubles > 0 && shows > 0,
        `some seats doubled (${doubles}), some hands shown (${shows})`,
      );
    }
  });
}

test('cardsFor picks real cards of the hand for a pattern, and refuses what the hand lacks', () => {
  const s = bid(startBidding(deal('doudizhu', { seed: 'cards for' })), 0, 3);
  const hand = s.hands[0]!;
  const moves = legalMoves(s);
  assert.ok(moves.length > 20);
  for (const pattern of moves) {
    const picked = cardsFor(hand, pattern);
    assert.equal(new Set(picked).size, picked.length);
    for (const c of picked) assert.ok(hand.includes(c));
    assert.deepEqual(classify(picked), pattern);
  }
  const rocket = classify([jokerCard('small'), jokerCard('big')])!;
  const noJokers = hand.filter((c) => c.joker === null);
  assert.throws(
    () => cardsFor(noJokers, rocket),
    (e: unknown) => code(e) === 'CARD_NOT_FOUND',
  );
});
