import assert from 'node:assert/strict';
import { createCipheriv, createHash } from 'node:crypto';
import { test } from 'node:test';
import fc from 'fast-check';
import { FairdealError } from '../errors.ts';
import { chacha20 } from './chacha20.ts';
import { chacha20Block } from './chacha20-block.ts';
import { bytesToHex } from './hex.ts';
import { hexToBytes } from './seed.ts';

const words = (hex: string) => {
  const b = hexToBytes(hex);
  return new Uint32Array(b.buffer, b.byteOffset, b.length / 4).slice();
};
const hexOf = (w: Uint32Array) => {
  const out = new Uint8Array(w.length * 4);
  const v = new DataView(out.buffer);
  for (let i = 0; i < w.length; i++) v.setUint32(i * 4, w[i]!, true);
  return bytesToHex(out);
};

test('RFC 8439 §2.3.2: the block function test vector', () => {
  const key = words('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f');
  const nonce = words('000000090000004a00000000');
  const out = new Uint32Array(16);
  chacha20Block(key, 1, nonce, out, 0);
  assert.equal(
    hexOf(out),
    '10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e' +
      'd2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e',
  );
});

test('RFC 8439 Appendix A.1: keystream vectors #1 and #2 (zero key, counter 0 and 1)', () => {
  const rng = chacha20(new Uint8Array(32));
  const first = new Uint32Array(32);
  rng.fillUint32(first);
  assert.equal(
    hexOf(first.subarray(0, 16)),
    '76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7' +
      'da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586',
  );
  assert.equal(
    hexOf(first.subarray(16, 32)),
    '9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed' +
      '29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f',
  );
});

test('RFC 8439 Appendix A.1 #3 and #5: a key bit set; nonce byte 11 = 2 is stream 2^57', () => {
  // A.1 #3: key ends in 01, counter 1. A.1 #4: key ff at byte 1, counter 2. Check via the block fn.
  const key3 = new Uint8Array(32);
  key3[31] = 1;
  const out = new Uint32Array(16);
  chacha20Block(words(bytesToHex(key3)), 1, new Uint32Array(3), out, 0);
  assert.equal(
    hexOf(out),
    '3aeb5224ecf849929b9d828db1ced4dd832025e8018b8160b82284f3c949aa5a' +
      '8eca00bbb4a73bdad192b5c42f73f2fd4e273644c8b36125a64addeb006c13a0',
  );
  // A.1 #5: zero key, nonce 00…02 (last byte), counter 0: the top byte of our 64-bit stream.
  const rng = chacha20(new Uint8Array(32), 2n ** 57n);
  const w = new Uint32Array(16);
  rng.fillUint32(w);
  assert.equal(
    hexOf(w),
    'c2c64d378cd536374ae204b9ef933fcd1a8b2288b3dfa49672ab765b54ee27c7' +
      '8a970e0e955c14f3a88e741b97c286f75f8fc299e8148362fa198a39531bed6d',
  );
});

test('the stream is the same read word by word, in bulk, or across the native switch', () => {
  // 1,300 blocks: past the 64-block refills where node:crypto takes over from the portable code
  // (block 62, after refills of 2, 4 … 32 blocks), and past the end of its first 1,024-block
  // call (block 1,086).
  const key = hexToBytes(`${'00'.repeat(31)}07`);
  const reference = new Uint32Array(1300 * 16);
  const keyWords = words(bytesToHex(key));
  const nonce = new Uint32Array([0, 5, 0]);
  for (let b = 0; b < 1300; b++) chacha20Block(keyWords, b, nonce, reference, b * 16);
  const one = chacha20(key, 5);
  for (let i = 0; i < reference.length; i++) {
    if (one.nextUint32() !== reference[i]) assert.fail(`word ${i} differs (word by word)`);
  }
  const bulk = new Uint32Array(reference.length);
  chacha20(key, 5).fillUint32(bulk);
  assert.deepEqual(bulk, reference);
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: 3000 }), { maxLength: 12 }), (sizes) => {
      const rng = chacha20(key, 5);
      let at = 0;
      for (const size of sizes) {
        if (at + size > reference.length) break;
        const chunk = new Uint32Array(size);
        rng.fillUint32(chunk);
        assert.deepEqual(chunk, reference.subarray(at, at + size));
        at += size;
      }
    }),
  );
});

