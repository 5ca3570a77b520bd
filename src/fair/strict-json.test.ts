import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseStrictJson, readStrictJson } from './strict-json.ts';

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

/** The outcome of a parse: its value, or its error's message (offset included). */
const outcome = (parse: (t: string) => unknown, text: string): unknown => {
  try {
    return { value: parse(text) };
  } catch (error) {
    return { error: (error as Error).message, code: (error as { code?: string }).code };
  }
};

test('the fast path gives the exact parser’s value or error, duplicates and depth included', () => {
  // JSON texts built to repeat keys (also through escapes and __proto__), at every depth, nested
  // around the depth limit, with whitespace where keys end — and broken now and then.
  const key = fc.constantFrom('"a"', '"b"', '"\\u0061"', '"__proto__"', '"to"', '"c\\"d"', '""');
  const space = fc.constantFrom('', ' ', '\n\t');
  const tree = fc.letrec<{ node: string }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constantFrom('1', '"x"', 'null', 'true', '-0.5e3', '"\\u00e9"'),
      fc
        .array(fc.tuple(key, space, tie('node')), { maxLength: 20 })
        .map((es) => `{${es.map(([k, w, v]) => `${k}${w}:${w}${v}`).join(',')}}`),
      fc.array(tie('node'), { maxLength: 4 }).map((vs) => `[${vs.join(', ')}]`),
    ),
  })).node;
  const nested = fc
    .tuple(fc.integer({ min: 55, max: 70 }), fc.constantFrom('', '1', '{}', '{"a":1,"a":2}'))
    .map(([d, inner]) => '['.repeat(d) + inner + ']'.repeat(d));
  const broken = fc
    .tuple(tree, fc.nat(), fc.constantFrom('', ',', '}', '"'))
    .map(([t, at, ins]) => t.slice(0, at % (t.length + 1)) + ins + t.slice(at % (t.length + 1)));
  let duplicates = 0;
  fc.assert(
    fc.property(fc.oneof(tree, nested, broken), (text) => {
      const exact = outcome(readStrictJson, text);
      if (/duplicate/.test(JSON.stringify(exact))) duplicates++;
      assert.deepEqual(outcome(parseStrictJson, text), exact);
    }),
    { seed: 33, numRuns: 4000 },
  );
  assert.ok(duplicates > 200, `only ${duplicates} texts with a duplicate key`);
  const proto = parseStrictJson('{"__proto__":{"x":1}}') as Record<string, unknown>;
  assert.ok(Object.hasOwn(proto, '__proto__') && Object.getPrototypeOf(proto) === Object.prototype);
});
