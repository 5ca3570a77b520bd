import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { chacha20 } from '../../index.ts';
import { ApiError } from './api-error.ts';
import { composeDeck } from './compose-deck.ts';
import { isConserved } from './conserved.ts';
import { newDeckId } from './deck-id.ts';
import type { DeckState } from './deck-state.ts';
import { drawCards } from './draw-cards.ts';
import { newDeck } from './new-deck.ts';
import { addToPile, drawFromPile, MAX_PILES, shufflePile } from './pile-ops.ts';
import { returnCards, returnPile } from './return-cards.ts';
import { shuffleDeck } from './shuffle-deck.ts';

const src = () => chacha20('deck ops');

test('unshuffled order is the spec’s: A→K of spades, diamonds, clubs, hearts, then X1, X2', () => {
  const values = 'A234567890JQK';
  const expected = [...'SDCH'].flatMap((s) => [...values].map((v) => v + s)).concat(['X1', 'X2']);
  assert.deepEqual(composeDeck(1, true), expected);
  // Several decks are copies one after another, each card with its own identity.
  const two = composeDeck(2, false);
  assert.equal(two.length, 104);
  assert.equal(two[52], 'AS#2');
  assert.equal(new Set(two).size, 104);
});

test('a partial deck keeps its order, repeats per deck and gives repeated codes new copies', () => {
  assert.deepEqual(composeDeck(2, false, ['KH', 'AS', 'KH']), [
    'KH',
    'AS',
    'KH#2',
    'KH#3',
    'AS#2',
    'KH#4',
  ]);
});

test('deck ids: 20 characters of [a-z0-9], every character used, all distinct', () => {
  const s = src();
  const ids = Array.from({ length: 2000 }, () => newDeckId(s));
  assert.ok(ids.every((id) => /^[a-z0-9]{20}$/.test(id)));
  assert.equal(new Set(ids).size, ids.length);
  assert.equal(new Set(ids.join('')).size, 36);
});

const full = (): DeckState => newDeck('d', { deckCount: 1, jokers: false, shuffle: false }, src());

test('draw takes from the top; overdraw hands out the rest, incomplete; 0 draws nothing', () => {
  const a = drawCards(full(), 2);
  assert.deepEqual(a.cards, ['AS', '2S']);
  assert.equal(a.complete, true);
  const zero = drawCards(a.state, 0);
  assert.deepEqual(zero.cards, []);
  assert.equal(zero.complete, true);
  const over = drawCards(a.state, 60);
  assert.equal(over.cards.length, 50);
  assert.equal(over.complete, false);
  assert.equal(over.state.stack.length, 0);
  assert.throws(() => drawCards(a.state, -1), RangeError);
});

test('return AS,AS with one AS out returns it once and rejects the second (no duplication)', () => {
  const d = drawCards(full(), 3).state; // AS 2S 3S
  const r = returnCards(d, ['AS', 'AS', 'KH']);
  assert.deepEqual(r.rejected, ['AS', 'KH']);
  assert.deepEqual(r.state.stack.at(-1), 'AS');
  assert.ok(isConserved(r.state));
});

test('piles work with two decks: both aces of spades are told apart', () => {
  let d = newDeck('d', { deckCount: 2, jokers: false, codes: ['AS'], shuffle: false }, src());
  d = drawCards(d, 2).state;
  const a = addToPile(d, 'p1', ['AS']);
  const b = addToPile(a.state, 'p2', ['AS']);
  assert.deepEqual(b.rejected, []);
  assert.deepEqual({ ...b.state.piles }, { p1: ['AS'], p2: ['AS#2'] });
  // A third AS does not exist outside p2's target: it moves from p1, as the reference moves it.
  const c = addToPile(b.state, 'p2', ['AS']);
  assert.deepEqual({ ...c.state.piles }, { p1: [], p2: ['AS#2', 'AS'] });
  // Both copies on p2 already: the bottom one moves to the top (list.remove, then append).
  const d2 = addToPile(c.state, 'p2', ['AS']);
  assert.deepEqual(d2.rejected, []);
  assert.deepEqual({ ...d2.state.piles }, { p1: [], p2: ['AS', 'AS#2'] });
  assert.deepEqual(addToPile(c.state, 'p2', ['KH']).rejected, ['KH']);
  assert.ok(isConserved(c.state));
});

