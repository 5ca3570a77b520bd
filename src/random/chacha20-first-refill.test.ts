import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { shuffle } from '../shuffle/shuffle.ts';
import { type BufferedSource, poolAccess } from './buffered-source.ts';
import { chacha20, portableChaCha20 } from './chacha20.ts';
import type { RandomSource } from './source.ts';

/** The same stream as a plain RandomSource (no pool): shuffle() then runs the reference loop,
 *  one draw at a time (fisher-yates.ts), and the wrapper counts the words it read. */
function counted(source: RandomSource): RandomSource & { read: number } {
  const plain = {
    read: 0,
    nextUint32() {
      plain.read++;
      return source.nextUint32();
    },
    fillUint32(target: Uint32Array) {
      for (let i = 0; i < target.length; i++) target[i] = plain.nextUint32();
    },
  };
  return plain;
}

for (const [name, make] of [
  ['chacha20', chacha20],
  ['portableChaCha20', portableChaCha20],
] as const) {
  test(`${name}: a fresh source's first deck (52, 54 cards) is read from its first refill, in one take, with the reference's swaps`, () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.constantFrom(52, 54),
        (key, n) => {
          const deck = Array.from({ length: n }, (_, i) => i);
          const rng = make(key) as BufferedSource;
          shuffle(deck, rng);
          const reference = counted(make(key));
          const want = shuffle(
            Array.from({ length: n }, (_, i) => i),
            reference,
          );
          assert.deepEqual(deck, want, 'not the reference swaps');
          // One refill of 32 words, and the pool is just past the deck's words: with a first
          // refill of one block (16 words), the deck took a second refill and the position was
          // 16 words short of them.
          assert.equal(poolAccess.end(rng), 32, 'the first refill is not two blocks');
          assert.equal(poolAccess.position(rng), reference.read, 'the deck spanned two refills');
        },
      ),
      { numRuns: 200 },
    );
  });
}

test('a fresh source still gives the same words after its deck, across the growing refills', () => {
  const key = new Uint8Array(32).fill(9);
  const plain = counted(chacha20(key));
  shuffle(
    Array.from({ length: 54 }, (_, i) => i),
    plain,
  );
  const want = Array.from({ length: 3000 }, () => plain.nextUint32());
  const rng = chacha20(key);
  shuffle(
    Array.from({ length: 54 }, (_, i) => i),
    rng,
  );
  const got = Array.from({ length: 3000 }, () => rng.nextUint32());
  assert.deepEqual(got, want);
});
