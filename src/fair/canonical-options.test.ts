import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { getPreset, PRESET_NAMES } from '../games/index.ts';
import { canonicalFairOptions } from './canonical-options.ts';
import type { FairOptions } from './deal-options.ts';
import { sameOptions } from './header.ts';
import { presetDeal } from './preset-deal.ts';

const VALUES: Record<string, fc.Arbitrary<string | number>> = {
  seats: fc.integer({ min: 1, max: 11 }),
  dealer: fc.integer({ min: 0, max: 10 }),
  level: fc.constantFrom('2', '9', '10', 'T', 'J', 'A'),
  trump: fc.constantFrom('none', 'S', 'H', 'D', 'C', 'grand', 'null'),
  decks: fc.integer({ min: 1, max: 8 }),
  penetration: fc.constantFrom(0.25, 0.5, 0.75, 0.9, 1),
  boardNumber: fc.integer({ min: 1, max: 40 }),
  deck: fc.constantFrom('standard-52', 'standard-54', 'euchre-24', 'double-108', 'pinochle-48'),
  handSize: fc.integer({ min: 0, max: 20 }),
  kitty: fc.integer({ min: 0, max: 6 }),
  boardCards: fc.integer({ min: 0, max: 5 }),
  sort: fc.constantFrom('suit', 'none', 'poker', 'doudizhu'),
};
/** A preset and options drawn from the keys it takes (seats, dealer and its own), any values. */
const caseArb = fc.constantFrom(...PRESET_NAMES).chain((preset) => {
  const keys = ['seats', 'dealer', ...(getPreset(preset).options ?? [])];
  const arbs = Object.fromEntries(keys.map((k) => [k, VALUES[k]!]));
  return fc.tuple(
    fc.constant(preset),
    fc.record(arbs, { requiredKeys: [] }) as fc.Arbitrary<FairOptions>,
  );
});

test('canonical options: idempotent, and the same deck and route as the options given', () => {
  let accepted = 0;
  fc.assert(
    fc.property(caseArb, ([preset, options]) => {
      let canon: FairOptions;
      try {
        canon = canonicalFairOptions(preset, options);
      } catch {
        // refused options are refused by the deal itself too
        assert.throws(() => presetDeal(preset, options));
        return;
      }
      accepted++;
      assert.ok(sameOptions(canonicalFairOptions(preset, canon), canon), 'idempotent');
      const a = presetDeal(preset, options);
      const b = presetDeal(preset, canon);
      assert.deepEqual(a.deck, b.deck);
      assert.deepEqual(a.deal([...a.deck]).cards, b.deal([...b.deck]).cards);
    }),
    { seed: 909, numRuns: 2000 },
  );
  assert.ok(accepted > 300, `only ${accepted} accepted option sets`);
});

test('canonical options: every preset fills its defaults, one spelling per deal', () => {
  assert.deepEqual(canonicalFairOptions('doudizhu'), { dealer: 2, seats: 3 });
  assert.deepEqual(canonicalFairOptions('bridge', {}), { boardNumber: 1, seats: 4 });
  assert.deepEqual(canonicalFairOptions('blackjack', {}), {
    decks: 6,
    penetration: 0.75,
    seats: 2,
  });
  assert.deepEqual(canonicalFairOptions('shengji', { level: '10' }), {
    dealer: 3,
    level: 'T',
    seats: 4,
    trump: 'none',
  });
  // custom's default hand size: as many as fit equally after kitty and board (docs/FAIR.md §4)
  assert.equal(canonicalFairOptions('custom', { seats: 5, kitty: 2 }).handSize, 10);
  for (const preset of PRESET_NAMES) {
    const c = canonicalFairOptions(preset, {});
    assert.equal(typeof c.seats, 'number', preset);
    assert.equal('dealer' in c, preset !== 'bridge' && preset !== 'blackjack', preset);
  }
});

test('canonical options refuse what a fair deal cannot take', () => {
  assert.throws(() => canonicalFairOptions('doudizhu', { seed: 'x' }), { code: 'BAD_OPTION' });
  assert.throws(() => canonicalFairOptions('doudizhu', { source: 'x' }), { code: 'BAD_OPTION' });
  assert.throws(() => canonicalFairOptions('doudizhu', { level: '2' }), { code: 'BAD_OPTION' });
  assert.throws(() => canonicalFairOptions('bridge', { dealer: 1 }), { code: 'BAD_OPTION' });
  assert.throws(() => canonicalFairOptions('holdem', { seats: 575912248 }), RangeError);
  assert.throws(() => canonicalFairOptions('custom', { deck: 'nope' }), { code: 'BAD_DECK' });
  assert.throws(() => canonicalFairOptions('nope'), { code: 'UNKNOWN_PRESET' });
});

test('canonical options: a hostile key is refused by name, an inherited one is not an option', () => {
  // What a server hands over from JSON.parse: `__proto__` is an own key there.
  const hostile = JSON.parse('{"__proto__": 3, "seats": 3}') as FairOptions;
  assert.throws(() => canonicalFairOptions('doudizhu', hostile), {
    code: 'BAD_OPTION',
    detail: { field: 'options.__proto__' },
  });
  for (const key of ['constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
    const own = JSON.parse(`{"${key}": 1}`) as FairOptions;
    assert.throws(() => canonicalFairOptions('doudizhu', own), {
      code: 'BAD_OPTION',
      message: `unknown deal option '${key}'`,
    });
  }
  // A caller's prototype cannot slip a value in: only own keys are options.
  const inherited = Object.create({ seats: 4, dealer: 0 }) as FairOptions;
  assert.deepEqual(canonicalFairOptions('hearts', inherited), { dealer: 3, seats: 4 });
  assert.deepEqual(canonicalFairOptions('hearts', Object.create({ seats: 3 })).seats, 4);
  // The result holds its keys as own data properties of a plain object.
  const c = canonicalFairOptions('doudizhu', {});
  assert.equal(Object.getPrototypeOf(c), Object.prototype);
  assert.deepEqual(Object.keys(c), ['dealer', 'seats']);
});

test('canonical options asked again (the memo) are the same as the first time, and each call has its own object', () => {
  fc.assert(
    fc.property(caseArb, ([preset, options]) => {
      let first: FairOptions;
      try {
        first = canonicalFairOptions(preset, options);
      } catch (error) {
        // a refusal is never remembered as an answer
        assert.throws(() => canonicalFairOptions(preset, options), {
          message: (error as Error).message,
        });
        return;
      }
      const again = canonicalFairOptions(preset, { ...options });
      assert.deepStrictEqual(again, first);
      assert.deepStrictEqual(Object.keys(again), Object.keys(first), 'key order');
      assert.notEqual(again, first);
      (again as Record<string, unknown>).seats = 99;
      assert.deepStrictEqual(canonicalFairOptions(preset, options), first, 'a change stays out');
    }),
    { seed: 25, numRuns: 1000 },
  );
  // -0 and 0 are two keys (the values differ to Object.is), and a string is not a number.
  assert.ok(Object.is(canonicalFairOptions('doudizhu', { dealer: -0 }).dealer, -0));
  assert.ok(Object.is(canonicalFairOptions('doudizhu', { dealer: 0 }).dealer, 0));
  assert.throws(() => canonicalFairOptions('doudizhu', { dealer: '0' }), TypeError);
});
