import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { bytesToHex } from '../random/hex.ts';
import { CanonicalWriter } from './canonical-writer.ts';

const utf8 = (s: string) => new TextEncoder().encode(s);

test('fields are big-endian and length-prefixed as docs/FAIR.md specifies', () => {
  const bytes = new CanonicalWriter()
    .u8(1)
    .u32(0x01020304)
    .u64(2 ** 40 + 5)
    .str('é')
    .finish();
  assert.equal(bytesToHex(bytes), '01' + '01020304' + '0000010000000005' + '00000002' + 'c3a9');
});

test('length prefixes keep "a:1","2" and "a","1:2" apart', () => {
  const a = new CanonicalWriter().str('a:1').str('2').finish();
  const b = new CanonicalWriter().str('a').str('1:2').finish();
  assert.notEqual(bytesToHex(a), bytesToHex(b));
});

test('out-of-range integers and lone surrogates are refused', () => {
  assert.throws(() => new CanonicalWriter().u8(256), RangeError);
  assert.throws(() => new CanonicalWriter().u32(-1), RangeError);
  assert.throws(() => new CanonicalWriter().u64(2 ** 53), RangeError);
  assert.throws(() => new CanonicalWriter().u64(1.5), RangeError);
  assert.throws(() => new CanonicalWriter().str('\uD800x'), { code: 'BAD_TRANSCRIPT' });
  assert.throws(() => new CanonicalWriter().str('x\uDC00'), { code: 'BAD_TRANSCRIPT' });
  assert.doesNotThrow(() => new CanonicalWriter().str('🂡'));
});

/** Pairs and lone halves in every position (fc's 'binary' strings have only whole pairs). */
const surrogateMix = fc
  .array(fc.constantFrom('a', 'é', '\uffff', '\ud800', '\udbff', '\udc00', '\udfff', '🂡'), {
    maxLength: 6,
  })
  .map((parts) => parts.join(''));

test('str writes exactly what TextEncoder writes, for any well-formed string', () => {
  const utf8 = new TextEncoder();
  let refused = 0;
  fc.assert(
    fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), surrogateMix), (s) => {
      const wellFormed =
        !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
      const w = new CanonicalWriter();
      if (!wellFormed) {
        assert.throws(() => w.str(s), { code: 'BAD_TRANSCRIPT' });
        refused++;
        return;
      }
      const bytes = utf8.encode(s);
      const expected = new Uint8Array(4 + bytes.length);
      new DataView(expected.buffer).setUint32(0, bytes.length);
      expected.set(bytes, 4);
      assert.deepEqual(w.str(s).finish(), expected);
    }),
    { numRuns: 3000 },
  );
  assert.ok(refused > 100, `only ${refused} strings with a lone surrogate`);
});

test('writers that overlap, grow, fail or are used twice never share bytes', () => {
  // The spare buffer is lent to one writer at a time: interleave several, one of them growing
  // past the spare's size and one abandoned by an error, and compare with fresh expectations.
  const field = (n: number, c: string) => c.repeat(n);
  const a = new CanonicalWriter().str('first');
  const b = new CanonicalWriter().str('second');
  assert.throws(() => new CanonicalWriter().str('x').str('\ud800'), { code: 'BAD_TRANSCRIPT' });
  const big = new CanonicalWriter().str(field(10_000, 'g'));
  a.str('more');
  const aBytes = a.finish();
  const c = new CanonicalWriter().u8(7);
  b.u32(1);
  assert.equal(
    bytesToHex(aBytes),
    `00000005${bytesToHex(utf8('first'))}00000004${bytesToHex(utf8('more'))}`,
  );
  assert.equal(bytesToHex(b.finish()), `00000006${bytesToHex(utf8('second'))}00000001`);
  assert.equal(big.finish().length, 10_004);
  assert.equal(bytesToHex(c.finish()), '07');
  // finished writers start empty again, and a later writer starts clean
  assert.equal(a.finish().length, 0);
  assert.equal(bytesToHex(a.u8(1).finish()), '01');
  assert.equal(bytesToHex(new CanonicalWriter().u8(2).finish()), '02');
});

test('use hands a view of the message, then wipes it', () => {
  let seen: Uint8Array | undefined;
  const copy = new CanonicalWriter().str('secret seed').use((bytes) => {
    seen = bytes;
    return bytes.slice();
  });
  assert.equal(bytesToHex(copy), `0000000b${bytesToHex(utf8('secret seed'))}`);
  assert.ok(seen !== undefined && seen.length === copy.length && seen.every((x) => x === 0));
  assert.throws(
    () =>
      new CanonicalWriter().str('x').use(() => {
        throw new Error('boom');
      }),
    /boom/,
  );
  assert.equal(bytesToHex(new CanonicalWriter().u8(3).finish()), '03');
});
