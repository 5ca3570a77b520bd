import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { Card } from '../cards/index.ts';
import { buildDeck } from '../cards/index.ts';
import { deal } from './deal.ts';
import { dealToJSON } from './deal-json.ts';
import type { Preset } from './preset.ts';
import { presetDeck } from './preset-deck.ts';
import { PRESET_NAMES, PRESETS } from './presets.ts';
import { seatView } from './seat-view.ts';

const ids = (cards: readonly Card[]) => cards.map((c) => c.id);

test('presetDeck is the canonical deck deal() shuffles, variants and options applied', () => {
  for (const name of PRESET_NAMES) {
    const d = deal(name, { seed: `deck ${name}` });
    assert.deepEqual(ids(presetDeck(name)).sort(), ids(d.deck).sort(), name);
  }
  assert.deepEqual(ids(presetDeck('doudizhu')), ids(buildDeck('standard-54')));
  const hearts3 = presetDeck('hearts', { seats: 3 });
  assert.equal(hearts3.length, 51);
  assert.ok(!ids(hearts3).includes('2D'));
  assert.equal(presetDeck('blackjack', { decks: 2 }).length, 104);
  const copy = presetDeck('bridge');
  copy.pop();
  assert.equal(presetDeck('bridge').length, 52, 'a fresh array each time');
  assert.throws(() => presetDeck('nope'), { code: 'UNKNOWN_PRESET' });
  assert.throws(() => presetDeck('bridge', { decks: 2 }), { code: 'BAD_OPTION' });
});

test('presets are data: a custom preset with an up-card, a house seat and a cut card deals and names itself', () => {
  const shoe: Preset = {
    name: 'my-shoe',
    title: 'My two-deck shoe',
    source: 'test',
    deck: { copies: 2 },
    seats: { default: 3, min: 2, max: 4 },
    direction: 'clockwise',
    steps: [
      { to: 'hands', packets: [1], laps: 2 },
      { to: 'board', count: 1 },
    ],
    sort: 'none',
    options: ['penetration'],
    upCard: 'board',
    houseSeat: 'last',
    cutCard: { penetration: 0.5 },
  };
  const d = deal(shoe, { seed: 'custom shoe' });
  assert.equal(d.title, 'My two-deck shoe');
  assert.equal(d.preset, 'my-shoe');
  assert.deepEqual(d.seatNames, ['Player 1', 'Player 2', 'House']);
  assert.equal(d.info.upCard, d.board[0]);
  assert.equal(d.info.cutCard, 52 - 7); // cut card after half the 104 cards; 7 dealt
  assert.equal(d.record.options.penetration, 0.5);
  assert.equal(deal(shoe, { seed: 's', penetration: 0.25 }).info.cutCard, 26 - 7);
  // without the fields, none of it
  const { upCard: _u, houseSeat: _h, cutCard: _c, ...bare } = shoe;
  const plain = deal({ ...bare, options: [] }, { seed: 's' });
  assert.deepEqual(plain.seatNames, ['Seat 1', 'Seat 2', 'Seat 3']);
  assert.equal(plain.info.upCard, undefined);
  assert.equal(plain.info.cutCard, undefined);
  // the shipped presets say it as data, too
  assert.equal(PRESETS.euchre!.upCard, 'kitty');
  assert.equal(PRESETS['gin-rummy']!.upCard, 'board');
  assert.equal(PRESETS.blackjack!.houseSeat, 'last');
  const euchre = deal('euchre', { seed: 'e' });
  assert.equal(euchre.info.upCard, euchre.kitty[0]);
  assert.equal(euchre.title, PRESETS.euchre!.title);
});

test('dealToJSON: plain JSON, cards by id, every card once, title and seat names included', () => {
  for (const name of PRESET_NAMES) {
    const d = deal(name, { seed: `json ${name}` });
    const json = dealToJSON(d);
    assert.deepEqual(JSON.parse(JSON.stringify(json)), json);
    assert.equal(json.title, PRESETS[name]!.title);
    assert.deepEqual(json.seatNames, d.seatNames);
    const all = [...json.hands.flat(), ...json.kitty, ...json.board, ...json.burns, ...json.stock];
    assert.deepEqual(all.sort(), ids(d.deck).sort(), name);
    assert.equal(json.info.upCard, d.info.upCard?.id);
    assert.deepEqual(json.record, d.record);
  }
  assert.throws(() => dealToJSON({} as never), TypeError);
});

/** Every string anywhere in a JSON value. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(strings);
}

test("seatView: own hand, public cards and counts — never another seat's cards, the kitty, burns or stock", () => {
  fc.assert(
    fc.property(fc.constantFrom(...PRESET_NAMES), fc.nat(), fc.string(), (name, k, seed) => {
      const d = deal(name, { seed: `view ${seed}` });
      const seat = k % d.hands.length;
      const view = seatView(d, seat);
      assert.deepEqual(view.hand, ids(d.hands[seat]!));
      assert.deepEqual(view.board, ids(d.board));
      assert.deepEqual(
        view.handCounts,
        d.hands.map((h) => h.length),
      );
      assert.equal(view.kittyCount, d.kitty.length);
      assert.equal(view.burnsCount, d.burns.length);
      assert.equal(view.stockCount, d.stock.length);
      assert.equal(view.seatName, d.seatNames[seat]);
      const visible = new Set([...ids(d.hands[seat]!), ...ids(d.board)]);
      if (d.info.upCard !== undefined) visible.add(d.info.upCard.id);
      const deckIds = new Set(ids(d.deck));
      for (const s of strings(view)) {
        if (deckIds.has(s)) assert.ok(visible.has(s), `${name} seat ${seat} sees ${s}`);
      }
      assert.ok(!('record' in view), 'no record: a seed would give every card away');
    }),
    { seed: 5, numRuns: 120 },
  );
  const d = deal('bridge', { seed: 'b' });
  assert.throws(() => seatView(d, 4), RangeError);
  assert.throws(() => seatView(d, -1), RangeError);
  assert.throws(() => seatView(d, '0' as unknown as number), TypeError);
  assert.throws(() => seatView(null as never, 0), TypeError);
});