test('pile add keeps the list’s order and moves a code’s bottom copy from another pile', () => {
  let d = newDeck('d', { deckCount: 2, jokers: false, codes: ['AS', 'KH'], shuffle: false }, src());
  d = drawCards(d, 4).state; // AS KH AS#2 KH#2
  d = addToPile(d, 'a', ['AS', 'KH', 'AS']).state;
  assert.deepEqual({ ...d.piles }, { a: ['AS', 'KH', 'AS#2'] });
  // KH#2 is drawn, AS only on pile a: in the list's order, AS from a's bottom (list.remove).
  const r = addToPile(d, 'b', ['AS', 'KH']);
  assert.deepEqual({ ...r.state.piles }, { a: ['KH', 'AS#2'], b: ['AS', 'KH#2'] });
  assert.ok(isConserved(r.state));
});
test('pile add rejects cards still in the stack; an empty list creates the pile', () => {
  const d = drawCards(full(), 1).state;
  const r = addToPile(d, 'p', ['KH', 'AS']);
  assert.deepEqual(r.rejected, ['KH']);
  assert.deepEqual(r.state.piles.p, ['AS']);
  assert.deepEqual(addToPile(d, 'empty', []).state.piles.empty, []);
});

test('a pile may be called __proto__ and is an ordinary pile', () => {
  const d = drawCards(full(), 2).state;
  const r = addToPile(d, '__proto__', ['AS', '2S']);
  assert.deepEqual(Object.keys(r.state.piles), ['__proto__']);
  assert.equal(Object.getOwnPropertyDescriptor(r.state.piles, '__proto__')?.value.length, 2);
  const back = JSON.parse(JSON.stringify(r.state)) as DeckState;
  assert.ok(isConserved(back));
  assert.equal(returnPile(back, '__proto__', undefined).state.stack.length, 52);
});

test('at most 100 piles', () => {
  let d = full();
  for (let i = 0; i < MAX_PILES; i++) d = addToPile(d, `p${i}`, []).state;
  assert.throws(
    () => addToPile(d, 'one-more', []),
    (e: unknown) => e instanceof ApiError && e.code === 'TOO_MANY_PILES',
  );
  assert.doesNotThrow(() => addToPile(d, 'p0', []));
});

test('pile draws: top, bottom, listed; missing cards, missing piles and overdraws are 404s', () => {
  let d = drawCards(full(), 4).state; // AS 2S 3S 4S
  d = addToPile(d, 'p', ['AS', '2S', '3S', '4S']).state; // bottom AS … top 4S
  // The reference hands a top draw out in the pile's order (its `p[-count:]`), bottom first.
  assert.deepEqual(drawFromPile(d, 'p', { from: 'top', count: 2 }, src()).cards, ['3S', '4S']);
  assert.deepEqual(drawFromPile(d, 'p', { from: 'bottom', count: 2 }, src()).cards, ['AS', '2S']);
  const zero = drawFromPile(d, 'p', { from: 'top', count: 0 }, src());
  assert.equal(zero.state.piles.p?.length, 4, 'count 0 never empties the pile');
  const listed = drawFromPile(d, 'p', { codes: ['3S'] }, src());
  assert.deepEqual(listed.cards, ['3S']);
  assert.throws(
    () => drawFromPile(d, 'p', { codes: ['3S', 'KH'] }, src()),
    (e: unknown) => e instanceof ApiError && e.status === 404 && e.code === 'PILE_LACKS_CARDS',
  );
  assert.throws(
    () => drawFromPile(d, 'nope', { from: 'top', count: 1 }, src()),
    (e: unknown) =>
      e instanceof ApiError && e.message === 'The pile, nope does not exist.' && e.status === 404,
  );
  // More than the pile holds: the reference's 404 and message, from every place; nothing moves
  // (the error aborts the change, so the store keeps `d`).
  for (const from of ['top', 'bottom', 'random'] as const) {
    assert.throws(
      () => drawFromPile(d, 'p', { from, count: 5 }, src()),
      (e: unknown) =>
        e instanceof ApiError &&
        e.status === 404 &&
        e.code === 'PILE_OVERDRAWN' &&
        e.message === 'Not enough cards remaining to draw 5 additional',
      from,
    );
  }
  assert.equal(drawFromPile(d, 'p', { from: 'random', count: 4 }, src()).cards.length, 4);
});

