import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseStrictJson } from './strict-json.ts';

test('parseStrictJson reads every JSON text as JSON.parse does', () => {
  fc.assert(
    fc.property(fc.jsonValue(), fc.constantFrom(0, 1, '\t'), (value, indent) => {
      const text = JSON.stringify(value, null, indent);
      assert.deepEqual(parseStrictJson(text), JSON.parse(text));
    }),
    { seed: 31, numRuns: 500 },
  );
});

test('parseStrictJson accepts and refuses exactly what JSON.parse does (duplicates aside)', () => {
  const unit = fc.constantFrom(
    '{',
    '}',
    '[',
    ']',
    '"',
    ':',
    ',',
    '1',
    '-',
    '.',
    'e',
    't',
    'n',
    ' ',
    '\\',
    'u',
    '0',
  );
  fc.assert(
    fc.property(fc.string({ unit, maxLength: 12 }), (text) => {
      let expected: unknown;
      let threw = false;
      try {
        expected = JSON.parse(text);
      } catch {
        threw = true;
      }
      if (threw) assert.throws(() => parseStrictJson(text), { code: 'BAD_TRANSCRIPT' });
      else assert.deepEqual(parseStrictJson(text), expected);
    }),
    { seed: 32, numRuns: 5000 },
  );
});

test('parseStrictJson refuses duplicate keys at any depth, and deep nesting', () => {
  assert.throws(() => parseStrictJson('{"a":1,"a":1}'), /duplicate key 'a'/);
  assert.throws(() => parseStrictJson('[{"x":{"b":1,"b":2}}]'), /duplicate key 'b'/);
  assert.throws(() => parseStrictJson('{"\\u0061":1,"a":2}'), /duplicate key 'a'/);
  assert.throws(() => parseStrictJson(`${'['.repeat(66)}${']'.repeat(66)}`), /too deep/);
  assert.deepEqual(
    parseStrictJson(`${'['.repeat(10)}${']'.repeat(10)}`),
    JSON.parse(`${'['.repeat(10)}${']'.repeat(10)}`),
  );
});
