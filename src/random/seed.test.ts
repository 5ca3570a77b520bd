import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import fc from 'fast-check';
import { FairdealError } from '../errors.ts';
import { bytesToHex } from './hex.ts';
import { hexToBytes, parseSeed } from './seed.ts';

const badSeed = (e: unknown) => e instanceof FairdealError && e.code === 'BAD_SEED';

test('a 32-byte seed is the key itself, copied', () => {
  const bytes = Uint8Array.from({ length: 32 }, (_, i) => i);
  const key = parseSeed(bytes);
  assert.deepEqual(key, bytes);
  key[0] = 99;
  assert.equal(bytes[0], 0, 'the caller’s bytes are not shared');
});

test('64 hex digits are the key in hex, either case', () => {
  const hex = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
  assert.deepEqual(parseSeed(hex), hexToBytes(hex));
  assert.deepEqual(parseSeed(hex.toUpperCase()), hexToBytes(hex));
});

test('any other string is hashed under the domain label, after NFC normalization', () => {
  const expected = createHash('sha256')
    .update(
      Buffer.concat([Buffer.from('fairdeal/seed/v1'), Buffer.from([0]), Buffer.from('my table')]),
    )
    .digest('hex');
  assert.equal(bytesToHex(parseSeed('my table')), expected);
  // "é" composed (U+00E9) and decomposed (e + U+0301) are the same seed.
  assert.deepEqual(parseSeed('caf\u00e9'), parseSeed('cafe\u0301'));
  assert.notDeepEqual(parseSeed('a'), parseSeed('b'));
});

test('a passphrase, ASCII or not, is hashed as the label, 0x00 and its NFC form in UTF-8', () => {
  // The reference: node:crypto over Buffer's own UTF-8 of the normalized text, so that the
  // ASCII copy and the encoder path in seed.ts are both checked against an independent encoding.
  const reference = (text: string) =>
    createHash('sha256')
      .update(
        Buffer.concat([
          Buffer.from('fairdeal/seed/v1'),
          Buffer.from([0]),
          Buffer.from(text.normalize('NFC'), 'utf8'),
        ]),
      )
      .digest('hex');
  const hexLooking = (s: string) => /^[0-9a-fA-F]+$/.test(s) && s.length >= 32;
  const passphrase = (s: string) => s.length > 0 && !hexLooking(s);
  for (const text of [
    'x',
    '\u007f',
    '\u0080',
    'caf\u00e9',
    'cafe\u0301',
    '牌局 7',
    '🂡 ace',
    'a\ud800b',
  ])
    assert.equal(bytesToHex(parseSeed(text)), reference(text), JSON.stringify(text));
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string({ unit: 'binary-ascii' }),
        fc.string({ unit: 'grapheme' }),
        fc.string({ unit: 'binary' }),
      ),
      (text) => {
        fc.pre(passphrase(text));
        assert.equal(bytesToHex(parseSeed(text)), reference(text));
      },
    ),
    { numRuns: 500 },
  );
});

test('wrong seeds get clear errors', () => {
  assert.throws(
    () => parseSeed(new Uint8Array(31)),
    (e) => badSeed(e) && /32 bytes, got 31/.test((e as Error).message),
  );
  assert.throws(() => parseSeed(new Uint8Array(33)), badSeed);
  assert.throws(() => parseSeed(''), badSeed);
  assert.throws(
    () => parseSeed('ab'.repeat(31)),
    (e) => badSeed(e) && /62 digits/.test((e as Error).message),
  );
  assert.throws(() => parseSeed('ab'.repeat(33)), badSeed);
  assert.throws(() => parseSeed(42 as unknown as string), TypeError);
  assert.throws(() => parseSeed(null as unknown as string), TypeError);
  assert.throws(() => hexToBytes('abc'), badSeed);
  assert.throws(() => hexToBytes('zz'), badSeed);
});
