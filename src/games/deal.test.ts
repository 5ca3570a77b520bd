import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import fc from 'fast-check';
import type { Card } from '../cards/index.ts';
import { buildDeck } from '../cards/index.ts';
import { chacha20 } from '../random/chacha20.ts';
import { toShuffled } from '../shuffle/to-shuffled.ts';
import { deal } from './deal.ts';
import { DEAL_ALGORITHM, dealFromDeck } from './deal-from-deck.ts';
import type { Deal, Destination } from './deal-types.ts';
import type { Preset } from './preset.ts';
import { PRESET_NAMES, PRESETS } from './presets.ts';
import { sortHand } from './sort-hand.ts';

const ids = (cards: readonly Card[]) => cards.map((c) => c.id);

/** Every card of the deck exactly once across hands, kitty, board, burns and stock. */
function assertConserved(d: Deal, label: string): void {
  const all = [...d.hands.flat(), ...d.kitty, ...d.board, ...d.burns, ...d.stock];
  assert.deepEqual(ids(all).sort(), ids(d.deck).sort(), `${label}: deck conserved`);
  assert.equal(new Set(ids(all)).size, all.length, `${label}: no card twice`);
  assert.equal(d.route.length, d.deck.length, `${label}: every card routed`);
  // the route says where each card went; check it against the piles
  const piles: Record<string, Card[]> = { kitty: [], board: [], burns: [], stock: [] };
  d.route.forEach((to, i) => {
    piles[to] ??= [];
    piles[to].push(d.deck[i]!);
  });
  assert.deepEqual(piles.kitty, d.kitty, `${label}: kitty in dealing order`);
  assert.deepEqual(piles.board, d.board, `${label}: board in dealing order`);
  assert.deepEqual(piles.burns, d.burns, `${label}: burns in dealing order`);
  assert.deepEqual(piles.stock, d.stock, `${label}: stock top first`);
  d.hands.forEach((h, s) => {
    assert.deepEqual(new Set(piles[`hand:${s}`] ?? []), new Set(h), `${label}: hand ${s}`);
  });
}

// Counts written from the rules (docs/GAMES.md), per preset and seat count:
// [hand size, kitty, board, burns, stock, deck size]
type Counts = [number, number, number, number, number, number];
function expectedCounts(preset: string, seats: number): Counts {
  switch (preset) {
    case 'doudizhu':
      return [17, 3, 0, 0, 0, 54];
    case 'doudizhu-4p':
    case 'shengji':
      return [25, 8, 0, 0, 0, 108];
    case 'guandan':
      return [27, 0, 0, 0, 0, 108];
    case 'big-two':
      return seats === 3 ? [17, 1, 0, 0, 0, 52] : [13, 0, 0, 0, 0, 52];
    case 'holdem':
      return [2, 0, 5, 3, 52 - 2 * seats - 8, 52];
    case 'omaha':
      return [4, 0, 5, 3, 52 - 4 * seats - 8, 52];
    case 'blackjack':
      return [2, 0, 0, 1, 6 * 52 - 2 * seats - 1, 312];
    case 'bridge':
    case 'spades':
      return [13, 0, 0, 0, 0, 52];
    case 'hearts':
      return seats === 3
        ? [17, 0, 0, 0, 0, 51]
        : seats === 5
          ? [10, 0, 0, 0, 0, 50]
          : [13, 0, 0, 0, 0, 52];
    case 'euchre':
      return [5, 4, 0, 0, 0, 24];
    case 'skat':
      return [10, 2, 0, 0, 0, 32];
    case 'pinochle':
      return [12, 0, 0, 0, 0, 48];
    case 'gin-rummy':
      return [10, 0, 1, 0, 31, 52];
    case 'rummy': {
      const hand = seats === 2 ? 10 : seats <= 4 ? 7 : 6;
      return [hand, 0, 1, 0, 52 - hand * seats - 1, 52];
    }
    case 'custom':
      return [Math.floor(52 / seats), 0, 0, 0, 52 % seats, 52];
    default:
      throw new Error(`no expected counts for ${preset}`);
  }
}

