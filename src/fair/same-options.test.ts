import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { CanonicalWriter } from './canonical-writer.ts';
import { type FairOptions, writeOptions } from './deal-options.ts';
import { sameOptions } from './header.ts';

// Issue 25 gave sameOptions a shortcut (same keys, same values that encode as themselves: true
// without writing bytes). Its definition is equal canonical bytes; this is that definition,
// what sameOptions returned before the shortcut: both must agree on every pair, thrown errors
// included.
function byBytes(a: FairOptions, b: FairOptions): boolean {
  const x = writeOptions(new CanonicalWriter(), a).finish();
  const y = writeOptions(new CanonicalWriter(), b).finish();
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

const outcome = (f: () => boolean): string => {
  try {
    return String(f());
  } catch (error) {
    return `throws ${(error as { code?: string }).code ?? (error as Error).name}`;
  }
};

const value = fc.oneof(
  fc.constantFrom('2', 'T', 'none', 'S', '\uD800', 'a\uDC00b', '', 'standard-52'),
  fc.constantFrom(0, -0, 1, 3, 0.75, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, 1e300),
  fc.boolean(),
  fc.constant(null),
);
const key = fc.constantFrom('seats', 'dealer', 'level', 'trump', 'decks', 'x1', '1x', 'a-b', '');
const options = fc.dictionary(key, value, { maxKeys: 4 }) as fc.Arbitrary<FairOptions>;

test('property: sameOptions says what comparing the canonical bytes says, errors included', () => {
  fc.assert(
    fc.property(options, options, fc.boolean(), (a, b, copy) => {
      // Half the pairs are a copy of each other (keys in another order): the shortcut's case.
      const other = copy ? Object.fromEntries(Object.entries(a).reverse()) : b;
      assert.equal(
        outcome(() => sameOptions(a, other)),
        outcome(() => byBytes(a, other)),
      );
    }),
    { seed: 25, numRuns: 3000 },
  );
});

test('an option that cannot be encoded is refused the same with or without a twin', () => {
  for (const bad of [{ level: '\uD800' }, { seats: Number.NaN }, { '1x': 1 }]) {
    assert.throws(() => sameOptions(bad, { ...bad }), { code: /BAD_/ });
  }
  assert.equal(sameOptions({ seats: 3, dealer: 2 }, { dealer: 2, seats: 3 }), true);
  assert.equal(sameOptions({ seats: 3 }, { seats: '3' }), false);
  assert.equal(sameOptions({ seats: 0 }, { seats: -0 }), true);
});
