import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { Card } from '../cards/index.ts';
import { buildDeck, parseCards } from '../cards/index.ts';
import { chacha20 } from '../random/chacha20.ts';
import type { RandomSource } from '../random/source.ts';
import { toShuffled } from '../shuffle/to-shuffled.ts';
import { deal } from './deal.ts';
import { Dealer, type DealerSnapshot } from './dealer.ts';

const ids = (cards: readonly Card[]) => cards.map((c) => c.id);

/** Every card the dealer started with is in exactly one place. */
function assertWhole(dealer: Dealer, all: readonly Card[]): void {
  const snap = dealer.state();
  const held = [...snap.stock, ...Object.values(snap.piles).flat()];
  assert.deepEqual(ids(held).sort(), ids(all).sort());
  assert.equal(dealer.size, all.length);
  for (const c of snap.stock) assert.equal(dealer.where(c), 'stock');
  for (const [name, cards] of Object.entries(snap.piles)) {
    for (const c of cards) assert.equal(dealer.where(c), name);
  }
}

test('draw, burn, dealRound take from the top in order', () => {
  const deck = buildDeck('standard-52');
  const dealer = new Dealer(deck, { order: 'as-given' });
  assert.deepEqual(ids(dealer.draw(2, 'hand:0')), ['AS', '2S']);
  assert.deepEqual(ids(dealer.burn()), ['3S']);
  assert.deepEqual(dealer.dealRound(['a', 'b'], 2).map(ids), [
    ['4S', '6S'],
    ['5S', '7S'],
  ]);
  assert.deepEqual(ids(dealer.draw()), ['8S']);
  assert.deepEqual(ids(dealer.pile('drawn')), ['8S']);
  assert.deepEqual(ids(dealer.pile('burns')), ['3S']);
  assert.equal(dealer.remaining, 52 - 8);
  assert.deepEqual(dealer.pileNames().sort(), ['a', 'b', 'burns', 'drawn', 'hand:0']);
  assert.equal(dealer.where('5S'), 'b');
  assert.equal(dealer.where('KH'), 'stock');
  assert.equal(dealer.where('RJ'), undefined);
  assertWhole(dealer, deck);
});

test('move, discard, return to stock (bottom), return a pile, reshuffle the stock', () => {
  const deck = buildDeck('standard-52');
  const dealer = new Dealer(deck, { order: 'as-given', source: chacha20('dealer') });
  dealer.draw(5, 'hand');
  dealer.discard(['3S', '2S']);
  assert.deepEqual(ids(dealer.pile('discard')), ['3S', '2S']);
  assert.deepEqual(ids(dealer.pile('hand')), ['AS', '4S', '5S']);
  dealer.move(['AS'], 'meld');
  dealer.returnToStock(['4S']);
  assert.equal(dealer.stock.at(-1)!.id, '4S');
  dealer.returnPile('discard');
  assert.deepEqual(ids(dealer.stock.slice(-3)), ['4S', '3S', '2S']);
  assert.deepEqual(dealer.pile('discard'), []);
  const before = ids(dealer.stock);
  dealer.reshuffleStock();
  assert.deepEqual([...ids(dealer.stock)].sort(), [...before].sort());
  assert.notDeepEqual(ids(dealer.stock), before);
  assertWhole(dealer, deck);
});

test('out of cards: NOT_ENOUGH_CARDS by default, never a short draw, nothing changes', () => {
  const dealer = new Dealer(parseCards('AS KS QS'), { order: 'as-given' });
  dealer.draw(1);
  const snap = dealer.state();
  assert.throws(() => dealer.draw(3), { code: 'NOT_ENOUGH_CARDS', message: /3.*2 left/ });
  assert.deepEqual(dealer.state(), snap);
  const fresh = new Dealer(parseCards('AS KS QS'), { order: 'as-given' });
  const freshSnap = fresh.state();
  assert.throws(() => fresh.dealRound(['a', 'b'], 2), { code: 'NOT_ENOUGH_CARDS' });
  assert.throws(() => fresh.burn(4), { code: 'NOT_ENOUGH_CARDS' });
  assert.deepEqual(fresh.state(), freshSnap);
  assert.equal(snap.stock.length, 2);
  // the explicit short draw
  assert.deepEqual(ids(fresh.drawUpTo(5)), ['AS', 'KS', 'QS']);
  assert.deepEqual(fresh.drawUpTo(1), []);
});

test('reshuffle-discards policy: the discards but their top card go under the stock', () => {
  const cards = parseCards('AS KS QS JS TS');
  const dealer = new Dealer(cards, {
    order: 'as-given',
    whenEmpty: 'reshuffle-discards',
    source: chacha20('r'),
  });
  dealer.draw(4, 'hand');
  dealer.discard(['AS', 'KS', 'QS']);
  // stock: TS; discards AS KS QS (QS on top stays). 3 = TS + 2 recycled.
  const got = dealer.draw(3, 'hand');
  assert.equal(got[0]!.id, 'TS');
  assert.deepEqual(new Set(ids(got.slice(1))), new Set(['AS', 'KS']));
  assert.deepEqual(ids(dealer.pile('discard')), ['QS']);
  const snap = dealer.state();
  assert.throws(() => dealer.draw(1), { code: 'NOT_ENOUGH_CARDS' });
  assert.deepEqual(dealer.state(), snap);
  assertWhole(dealer, cards);
});