test('every preset × every allowed seat count conserves the deck and matches the counts', () => {
  let deals = 0;
  for (const name of PRESET_NAMES) {
    const p = PRESETS[name]!;
    for (let seats = p.seats.min; seats <= p.seats.max; seats++) {
      const d = deal(name, { seats, seed: `conserve ${name} ${seats}` });
      const label = `${name}/${seats}`;
      const [hand, kitty, board, burns, stock, size] = expectedCounts(name, seats);
      assert.equal(d.hands.length, seats, label);
      for (const h of d.hands) assert.equal(h.length, hand, `${label} hand size`);
      assert.equal(d.kitty.length, kitty, `${label} kitty`);
      assert.equal(d.board.length, board, `${label} board`);
      assert.equal(d.burns.length, burns, `${label} burns`);
      assert.equal(d.stock.length, stock, `${label} stock`);
      assert.equal(d.deck.length, size, `${label} deck`);
      assertConserved(d, label);
      deals++;
    }
  }
  assert.ok(deals > 60);
});

test('Hearts removals: 2♦ for three players, 2♦ and 2♣ for five', () => {
  const three = deal('hearts', { seats: 3, seed: 'h3' }).deck.map((c) => c.code);
  assert.ok(!three.includes('2D') && three.includes('2C'));
  const five = deal('hearts', { seats: 5, seed: 'h5' }).deck.map((c) => c.code);
  assert.ok(!five.includes('2D') && !five.includes('2C'));
});

test('the shuffled deck is toShuffled(canonical deck, chacha20(seed)): deal = shuffle, then pattern', () => {
  for (const name of ['doudizhu', 'bridge', 'shengji']) {
    const d = deal(name, { seed: 'independent' });
    const p = PRESETS[name]!;
    assert.deepEqual(d.deck, toShuffled(buildDeck(p.deck), chacha20('independent')));
    assert.deepEqual(dealFromDeck(name, d.deck).hands, d.hands);
  }
});

test('same seed, same deal; another seed, another deal; Uint8Array seeds recorded as hex', () => {
  const a = deal('doudizhu', { seed: 'table 7' });
  const b = deal('doudizhu', { seed: 'table 7' });
  assert.deepEqual(ids(a.deck), ids(b.deck));
  assert.notDeepEqual(ids(deal('doudizhu', { seed: 'table 8' }).deck), ids(a.deck));
  const bytes = new Uint8Array(32).fill(7);
  const c = deal('doudizhu', { seed: bytes });
  assert.equal(c.record.seed, '07'.repeat(32));
  assert.deepEqual(ids(deal('doudizhu', { seed: c.record.seed }).deck), ids(c.deck));
});

test('the record says how the deal was made', () => {
  const d = deal('shengji', { seed: 's', level: '10', trump: 'H' });
  assert.deepEqual(d.record, {
    algorithm: 'fairdeal-deal-v1',
    preset: 'shengji',
    seats: 4,
    dealer: 3,
    options: { level: 'T', trump: 'H' },
    seed: 's',
  });
  assert.equal(DEAL_ALGORITHM, 'fairdeal-deal-v1');
  assert.equal(deal('doudizhu').record.seed, 'secure');
  assert.equal(deal('doudizhu', { source: chacha20('x') }).record.seed, 'custom');
  assert.equal(dealFromDeck('doudizhu', buildDeck('standard-54')).record.seed, 'deck');
});

// ---------- dealing patterns, card by card, on a scripted (unshuffled) deck ----------

function routeOf(spec: [Destination, number][]): Destination[] {
  return spec.flatMap(([to, n]) => Array.from({ length: n }, () => to));
}

