import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { ApiError } from '../deck/api-error.ts';
import { array, boolean, integer, object, oneOf, record, string, tagged } from './schema.ts';

const refused = (f: () => unknown, message: RegExp) =>
  assert.throws(f, (e) => e instanceof ApiError && e.status === 400 && message.test(e.message));

test('schema: each form accepts its values and refuses the rest with 400 naming the field', () => {
  assert.equal(string({ pattern: /^[a-f]+$/ }).check('abc', 's'), 'abc');
  refused(() => string({ pattern: /^[a-f]+$/ }).check('xyz', 'salt'), /^salt must be/);
  refused(() => string({ maxLength: 3 }).check('abcd', 'name'), /name must be a string of 0 to 3/);
  assert.equal(integer({ minimum: 1, maximum: 3 }).check(3, 'n'), 3);
  for (const bad of [0, 4, 1.5, '2', null, Number.NaN]) {
    refused(
      () => integer({ minimum: 1, maximum: 3 }).check(bad, 'n'),
      /^n must be an integer from 1 to 3/,
    );
  }
  refused(() => boolean().check('true', 'fair'), /fair must be true or false/);
  refused(() => oneOf(['a', 'b'] as const).check('c', 'x'), /x must be one of a, b/);
  refused(
    () => array(string(), { maxItems: 1 }).check(['a', 'b'], 'l'),
    /l must be a list of 0 to 1/,
  );
  refused(() => array(integer()).check([1, 'x'], 'l'), /^l\[1\] must be an integer/);
  refused(() => record(boolean()).check({ a: 1 }, 'rules'), /^rules\.a must be true or false/);
  refused(() => record(boolean(), { message: 'flags!' }).check({ a: 1 }, 'rules'), /^flags!$/);
});

test('schema: an object keeps only its declared fields, requires the required ones, and leaves absent ones absent', () => {
  const s = object({ a: integer(), b: string() }, ['a']);
  assert.deepEqual(s.check({ a: 1, evil: '__proto__', b: 'x' }, 'body'), { a: 1, b: 'x' });
  assert.deepEqual(Object.keys(s.check({ a: 1 }, 'body')), ['a']);
  refused(() => s.check({ b: 'x' }, 'body'), /^a is required/);
  refused(() => s.check([], 'body'), /body must be an object/);
  assert.deepEqual(s.json, {
    type: 'object',
    required: ['a'],
    properties: { a: { type: 'integer' }, b: { type: 'string' } },
  });
});

test('schema: a tagged union picks the variant by its tag; an unknown tag is the caller’s error', () => {
  const s = tagged(
    'type',
    { pass: object({}), play: object({ cards: array(string(), { minItems: 1 }) }, ['cards']) },
    object({ version: integer() }),
  );
  assert.deepEqual(s.check({ type: 'play', cards: ['3S'], version: 2, x: 1 }, 'body'), {
    type: 'play',
    cards: ['3S'],
    version: 2,
  });
  refused(() => s.check({ type: 'play', cards: [] }, 'body'), /cards must be a list/);
  assert.throws(
    () => s.check({ type: 'fly' }, 'body'),
    (e) => e instanceof ApiError && e.code === 'UNKNOWN_ACTION',
  );
});

test('schema: what check accepts, the emitted JSON Schema describes (integers, by property)', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: -50, max: 50 }),
      fc.integer({ min: 0, max: 20 }),
      fc.anything(),
      (min, span, value) => {
        const s = integer({ minimum: min, maximum: min + span });
        const json = s.json as { minimum: number; maximum: number };
        let accepted = true;
        try {
          s.check(value, 'v');
        } catch {
          accepted = false;
        }
        const described =
          typeof value === 'number' &&
          Number.isInteger(value) &&
          value >= json.minimum &&
          value <= json.maximum;
        return accepted === described;
      },
    ),
    { seed: 23, numRuns: 500 },
  );
});
