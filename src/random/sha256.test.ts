import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import fc from 'fast-check';
import { bytesToHex } from './hex.ts';
import { portableSha256, sha256 } from './sha256.ts';

/** The entry (node:crypto in Node) and the portable code browsers run. */
const BOTH = [
  ['sha256', sha256],
  ['portable', portableSha256],
] as const;

const utf8 = (s: string) => new TextEncoder().encode(s);

test('sha256 matches the FIPS 180-4 example vectors', () => {
  for (const [, sha256] of BOTH) {
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
  }
});

test('sha256 equals node:crypto for every length around the padding boundaries', () => {
  for (const [, sha256] of BOTH)
    for (let len = 0; len < 200; len++) {
      const data = Uint8Array.from({ length: len }, (_, i) => (i * 31 + len) & 0xff);
      assert.equal(
        bytesToHex(sha256(data)),
        createHash('sha256').update(data).digest('hex'),
        `len ${len}`,
      );
    }
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 1000 }), fc.nat(40), (bytes, cut) => {
      // Views into a larger buffer too: only the view's bytes are hashed.
      const data = bytes.subarray(Math.min(cut, bytes.length));
      const want = createHash('sha256').update(data).digest('hex');
      for (const [name, sha256] of BOTH) assert.equal(bytesToHex(sha256(data)), want, name);
    }),
  );
});

test('portable SHA-256 equals node:crypto on random bytes at and around the padding edges', () => {
  // §5.1.1: a block holds 55 bytes of message with its padding, 56–64 spill into a second
  // block; lengths are drawn near each multiple of 64 up to 300 (and anywhere in 0–300), with
  // random contents, so that every edge meets bytes that were not made up by a formula.
  const nearEdge = fc
    .tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: -10, max: 10 }))
    .map(([block, delta]) => Math.min(300, Math.max(0, block * 64 + 55 + delta)));
  fc.assert(
    fc.property(
      fc
        .oneof(nearEdge, fc.integer({ min: 0, max: 300 }))
        .chain((length) => fc.uint8Array({ minLength: length, maxLength: length })),
      (data) => {
        const want = createHash('sha256').update(data).digest('hex');
        assert.equal(bytesToHex(portableSha256(data)), want, `length ${data.length}`);
      },
    ),
    { numRuns: 300 },
  );
});

test('portable SHA-256 equals node:crypto on random lengths to 10,000 bytes, views included', () => {
  // Lengths a fair deal never reaches too (a custom deck's key message runs to kilobytes): many
  // whole blocks are hashed straight from the input, so the block loop's offsets are exercised
  // from every start a view can have, and the padded tail after each of them.
  const edge = fc
    .tuple(fc.integer({ min: 0, max: 156 }), fc.constantFrom(-9, -8, -1, 0, 1, 8, 9))
    .map(([block, delta]) => Math.max(0, block * 64 + delta));
  fc.assert(
    fc.property(
      fc.oneof(edge, fc.integer({ min: 0, max: 10_000 })),
      fc.integer({ min: 0, max: 7 }),
      fc.integer({ min: 0, max: 0xffffffff }),
      (length, offset, salt) => {
        const backing = new Uint8Array(offset + length + 3);
        for (let i = 0; i < backing.length; i++)
          backing[i] = (Math.imul(i + salt, 0x9e3779b1) >>> 24) & 0xff;
        const data = backing.subarray(offset, offset + length);
        const want = createHash('sha256').update(data).digest('hex');
        assert.equal(bytesToHex(portableSha256(data)), want, `length ${length} at ${offset}`);
      },
    ),
    { numRuns: 400 },
  );
});

test('portable SHA-256 gives the FIPS 180-2 one-million-a digest (15,625 whole blocks)', () => {
  assert.equal(
    bytesToHex(portableSha256(new Uint8Array(1_000_000).fill(0x61))),
    'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
  );
});

test('sha256 returns a plain Uint8Array of 32 bytes that owns its memory', () => {
  const out = sha256(new Uint8Array([1, 2, 3]));
  assert.equal(Object.getPrototypeOf(out), Uint8Array.prototype);
  assert.equal(out.byteLength, 32);
  assert.equal(out.buffer.byteLength, 32);
  assert.deepEqual(out, portableSha256(new Uint8Array([1, 2, 3])));
});

test('sha256 rejects non-bytes with a TypeError', () => {
  assert.throws(() => sha256('abc' as unknown as Uint8Array), TypeError);
});