test('full reshuffle brings every card back and deletes piles; remaining=true keeps them', () => {
  let d = drawCards(full(), 5).state;
  d = addToPile(d, 'p', ['AS']).state;
  const all = shuffleDeck(d, false, src());
  assert.equal(all.stack.length, 52);
  assert.deepEqual({ ...all.piles }, {});
  assert.notDeepEqual(all.stack, full().stack);
  const rest = shuffleDeck(d, true, src());
  assert.equal(rest.stack.length, 47);
  assert.deepEqual(rest.piles, d.piles);
  assert.deepEqual([...rest.stack].sort(), [...d.stack].sort());
});

// Random sequences of every operation keep each card exactly once (the fault list's
// duplication through return, lost cards through piles).
const codeArb = fc.constantFrom('AS', 'KH', '0D', 'X1', 'X2', '2C', 'QS');
const opArb = fc.oneof(
  fc.record({ op: fc.constant('draw' as const), n: fc.nat(60) }),
  fc.record({ op: fc.constant('return' as const), codes: fc.option(fc.array(codeArb)) }),
  fc.record({
    op: fc.constant('add' as const),
    pile: fc.constantFrom('a', 'b'),
    codes: fc.array(codeArb),
  }),
  fc.record({
    op: fc.constant('pileDraw' as const),
    pile: fc.constantFrom('a', 'b', 'c'),
    n: fc.nat(5),
    from: fc.constantFrom('top' as const, 'bottom' as const, 'random' as const),
  }),
  fc.record({
    op: fc.constant('pileDrawCodes' as const),
    pile: fc.constantFrom('a', 'b'),
    codes: fc.array(codeArb, { maxLength: 3 }),
  }),
  fc.record({
    op: fc.constant('pileReturn' as const),
    pile: fc.constantFrom('a', 'b'),
    codes: fc.option(fc.array(codeArb)),
  }),
  fc.record({ op: fc.constant('shuffle' as const), remaining: fc.boolean() }),
  fc.record({ op: fc.constant('pileShuffle' as const), pile: fc.constantFrom('a', 'b') }),
);

test('every sequence of operations conserves the deck (property)', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 3 }),
      fc.boolean(),
      fc.array(opArb, { maxLength: 40 }),
      (copies, jokers, ops) => {
        const s = chacha20('property');
        let d = newDeck('d', { deckCount: copies, jokers, shuffle: true }, s);
        for (const o of ops) {
          try {
            if (o.op === 'draw') d = drawCards(d, o.n).state;
            else if (o.op === 'return') d = returnCards(d, o.codes ?? undefined).state;
            else if (o.op === 'add') d = addToPile(d, o.pile, o.codes).state;
            else if (o.op === 'pileDraw')
              d = drawFromPile(d, o.pile, { from: o.from, count: o.n }, s).state;
            else if (o.op === 'pileDrawCodes')
              d = drawFromPile(d, o.pile, { codes: o.codes }, s).state;
            else if (o.op === 'pileReturn') d = returnPile(d, o.pile, o.codes ?? undefined).state;
            else if (o.op === 'shuffle') d = shuffleDeck(d, o.remaining, s);
            else d = shufflePile(d, o.pile, s);
          } catch (e) {
            if (!(e instanceof ApiError)) throw e;
          }
          if (!isConserved(d)) return false;
        }
        return true;
      },
    ),
    { numRuns: 300, seed: 12 },
  );
});
