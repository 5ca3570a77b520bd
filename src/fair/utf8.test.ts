import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { compareUtf8, sortByUtf8, utf8Length } from './utf8.ts';

// The reference is TextEncoder itself (WHATWG Encoding: a lone surrogate becomes U+FFFD), which
// these functions replace on the hot path; the byte order of its output is the canonical order.
const utf8 = new TextEncoder();
const byteOrder = (a: string, b: string): number => {
  const x = utf8.encode(a);
  const y = utf8.encode(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
};

/** Strings made of the code units where encodings go wrong: ASCII, 2- and 3-byte characters,
 *  U+FFFD and U+FFFF (around the surrogates), both halves of a pair, alone or together. */
const tricky = fc
  .array(
    fc.constantFrom(
      'a',
      'z',
      '\u007f',
      '\u0080',
      'é',
      '\u07ff',
      '\u0800',
      '中',
      '\ud7ff',
      '\ue000',
      '\ufffd',
      '\uffff',
      '\ud800',
      '\udbff',
      '\udc00',
      '\udfff',
      '🂡',
      '\u{10ffff}',
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''));
const anyString = fc.oneof(tricky, fc.string({ unit: 'binary', maxLength: 40 }));

test('utf8Length equals the length of TextEncoder output, lone surrogates included', () => {
  fc.assert(
    fc.property(anyString, (s) => {
      assert.equal(utf8Length(s), utf8.encode(s).length);
    }),
    { numRuns: 5000 },
  );
  assert.equal(utf8Length(''), 0);
  assert.equal(utf8Length('\ud800'), 3);
  assert.equal(utf8Length('\ud83c\udca1'), 4);
});

test('compareUtf8 orders as the UTF-8 bytes do (not as UTF-16 sort does)', () => {
  fc.assert(
    fc.property(anyString, anyString, (a, b) => {
      assert.equal(
        Math.sign(compareUtf8(a, b)),
        Math.sign(byteOrder(a, b)),
        `${escape(a)} ${escape(b)}`,
      );
    }),
    { numRuns: 20000 },
  );
  // U+FFFF sorts after U+1F0A1 in UTF-16 code units, before it in code points.
  assert.ok('\uffff' > '🂡' && compareUtf8('\uffff', '🂡') < 0);
  assert.equal(compareUtf8('\ud800', '\ufffd'), 0); // both encode as EF BF BD
});

test('sortByUtf8 gives the order a stable sort by compareUtf8 gives, short lists and long', () => {
  // Keys from a small alphabet with astral characters and lone surrogates, so that lists have
  // ties (stability shows) and UTF-16 order differs from UTF-8 order; lengths on both sides of
  // the insertion-sort limit.
  const key = fc.string({
    unit: fc.constantFrom('a', 'b', '\uFFFF', '🂡', '\uD800', 'é'),
    maxLength: 3,
  });
  fc.assert(
    fc.property(fc.array(key, { maxLength: 40 }), (keys) => {
      const items = keys.map((k, i) => ({ k, i }));
      const want = [...items].sort((x, y) => compareUtf8(x.k, y.k));
      const got = sortByUtf8([...items], (x) => x.k);
      assert.deepEqual(got, want);
    }),
    { numRuns: 300 },
  );
});