test('failed operations change nothing', () => {
  const deck = buildDeck('standard-52');
  const dealer = new Dealer(deck, { order: 'as-given' });
  dealer.draw(3, 'hand');
  const snap = dealer.state();
  const failing: [() => unknown, string | RangeErrorConstructor][] = [
    [() => dealer.move(['AS', 'KH'], 'x'), 'CARD_NOT_FOUND'], // KH is in the stock
    [() => dealer.move(['AS', 'AS'], 'x'), 'BAD_CARD'], // named twice: no duplication
    [() => dealer.returnToStock(['2S', '2S']), 'BAD_CARD'],
    [() => dealer.discard(['AS', 'RJ']), 'CARD_NOT_FOUND'],
    [() => dealer.move(['AS'], 'stock'), 'BAD_OPTION'],
    [() => dealer.draw(1, ''), 'BAD_OPTION'],
    [() => dealer.dealRound(['a', 'a']), 'BAD_OPTION'],
    [() => dealer.draw(-1), RangeError],
    [() => dealer.draw(1.5), RangeError],
    [() => dealer.move(['A?'], 'x'), 'BAD_CARD'],
  ];
  for (const [op, expected] of failing) {
    if (typeof expected === 'string') assert.throws(op, { code: expected });
    else assert.throws(op, expected);
    assert.deepEqual(dealer.state(), snap);
  }
  assertWhole(dealer, deck);
});

test('two decks: copies are told apart by id', () => {
  const deck = buildDeck('double-104');
  const dealer = new Dealer(deck, { order: 'as-given' });
  dealer.draw(104, 'all');
  dealer.move(['AS#2'], 'p');
  assert.equal(dealer.where('AS'), 'all');
  assert.equal(dealer.where('AS#2'), 'p');
  assert.throws(() => new Dealer([...deck, deck[0]!]), { code: 'BAD_DECK' });
});

test('Dealer.fromDeal continues a deal; blackjack knows its cut card', () => {
  const d = deal('doudizhu', { seed: 'from deal' });
  const dealer = Dealer.fromDeal(d);
  assert.deepEqual(dealer.pileNames(), ['hand:0', 'hand:1', 'hand:2', 'kitty']);
  dealer.move(dealer.pile('kitty'), 'hand:0');
  assert.equal(dealer.pile('hand:0').length, 20);
  assertWhole(dealer, d.deck);

  const bj = deal('blackjack', { seed: 'shoe', decks: 1, penetration: 0.5 });
  const shoe = Dealer.fromDeal(bj);
  assert.equal(bj.info.cutCard, 26 - 5);
  assert.equal(shoe.pastCutCard, false);
  shoe.draw(20);
  assert.equal(shoe.pastCutCard, false);
  shoe.draw(1);
  assert.equal(shoe.pastCutCard, true);
  assertWhole(shoe, bj.deck);
});

test('property: random operation sequences keep every card in exactly one place', () => {
  const deck = buildDeck('standard-54');
  const op = fc.oneof(
    fc.record({ kind: fc.constant('draw'), n: fc.nat(6), pile: fc.constantFrom('a', 'b') }),
    fc.record({ kind: fc.constant('burn'), n: fc.nat(2) }),
    fc.record({ kind: fc.constant('move'), k: fc.nat(60), pile: fc.constantFrom('a', 'b') }),
    fc.record({ kind: fc.constant('discard'), k: fc.nat(60) }),
    fc.record({ kind: fc.constant('return'), k: fc.nat(60) }),
    fc.record({ kind: fc.constant('reshuffle') }),
  );
  fc.assert(
    fc.property(fc.array(op, { maxLength: 40 }), fc.boolean(), (ops, recycle) => {
      const dealer = new Dealer(deck, {
        source: chacha20('property'),
        whenEmpty: recycle ? 'reshuffle-discards' : 'throw',
      });
      for (const o of ops) {
        const before = dealer.state();
        const inPiles = Object.values(before.piles).flat();
        const pick = (k: number) => inPiles[k % Math.max(1, inPiles.length)];
        try {
          if (o.kind === 'draw') dealer.draw(o.n, o.pile);
          else if (o.kind === 'burn') dealer.burn(o.n);
          else if (o.kind === 'reshuffle') dealer.reshuffleStock();
          else {
            const card = pick(o.k);
            if (card === undefined) continue;
            if (o.kind === 'move') dealer.move([card], o.pile);
            else if (o.kind === 'discard') dealer.discard([card]);
            else dealer.returnToStock([card]);
          }
        } catch (e) {
          assert.equal((e as { code?: string }).code, 'NOT_ENOUGH_CARDS');
          assert.deepEqual(dealer.state(), before);
        }
        assertWhole(dealer, deck);
      }
    }),
    { seed: 7, numRuns: 150 },
  );
});

