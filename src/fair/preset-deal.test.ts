import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { dealFromDeck, PRESET_NAMES } from '../games/index.ts';
import { card } from './parse-fields.ts';
import { presetDeal } from './preset-deal.ts';
import { shuffleDeck } from './shuffle-deck.ts';

// Issue 25: a fair deck is dealt from a shuffle of its hand ranks (dealKey), and verify takes
// only its cards (cardsOfKey). Both must be what shuffling the canonical cards and dealing them
// by the games layer gives — the path they replaced.
test('property: dealKey and cardsOfKey deal what dealFromDeck deals from shuffleDeck of the cards', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...PRESET_NAMES.filter((p) => p !== 'custom')),
      fc.uint8Array({ minLength: 32, maxLength: 32 }),
      (preset, key) => {
        const plan = presetDeal(preset, {});
        const deck = shuffleDeck(key, plan.cards);
        const want = dealFromDeck(preset, deck);
        const got = plan.dealKey(key);
        assert.deepStrictEqual(
          { ...got.deal, record: { ...got.deal.record, seed: 'x' } },
          { ...want, record: { ...want.record, seed: 'x' } },
        );
        const cards = deck.map((c, i) => ({ card: c.id, to: want.route[i] }));
        assert.deepStrictEqual(got.cards, cards);
        const ids = plan.cardsOfKey(key);
        assert.deepStrictEqual(
          ids.cards,
          deck.map((c) => c.id),
        );
        assert.deepStrictEqual(ids.to, want.route);
      },
    ),
    { seed: 25, numRuns: 200 },
  );
});

test('a card entry takes the short path only with exactly its own card and to', () => {
  assert.deepEqual(card({ card: 'AS', to: 'hand:0' }, 0), { card: 'AS', to: 'hand:0' });
  assert.deepEqual(card(JSON.parse('{"to":"kitty","card":"RJ"}'), 0), { card: 'RJ', to: 'kitty' });
  // An extra field, a missing one, an inherited one: each refused by name, on the full path.
  assert.throws(
    () => card({ card: 'AS', to: 'hand:0', x: 1 }, 3),
    /cards\[3\] has an unknown field 'x'/,
  );
  assert.throws(() => card({ card: 'AS' }, 4), /cards\[4\] has no field 'to'/);
  const inherited = Object.assign(Object.create({ to: 'hand:0' }), { card: 'AS' });
  assert.throws(() => card(inherited, 5), /cards\[5\] has no field 'to'/);
  // A key that is not enumerable is not a field (as with Object.keys before).
  const hidden = Object.defineProperty({ card: 'AS', to: 'hand:0' }, 'x', { value: 1 });
  assert.deepEqual(card(hidden, 6), { card: 'AS', to: 'hand:0' });
});
