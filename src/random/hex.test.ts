import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { bytesToHex } from './hex.ts';

test('bytesToHex: two lowercase digits per byte, every byte value, in order', () => {
  const all = Uint8Array.from({ length: 256 }, (_, b) => b);
  const text = bytesToHex(all);
  assert.equal(text.length, 512);
  for (let b = 0; b < 256; b++) assert.equal(Number.parseInt(text.slice(2 * b, 2 * b + 2), 16), b);
  assert.match(text, /^[0-9a-f]*$/);
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
      assert.equal(bytesToHex(bytes), Buffer.from(bytes).toString('hex'));
    }),
  );
  assert.equal(bytesToHex(new Uint8Array(0)), '');
});