test('Dou Dizhu: one card at a time from seat 0, the last 3 cards are the kitty', () => {
  const deck = buildDeck('standard-54');
  const d = dealFromDeck('doudizhu', deck);
  const lap: [Destination, number][] = [
    ['hand:0', 1],
    ['hand:1', 1],
    ['hand:2', 1],
  ];
  assert.deepEqual(
    d.route,
    routeOf([...Array.from({ length: 17 }, () => lap).flat(), ['kitty', 3]]),
  );
  assert.deepEqual(ids(d.kitty), ['KH', 'BJ', 'RJ']);
  // dealer 0: seat 1 receives first
  assert.deepEqual(dealFromDeck('doudizhu', deck, { dealer: 0 }).route.slice(0, 3), [
    'hand:1',
    'hand:2',
    'hand:0',
  ]);
});

test('Skat: 3 each, 2 to the skat, 4 each, 3 each', () => {
  const deck = buildDeck('piquet-32');
  const d = dealFromDeck('skat', deck);
  assert.deepEqual(
    d.route,
    routeOf([
      ['hand:0', 3],
      ['hand:1', 3],
      ['hand:2', 3],
      ['kitty', 2],
      ['hand:0', 4],
      ['hand:1', 4],
      ['hand:2', 4],
      ['hand:0', 3],
      ['hand:1', 3],
      ['hand:2', 3],
    ]),
  );
  // forehand holds deck positions 0-2, 11-14, 23-25
  assert.deepEqual(
    new Set(d.hands[0]),
    new Set([0, 1, 2, 11, 12, 13, 14, 23, 24, 25].map((i) => deck[i]!)),
  );
  assert.deepEqual(d.kitty, [deck[9], deck[10]]);
});

test('Euchre: 3-2-3-2 then 2-3-2-3, kitty 4 with the up-card on top', () => {
  const deck = buildDeck('euchre-24');
  const d = dealFromDeck('euchre', deck);
  assert.deepEqual(
    d.route,
    routeOf([
      ['hand:0', 3],
      ['hand:1', 2],
      ['hand:2', 3],
      ['hand:3', 2],
      ['hand:0', 2],
      ['hand:1', 3],
      ['hand:2', 2],
      ['hand:3', 3],
      ['kitty', 4],
    ]),
  );
  assert.equal(d.info.upCard, deck[20]);
});

test("Hold'em: two rounds of hole cards, then burn-flop 3, burn-turn, burn-river", () => {
  const deck = buildDeck('standard-52');
  const d = dealFromDeck('holdem', deck, { seats: 3 });
  assert.deepEqual(
    d.route.slice(0, 14),
    routeOf([
      ['hand:0', 1],
      ['hand:1', 1],
      ['hand:2', 1],
      ['hand:0', 1],
      ['hand:1', 1],
      ['hand:2', 1],
      ['burns', 1],
      ['board', 3],
      ['burns', 1],
      ['board', 1],
      ['burns', 1],
      ['board', 1],
    ]),
  );
  assert.deepEqual(ids(d.board), ids([deck[7]!, deck[8]!, deck[9]!, deck[11]!, deck[13]!]));
  assert.deepEqual(ids(d.burns), ids([deck[6]!, deck[10]!, deck[12]!]));
  assert.deepEqual(d.stock, deck.slice(14));
});

test('Blackjack: burn 1, players then the house, twice; cut card from penetration', () => {
  const deck = buildDeck({ copies: 2 });
  const d = dealFromDeck('blackjack', deck, { seats: 3, decks: 2, penetration: 0.5 });
  assert.deepEqual(
    d.route.slice(0, 7),
    routeOf([
      ['burns', 1],
      ['hand:0', 1],
      ['hand:1', 1],
      ['hand:2', 1],
      ['hand:0', 1],
      ['hand:1', 1],
      ['hand:2', 1],
    ]),
  );
  assert.deepEqual(d.seatNames, ['Player 1', 'Player 2', 'House']);
  assert.deepEqual(d.hands[2], [deck[3], deck[6]]);
  // 104 cards × 0.5 = cut card after 52 cards of the shoe; 7 are dealt, so 45 stock cards before it
  assert.equal(d.info.cutCard, 45);
});

