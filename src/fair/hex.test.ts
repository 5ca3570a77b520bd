import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { bytesToHex } from '../random/hex.ts';
import { checkHex, fromHex } from './hex.ts';

const reference = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

test('bytesToHex is lowercase two digits per byte, and fromHex reads it back', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
      const text = bytesToHex(bytes);
      assert.equal(text, reference(bytes));
      assert.deepEqual(fromHex(text, bytes.length, 'x'), bytes);
    }),
    { numRuns: 2000 },
  );
});

test('fromHex accepts exactly 2n lowercase hex digits and names the field otherwise', () => {
  const chars = fc.constantFrom(...'0123456789abcdefABCDEFgx -\u0660\uff10'.split(''));
  fc.assert(
    fc.property(fc.array(chars, { maxLength: 10 }), fc.nat(5), (parts, n) => {
      const text = parts.join('');
      const valid = text.length === 2 * n && /^[0-9a-f]*$/.test(text);
      if (valid) {
        assert.equal(bytesToHex(fromHex(text, n, 'salt')), text);
        assert.equal(checkHex(text, n, 'salt'), text);
      } else {
        assert.throws(() => fromHex(text, n, 'salt'), { code: 'BAD_TRANSCRIPT', message: /salt/ });
        assert.throws(() => checkHex(text, n, 'salt'), { code: 'BAD_TRANSCRIPT', message: /salt/ });
      }
    }),
    { numRuns: 5000 },
  );
  for (const notText of [null, 12, ['00'], undefined]) {
    assert.throws(() => fromHex(notText, 1, 'prev'), { code: 'BAD_TRANSCRIPT' });
    assert.throws(() => checkHex(notText, 1, 'prev'), { code: 'BAD_TRANSCRIPT' });
  }
});
