import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { chacha20 } from '../random/chacha20.ts';
import { toShuffled } from '../shuffle/to-shuffled.ts';
import { DeckKeystream } from './deck-keystream.ts';
import { shuffleDeck } from './shuffle-deck.ts';

const key = fc.uint8Array({ minLength: 32, maxLength: 32 });

test('DeckKeystream gives the words of chacha20(key), however it is read', () => {
  fc.assert(
    fc.property(
      key,
      fc.integer({ min: 0, max: 3000 }),
      fc.array(fc.integer({ min: 0, max: 70 }), { maxLength: 12 }),
      (k, cards, reads) => {
        const ours = new DeckKeystream(k, cards);
        const reference = chacha20(k);
        for (const n of reads) {
          if (n === 0) {
            assert.equal(ours.nextUint32(), reference.nextUint32());
            continue;
          }
          const a = new Uint32Array(n);
          const b = new Uint32Array(n);
          ours.fillUint32(a);
          reference.fillUint32(b);
          assert.deepEqual(a, b);
        }
      },
    ),
    { numRuns: 300 },
  );
});

test('shuffleDeck is the shuffle of chacha20(key), for decks of every size', () => {
  fc.assert(
    fc.property(key, fc.integer({ min: 0, max: 5000 }), (k, n) => {
      const deck = Array.from({ length: n }, (_, i) => `c${i}`);
      assert.deepEqual(shuffleDeck(k, deck), toShuffled(deck, chacha20(k)));
    }),
    { numRuns: 300 },
  );
});

test('a deck key must be 32 bytes', () => {
  assert.throws(() => new DeckKeystream(new Uint8Array(31), 54), { code: 'BAD_SEED' });
  assert.throws(() => shuffleDeck(new Uint8Array(33), ['AS']), { code: 'BAD_SEED' });
});