test('a Dealer over a fresh deck shuffles it first; as-given must be asked for', () => {
  const deck = buildDeck('standard-52');
  const shuffled = new Dealer(deck, { source: chacha20('fresh') });
  // the same draws as toShuffled with the same seed: the constructor shuffles exactly once
  assert.deepEqual(ids(shuffled.stock), ids(toShuffled(deck, chacha20('fresh'))));
  assert.notDeepEqual(ids(shuffled.stock), ids(deck));
  assert.deepEqual(ids(new Dealer(deck, { order: 'as-given' }).stock), ids(deck));
  assert.throws(() => new Dealer(deck, { order: 'sorted' as 'as-given' }), { code: 'BAD_OPTION' });
  assert.throws(() => new Dealer([{} as Card]), TypeError);
  // fromDeal keeps the deal's stock as dealt
  const d = deal('gin-rummy', { seed: 'as dealt' });
  assert.deepEqual(ids(Dealer.fromDeal(d).stock), ids(d.stock));
});

/** A source that counts the words it hands out, so a second one can be brought level with it. */
function counting(inner: RandomSource): RandomSource & { used: number } {
  const out = {
    used: 0,
    nextUint32: () => {
      out.used++;
      return inner.nextUint32();
    },
    fillUint32: (target: Uint32Array) => {
      out.used += target.length;
      inner.fillUint32(target);
    },
  };
  return out;
}

test('toSnapshot / fromSnapshot: JSON round trip, and the restored dealer continues identically', () => {
  const op = fc.oneof(
    fc.record({ kind: fc.constant('draw'), n: fc.nat(5), pile: fc.constantFrom('a', 'b') }),
    fc.record({ kind: fc.constant('discard'), k: fc.nat(60) }),
    fc.record({ kind: fc.constant('return'), k: fc.nat(60) }),
    fc.record({ kind: fc.constant('reshuffle') }),
  );
  type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;
  const run = (dealer: Dealer, o: Op): void => {
    const inPiles = Object.values(dealer.state().piles).flat();
    const card = 'k' in o ? inPiles[o.k % Math.max(1, inPiles.length)] : undefined;
    try {
      if (o.kind === 'draw') dealer.draw(o.n, o.pile);
      else if (o.kind === 'reshuffle') dealer.reshuffleStock();
      else if (card !== undefined && o.kind === 'discard') dealer.discard([card]);
      else if (card !== undefined) dealer.returnToStock([card]);
    } catch (e) {
      assert.equal((e as { code?: string }).code, 'NOT_ENOUGH_CARDS');
    }
  };
  fc.assert(
    fc.property(
      fc.array(op, { maxLength: 25 }),
      fc.array(op, { maxLength: 25 }),
      (before, after) => {
        const source = counting(chacha20('snapshot'));
        const original = new Dealer(buildDeck('double-108'), {
          source,
          whenEmpty: 'reshuffle-discards',
          cutCard: 80,
        });
        for (const o of before) run(original, o);
        const saved = JSON.parse(JSON.stringify(original.toSnapshot()));
        assert.deepEqual(saved, original.toSnapshot());
        // a second source of the same seed, brought to the same place in the stream
        const twin = chacha20('snapshot');
        for (let i = 0; i < source.used; i++) twin.nextUint32();
        const restored = Dealer.fromSnapshot(saved, { source: twin });
        assert.deepEqual(restored.toSnapshot(), original.toSnapshot());
        assert.equal(restored.pastCutCard, original.pastCutCard);
        for (const o of after) {
          run(original, o);
          run(restored, o);
          assert.deepEqual(restored.toSnapshot(), original.toSnapshot());
          assert.equal(restored.pastCutCard, original.pastCutCard);
        }
      },
    ),
    { seed: 11, numRuns: 60 },
  );
});

test('fromSnapshot refuses what is not a snapshot, with BAD_SNAPSHOT', () => {
  const good = new Dealer(parseCards('AS KS QS'), { order: 'as-given' });
  good.draw(1, 'hand');
  const snap = good.toSnapshot();
  assert.deepEqual(snap, {
    version: 'fairdeal-dealer-v1',
    stock: ['KS', 'QS'],
    piles: { hand: ['AS'] },
    whenEmpty: 'throw',
  });
  const broken: unknown[] = [
    null,
    { ...snap, version: 'fairdeal-dealer-v0' },
    { ...snap, stock: ['KS', 'KS'] },
    { ...snap, piles: { hand: ['KS'] } },
    { ...snap, stock: ['ZZ'] },
    { ...snap, stock: 'KS QS' },
    { ...snap, piles: { stock: ['AS'] } },
    { ...snap, whenEmpty: 'never' },
    { ...snap, cutCardAt: -1 },
  ];
  for (const b of broken) {
    assert.throws(() => Dealer.fromSnapshot(b as DealerSnapshot), { code: 'BAD_SNAPSHOT' });
  }
});
