import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chacha20 } from './chacha20.ts';
import { freshSeed } from './fresh-seed.ts';
import { isPredictable } from './predictable.ts';
import { scriptedSource } from './scripted.ts';
import { isPassphrase, parseSeed } from './seed.ts';

test('freshSeed: 64 lowercase hex digits that parseSeed takes as the key itself', () => {
  const seed = freshSeed();
  assert.match(seed, /^[0-9a-f]{64}$/);
  assert.equal(isPassphrase(seed), false);
  assert.equal(isPredictable(chacha20(seed)), false);
  assert.notEqual(freshSeed(), seed, 'two fresh seeds differ');
});

test('freshSeed writes each word little-endian, whatever the platform byte order', () => {
  const words = [0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c, 0x13121110, 0x17161514];
  const seed = freshSeed(scriptedSource([...words, 0x1b1a1918, 0xdeadbeef]));
  assert.equal(seed, `${'000102030405060708090a0b0c0d0e0f101112131415161718191a1b'}efbeadde`);
  assert.deepEqual(parseSeed(seed), Uint8Array.from([...Array(28).keys(), 0xef, 0xbe, 0xad, 0xde]));
});
