import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { test } from 'node:test';
import fc from 'fast-check';
import { bytesToHex } from '../random/hex.ts';
import { portableSha256 } from '../random/sha256.ts';
import { fromHex } from './hex.ts';
import { hmacSha256 } from './hmac-sha256.ts';

const ascii = (s: string) => new TextEncoder().encode(s);
const hex = (s: string) => fromHex(s, s.length / 2, 'test');

// RFC 4231 §4: the published HMAC-SHA-256 test cases (an independent reference, not our output).
test('RFC 4231 test case 1 (short key)', () => {
  assert.equal(
    bytesToHex(hmacSha256(new Uint8Array(20).fill(0x0b), ascii('Hi There'))),
    'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
  );
});

test('RFC 4231 test case 2 (key shorter than the output)', () => {
  assert.equal(
    bytesToHex(hmacSha256(ascii('Jefe'), ascii('what do ya want for nothing?'))),
    '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
  );
});

test('RFC 4231 test case 4 (binary key and data)', () => {
  assert.equal(
    bytesToHex(
      hmacSha256(
        hex('0102030405060708090a0b0c0d0e0f10111213141516171819'),
        new Uint8Array(50).fill(0xcd),
      ),
    ),
    '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b',
  );
});

test('RFC 4231 test case 6 (key longer than a block is hashed first)', () => {
  assert.equal(
    bytesToHex(
      hmacSha256(
        new Uint8Array(131).fill(0xaa),
        ascii('Test Using Larger Than Block-Size Key - Hash Key First'),
      ),
    ),
    '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
  );
});

test('the node:crypto digest and the portable one give the same tags (what browsers compute)', () => {
  // Also against node:crypto's own HMAC, an implementation that shares no code with ours.
  fc.assert(
    fc.property(
      fc.uint8Array({ maxLength: 200 }),
      fc.uint8Array({ maxLength: 1200 }),
      (key, message) => {
        const tag = bytesToHex(hmacSha256(key, message));
        assert.equal(bytesToHex(hmacSha256(key, message, portableSha256)), tag);
        assert.equal(createHmac('sha256', key).update(message).digest('hex'), tag);
      },
    ),
    { numRuns: 1000 },
  );
});

test('hmacSha256 leaves its key and message untouched', () => {
  const key = new Uint8Array(32).fill(7);
  const message = new Uint8Array(100).fill(9);
  hmacSha256(key, message);
  assert.ok(key.every((x) => x === 7) && message.every((x) => x === 9));
});
