import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createCipheriv } from 'node:crypto';
import { test } from 'node:test';
import fc from 'fast-check';
import { chacha20Blocks } from './chacha20-block.ts';

/** OpenSSL's ChaCha20 (an independent implementation): `length` keystream bytes from block
 *  `counter`. Its 16-byte IV is the RFC 8439 counter (32-bit little-endian), then the nonce. */
function nativeKeystream(key: Uint8Array, nonce: Uint8Array, counter: number, length: number) {
  const iv = new Uint8Array(16);
  new DataView(iv.buffer).setUint32(0, counter, true);
  iv.set(nonce, 4);
  return new Uint8Array(createCipheriv('chacha20', key, iv).update(new Uint8Array(length)));
}

const littleEndianWords = (bytes: Uint8Array) => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Uint32Array.from({ length: bytes.length / 4 }, (_, i) => view.getUint32(i * 4, true));
};

/** The words as keystream bytes (little-endian, RFC 8439 §2.4). */
const keystreamBytes = (words: Uint32Array) => {
  const out = new Uint8Array(words.length * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < words.length; i++) view.setUint32(i * 4, words[i]!, true);
  return out;
};

test('the portable keystream equals node:crypto on random keys, nonces, counters and lengths', () => {
  fc.assert(
    fc.property(
      fc.uint8Array({ minLength: 32, maxLength: 32 }),
      fc.uint8Array({ minLength: 12, maxLength: 12 }),
      // Up to 130 blocks: past a 64-block refill and its second; counters up to the last block.
      fc.integer({ min: 1, max: 130 * 64 }),
      fc.oneof(fc.nat(1000), fc.integer({ min: 2 ** 32 - 200, max: 2 ** 32 - 1 })),
      fc.nat(40),
      (key, nonce, length, counterWish, offset) => {
        const blocks = Math.ceil(length / 64);
        const counter = Math.min(counterWish, 2 ** 32 - blocks);
        // Written at an offset inside a larger array: the words around it stay untouched.
        const out = new Uint32Array(offset + blocks * 16 + 5).fill(0xa5a5a5a5);
        chacha20Blocks(
          littleEndianWords(key),
          counter,
          littleEndianWords(nonce),
          out,
          offset,
          blocks,
        );
        const got = keystreamBytes(out.subarray(offset, offset + blocks * 16)).subarray(0, length);
        assert.deepEqual(got, nativeKeystream(key, nonce, counter, length));
        for (let i = 0; i < offset; i++) assert.equal(out[i], 0xa5a5a5a5);
        for (let i = offset + blocks * 16; i < out.length; i++) assert.equal(out[i], 0xa5a5a5a5);
      },
    ),
    { numRuns: 60 },
  );
});

test('chacha20() with no node:crypto (as in a browser) reads the same words as node:crypto', () => {
  // A child process without `process.getBuiltinModule`, so the source runs its portable path
  // throughout, through the refills that grow 1, 2 … 64 blocks and then stay at 64.
  const blocks = 300;
  const script = `
    delete process.getBuiltinModule;
    const { chacha20 } = await import(${JSON.stringify(new URL('./chacha20.ts', import.meta.url).href)});
    const rng = chacha20(new Uint8Array(32).fill(7), 9);
    const words = new Uint32Array(${blocks * 16});
    for (let i = 0; i < 1000; i++) words[i] = rng.nextUint32();
    rng.fillUint32(words.subarray(1000));
    process.stdout.write(Buffer.from(words.buffer).toString('hex'));`;
  const hex = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  // The source's nonce is 0x00000000 ‖ stream as 64-bit little-endian (chacha20.ts).
  const nonce = new Uint8Array(12);
  nonce[4] = 9;
  const want = nativeKeystream(new Uint8Array(32).fill(7), nonce, 0, blocks * 64);
  assert.equal(hex, Buffer.from(want).toString('hex'));
});