test('Bridge: the dealer comes from the board number; the first card goes to the left', () => {
  const deck = buildDeck('standard-52');
  const d = dealFromDeck('bridge', deck, { boardNumber: 2 });
  assert.deepEqual(d.info.bridge, { board: 2, dealer: 'E', vulnerable: 'NS' });
  assert.equal(d.dealer, 1);
  assert.deepEqual(d.route.slice(0, 4), ['hand:2', 'hand:3', 'hand:0', 'hand:1']);
  assert.deepEqual(d.seatNames, ['North', 'East', 'South', 'West']);
  // South got deck positions 0, 4, 8, … of the canonical order (♠ A–K, ♦, ♣, ♥), that is
  // AS 5S 9S KS 4D 8D QD 3C 7C JC 2H 6H TH — written here sorted for bridge by hand.
  assert.deepEqual(ids(d.hands[2]!), 'AS KS 9S 5S TH 6H 2H QD 8D 4D JC 7C 3C'.split(' '));
});

test('a preset object deals a game of your own', () => {
  const mine: Preset = {
    name: 'two-packets',
    title: 'test game',
    source: 'test',
    deck: { cards: ['AS', 'KS', 'QS', 'JS', 'TS', '9S', '8S'] },
    seats: { default: 2, min: 2, max: 2 },
    direction: 'clockwise',
    steps: [
      { to: 'hands', packets: [2] },
      { to: 'board', count: 1 },
    ],
    sort: 'none',
  };
  const d = dealFromDeck(mine, buildDeck(mine.deck));
  assert.deepEqual(
    d.hands.map((h) => ids(h)),
    [
      ['AS', 'KS'],
      ['QS', 'JS'],
    ],
  );
  assert.deepEqual(ids(d.board), ['TS']);
  assert.deepEqual(ids(d.stock), ['9S', '8S']);
});

test('custom: deck, hand size, kitty, board and sort from options', () => {
  const d = deal('custom', {
    seats: 3,
    deck: 'standard-54',
    handSize: 5,
    kitty: 2,
    boardCards: 3,
    sort: 'doudizhu',
    seed: 'c',
  });
  assert.deepEqual(
    d.hands.map((h) => h.length),
    [5, 5, 5],
  );
  assert.equal(d.kitty.length, 2);
  assert.equal(d.board.length, 3);
  assert.equal(d.stock.length, 54 - 20);
  assertConserved(d, 'custom');
  assert.throws(() => deal('custom', { handSize: 14 }), { code: 'NOT_ENOUGH_CARDS' });
});

test('errors: unknown preset, seats, options, seeds, decks', () => {
  assert.throws(() => deal('poker-night'), {
    code: 'UNKNOWN_PRESET',
    message: /poker-night.*doudizhu.*bridge/,
  });
  assert.throws(() => deal('doudizhu', { seats: 4 }), RangeError);
  assert.throws(() => deal('holdem', { seats: 11 }), RangeError);
  assert.throws(() => deal('hearts', { seats: 4.5 }), RangeError);
  assert.throws(() => deal('doudizhu', { boardNumber: 3 }), { code: 'BAD_OPTION' });
  assert.throws(() => deal('doudizhu', { colour: 'red' } as never), { code: 'BAD_OPTION' });
  assert.throws(() => deal('bridge', { dealer: 2 }), { code: 'BAD_OPTION' });
  assert.throws(() => deal('bridge', { boardNumber: 0 }), RangeError);
  assert.throws(() => deal('doudizhu', { dealer: 3 }), RangeError);
  assert.throws(() => deal('doudizhu', { seed: 'a', source: chacha20('a') }), {
    code: 'BAD_OPTION',
  });
  assert.throws(() => deal('doudizhu', { seed: '' }), { code: 'BAD_SEED' });
  assert.throws(() => deal('blackjack', { decks: 9 }), RangeError);
  assert.throws(() => deal('blackjack', { penetration: 1.2 }), RangeError);
  assert.throws(() => deal('shengji', { level: '1' as never }), { code: 'BAD_OPTION' });
  assert.throws(() => deal('shengji', { trump: 'grand' }), { code: 'BAD_OPTION' });
  assert.throws(() => deal('skat', { trump: 'none' }), { code: 'BAD_OPTION' });
  assert.throws(() => deal('custom', { sort: 'zigzag' as never }), { code: 'BAD_OPTION' });
  const deck = buildDeck('standard-54');
  assert.throws(() => dealFromDeck('doudizhu', deck.slice(1)), { code: 'BAD_DECK' });
  assert.throws(() => dealFromDeck('doudizhu', [deck[1]!, ...deck.slice(1)]), {
    code: 'BAD_DECK',
  });
  assert.throws(() => dealFromDeck('bridge', deck), { code: 'BAD_DECK' });
  assert.throws(() => deal(42 as never), TypeError);
});