test('seeds and streams select different, reproducible streams', () => {
  const take = (r: { nextUint32(): number }) => Array.from({ length: 8 }, () => r.nextUint32());
  assert.deepEqual(take(chacha20('a')), take(chacha20('a')));
  assert.notDeepEqual(take(chacha20('a')), take(chacha20('b')));
  assert.notDeepEqual(take(chacha20('a', 0)), take(chacha20('a', 1)));
  assert.deepEqual(take(chacha20('a', 1)), take(chacha20('a', 1n)));
  // A number stream is split into its two nonce words by double arithmetic, a bigint by BigInt
  // shifts: the same words on both sides of 2^32 and up to 2^53 − 1.
  for (const stream of [2 ** 32 - 1, 2 ** 32, 2 ** 32 + 5, 2 ** 40 + 2 ** 33 + 7, 2 ** 53 - 1]) {
    assert.deepEqual(take(chacha20('a', stream)), take(chacha20('a', BigInt(stream))), `${stream}`);
  }
  assert.notDeepEqual(take(chacha20('a', 2 ** 32)), take(chacha20('a', 1)));
});

test('value stability: chacha20("fairdeal") is the documented construction, and never changes', () => {
  // Independent: node:crypto's ChaCha20 keyed by SHA-256("fairdeal/seed/v1" ‖ 0 ‖ "fairdeal").
  const key = createHash('sha256').update('fairdeal/seed/v1\0fairdeal').digest();
  const stream = createCipheriv('chacha20', key, new Uint8Array(16)).update(new Uint8Array(16));
  const expected = [0, 1, 2, 3].map((i) => stream.readUInt32LE(i * 4));
  const rng = chacha20('fairdeal');
  const actual = Array.from({ length: 4 }, () => rng.nextUint32());
  assert.deepEqual(actual, expected);
  // Snapshot, on purpose: changing it breaks every seeded deal (CHANGELOG must say so).
  assert.deepEqual(actual, [536719662, 2055173476, 4093161123, 2490037673]);
});

test('bad streams and seeds are refused', () => {
  assert.throws(() => chacha20('x', -1), RangeError);
  assert.throws(() => chacha20('x', 1.5), RangeError);
  assert.throws(() => chacha20('x', 2n ** 64n), RangeError);
  assert.throws(() => chacha20('x', '1' as unknown as number), TypeError);
  assert.throws(
    () => chacha20(new Uint8Array(16)),
    (e) => e instanceof FairdealError && e.code === 'BAD_SEED',
  );
});

test('spent native keystream is freed at once, not held until a collection (issue 11)', () => {
  // Every native output owns its ArrayBuffer and is detached (transfer(0)) once copied into the
  // pool: counted here, while the words stay those of the portable keystream.
  const proto = ArrayBuffer.prototype as ArrayBuffer & { transfer: (n: number) => ArrayBuffer };
  const original = proto.transfer;
  assert.equal(typeof original, 'function', 'Node 24 has ArrayBuffer.prototype.transfer');
  let detached = 0;
  proto.transfer = function (this: ArrayBuffer, n: number) {
    if (this.byteLength === 65536) detached++;
    return original.call(this, n);
  };
  const out = new Uint32Array(1 << 20); // 4 MiB: 64 native outputs of 64 KiB
  try {
    chacha20(hexToBytes(`${'00'.repeat(31)}09`)).fillUint32(out);
  } finally {
    proto.transfer = original;
  }
  assert.ok(detached >= 62, `${detached} of 64 outputs detached`);
  const key = hexToBytes(`${'00'.repeat(31)}09`);
  const reference = new Uint32Array(out.length);
  const keyWords = words(bytesToHex(key));
  for (let b = 0; b < out.length / 16; b++)
    chacha20Block(keyWords, b, new Uint32Array(3), reference, b * 16);
  assert.deepEqual(out, reference);
});
