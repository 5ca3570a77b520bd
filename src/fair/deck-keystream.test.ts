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

test('a restarted DeckKeystream gives the words of chacha20 of its new key, from the start', () => {
  fc.assert(
    fc.property(
      key,
      key,
      fc.integer({ min: 0, max: 3000 }),
      fc.integer({ min: 0, max: 3000 }),
      fc.nat(200),
      (a, b, first, second, readBefore) => {
        const stream = new DeckKeystream(a, first);
        stream.fillUint32(new Uint32Array(readBefore)); // part of the old key's stream is used
        if (!stream.restart(b, second)) {
          // Only a deck that needs larger refills than the buffer holds is refused.
          assert.ok(second > first);
          return;
        }
        const got = new Uint32Array(300);
        const want = new Uint32Array(300);
        stream.fillUint32(got);
        chacha20(b).fillUint32(want);
        assert.deepEqual(got, want);
      },
    ),
    { numRuns: 200 },
  );
});

test('shuffleDeck called again from inside a shuffle (a Proxy deck) still deals both decks right', () => {
  const k1 = new Uint8Array(32).fill(1);
  const k2 = new Uint8Array(32).fill(2);
  const inner = Array.from({ length: 54 }, (_, i) => `i${i}`);
  let nested: string[] | undefined;
  const outer = new Proxy(
    Array.from({ length: 54 }, (_, i) => `o${i}`),
    {
      get(target, property, receiver) {
        if (nested === undefined && property === '0') nested = shuffleDeck(k2, inner);
        return Reflect.get(target, property, receiver);
      },
    },
  );
  const got = shuffleDeck(k1, outer);
  assert.ok(nested !== undefined, 'the inner shuffle ran during the outer one');
  assert.deepEqual(nested, toShuffled(inner, chacha20(k2)));
  assert.deepEqual(
    got,
    toShuffled(
      Array.from({ length: 54 }, (_, i) => `o${i}`),
      chacha20(k1),
    ),
  );
  assert.deepEqual(shuffleDeck(k1, inner), toShuffled(inner, chacha20(k1)));
});

test('a deck key must be 32 bytes', () => {
  assert.throws(() => new DeckKeystream(new Uint8Array(31), 54), { code: 'BAD_SEED' });
  assert.throws(() => shuffleDeck(new Uint8Array(33), ['AS']), { code: 'BAD_SEED' });
  shuffleDeck(new Uint8Array(32), ['AS']); // leaves a stream to restart
  assert.throws(() => shuffleDeck(new Uint8Array(31), ['AS']), { code: 'BAD_SEED' });
  assert.throws(() => new DeckKeystream(new Uint8Array(32), 54).restart(new Uint8Array(0), 54), {
    code: 'BAD_SEED',
  });
});

test('shuffleDeck of a Uint32Array makes the same swaps as of the cards (what a fair deal shuffles)', () => {
  for (const n of [1, 2, 52, 54, 108, 416]) {
    const k = new Uint8Array(32).fill(n);
    const indices = Uint32Array.from({ length: n }, (_, i) => i);
    const cards = Array.from({ length: n }, (_, i) => `card ${i}`);
    const moved = shuffleDeck(k, indices);
    assert.ok(moved instanceof Uint32Array);
    assert.deepEqual(
      Array.from(moved, (i) => cards[i]),
      shuffleDeck(k, cards),
    );
    assert.deepEqual(
      indices,
      Uint32Array.from({ length: n }, (_, i) => i),
      'input untouched',
    );
  }
});
