import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CanonicalWriter } from './canonical-writer.ts';
import { toHex } from './hex.ts';

test('fields are big-endian and length-prefixed as docs/FAIR.md specifies', () => {
  const bytes = new CanonicalWriter()
    .u8(1)
    .u32(0x01020304)
    .u64(2 ** 40 + 5)
    .str('é')
    .finish();
  assert.equal(toHex(bytes), '01' + '01020304' + '0000010000000005' + '00000002' + 'c3a9');
});

test('length prefixes keep "a:1","2" and "a","1:2" apart', () => {
  const a = new CanonicalWriter().str('a:1').str('2').finish();
  const b = new CanonicalWriter().str('a').str('1:2').finish();
  assert.notEqual(toHex(a), toHex(b));
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
