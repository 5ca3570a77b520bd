import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import fc from 'fast-check';
import { bytesToHex } from './seed.ts';
import { sha256 } from './sha256.ts';

const utf8 = (s: string) => new TextEncoder().encode(s);

test('sha256 matches the FIPS 180-4 example vectors', () => {
  assert.equal(
    bytesToHex(sha256(utf8('abc'))),
    'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
  );
  assert.equal(
    bytesToHex(sha256(new Uint8Array(0))),
    'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  );
  assert.equal(
    bytesToHex(sha256(utf8('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))),
    '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
  );
});

test('sha256 equals node:crypto for every length around the padding boundaries', () => {
  for (let len = 0; len < 200; len++) {
    const data = Uint8Array.from({ length: len }, (_, i) => (i * 31 + len) & 0xff);
    assert.equal(
      bytesToHex(sha256(data)),
      createHash('sha256').update(data).digest('hex'),
      `len ${len}`,
    );
  }
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 1000 }), (data) => {
      assert.equal(bytesToHex(sha256(data)), createHash('sha256').update(data).digest('hex'));
    }),
  );
});

test('sha256 rejects non-bytes with a TypeError', () => {
  assert.throws(() => sha256('abc' as unknown as Uint8Array), TypeError);
});