test('trump-aware presets sort by the given level and trump', () => {
  const d = deal('euchre', { seed: 'e', trump: 'S' });
  for (const h of d.hands) assert.deepEqual(h, sortHand(h, 'euchre', { trump: 'S' }));
  assert.equal(d.info.trump, 'S');
  const s = deal('shengji', { seed: 'x', level: 'K', trump: 'D' });
  for (const h of s.hands) assert.deepEqual(h, sortHand(h, 'shengji', { level: 'K', trump: 'D' }));
});

test('property: any seed and seat count conserves the deck, hands are sorted', () => {
  const cases = PRESET_NAMES.filter((n) => n !== 'blackjack');
  fc.assert(
    fc.property(
      fc.constantFrom(...cases),
      fc.uint8Array({ minLength: 32, maxLength: 32 }),
      fc.nat(),
      (name, seed, k) => {
        const p = PRESETS[name]!;
        const seats = p.seats.min + (k % (p.seats.max - p.seats.min + 1));
        const d = deal(name, { seed, seats });
        assertConserved(d, name);
        const again = dealFromDeck(name, d.deck, { seats });
        assert.deepEqual(again.hands, d.hands);
        for (const h of d.hands) assert.equal(sortHand(h, 'none').length, h.length);
      },
    ),
    { seed: 42, numRuns: 200 },
  );
});

test('fairness end to end: where the big joker lands follows 17:17:17:3 (seeded chi-square)', () => {
  const n = 5400;
  const source = chacha20('fairness of doudizhu', 1);
  const counts = [0, 0, 0, 0];
  for (let i = 0; i < n; i++) {
    const d = deal('doudizhu', { source });
    const seat = d.hands.findIndex((h) => h.some((c) => c.code === 'RJ'));
    counts[seat < 0 ? 3 : seat]!++;
  }
  const expected = [17, 17, 17, 3].map((w) => (n * w) / 54);
  const chi2 = counts.reduce((s, c, i) => s + (c - expected[i]!) ** 2 / expected[i]!, 0);
  // threshold: the upper 1e-6 quantile of chi-square with 3 degrees of freedom, from the mpmath
  // reference values (seeded, so this never flakes; a biased deal pattern would blow far past it)
  const ref = JSON.parse(
    readFileSync(new URL('../../test/vectors/audit-chi2-reference.json', import.meta.url), 'utf8'),
  ) as { cases: { df: number; x: number; sf: number }[] };
  const limit = ref.cases.find((c) => c.df === 3 && Math.abs(c.sf - 1e-6) < 1e-9)!.x;
  assert.ok(chi2 < limit, `chi2 ${chi2.toFixed(2)} >= ${limit.toFixed(2)}; counts ${counts}`);
});

test('presets are data all the way down: nothing in them can be changed', () => {
  const hearts = PRESETS.hearts!;
  const remove = hearts.variants?.[3]?.deck as { remove: string[] } | undefined;
  assert.ok(remove !== undefined && Object.isFrozen(remove) && Object.isFrozen(remove.remove));
  assert.throws(() => remove.remove.push('3D'), TypeError);
  assert.throws(() => (hearts.steps as unknown[]).push({}), TypeError);
  assert.equal(deal('hearts', { seats: 3, seed: 's' }).hands[0]!.length, 17);
});
