import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { UsageError } from '../io.ts';
import { optionalWholeNumber, wholeNumber } from './whole-number.ts';

test('wholeNumber accepts exactly the digit strings in range and returns their value', () => {
  fc.assert(
    fc.property(
      fc.nat({ max: 10_000 }),
      fc.nat({ max: 10_000 }),
      fc.nat({ max: 10_000 }),
      (v, a, b) => {
        const [min, max] = a <= b ? [a, b] : [b, a];
        const ok = v >= min && v <= max;
        if (ok) assert.equal(wholeNumber('--x', String(v), min, max), v);
        else assert.throws(() => wholeNumber('--x', String(v), min, max), UsageError);
      },
    ),
  );
});

test('wholeNumber names the flag and says which way a value is wrong', () => {
  assert.throws(
    () => wholeNumber('--count', '1e3', 1, 10),
    /^UsageError: --count must be a whole number, got '1e3'$/,
  );
  assert.throws(() => wholeNumber('--count', '-1', 1, 10), /must be a whole number/);
  assert.throws(() => wholeNumber('--count', '', 1, 10), /must be a whole number, got ''/);
  assert.throws(
    () => wholeNumber('--n', '0', 1, 10),
    /^UsageError: --n must be at least 1, got 0$/,
  );
  assert.throws(
    () => wholeNumber('--bytes', '99999999999999999999', 1, 2 ** 38),
    /^UsageError: --bytes is too large \(at most 274,877,906,944\), got 99999999999999999999$/,
  );
  assert.equal(optionalWholeNumber('--n', undefined, 1, 2), undefined);
});
