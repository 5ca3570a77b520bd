import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withGetRandomValues } from '../../test/support/get-random-values.ts';
import * as api from '../index.ts';
import { shuffle } from '../shuffle/shuffle.ts';
import { createSecureRandom, secureRandom } from './secure.ts';

test('words come out in order, each once, across refills of the 64 KiB pool', () => {
  let next = 0;
  let calls = 0;
  const counter = (a: Uint32Array) => {
    calls++;
    assert.equal(a.length, 16384, 'one call fills the whole pool (the Web Crypto maximum)');
    for (let i = 0; i < a.length; i++) a[i] = next++;
    return a;
  };
  withGetRandomValues(counter, () => {
    const rng = createSecureRandom();
    assert.equal(calls, 0, 'nothing is drawn before the first word is asked for');
    assert.equal(rng.nextUint32(), 0);
    const bulk = new Uint32Array(20_000);
    rng.fillUint32(bulk);
    assert.deepEqual(
      bulk,
      Uint32Array.from({ length: 20_000 }, (_, i) => i + 1),
    );
    assert.equal(rng.nextUint32(), 20_001);
    assert.equal(calls, 2);
  });
});

test('fillUint32 hands out copies: writing to them never changes what comes next', () => {
  let next = 0;
  const counter = (a: Uint32Array) => {
    for (let i = 0; i < a.length; i++) a[i] = next++;
    return a;
  };
  withGetRandomValues(counter, () => {
    const rng = createSecureRandom();
    const a = new Uint32Array(8);
    rng.fillUint32(a);
    a.fill(7);
    const b = new Uint32Array(8);
    rng.fillUint32(b);
    assert.deepEqual(
      b,
      Uint32Array.from({ length: 8 }, (_, i) => i + 8),
    );
  });
});

test('a 52-card shuffle costs no system call: one pool serves hundreds of them', () => {
  let calls = 0;
  const real = globalThis.crypto.getRandomValues.bind(globalThis.crypto);
  withGetRandomValues(
    (a) => {
      calls++;
      return real(a);
    },
    () => {
      const rng = createSecureRandom();
      const deck = Array.from({ length: 52 }, (_, i) => i);
      for (let k = 0; k < 600; k++) shuffle(deck, rng);
      // 26 words a shuffle (a few more on a rejection): 600 shuffles fit in one 16,384-word pool.
      assert.equal(calls, 1);
    },
  );
});

test('no fallback: a failing or missing Web Crypto makes the draw throw RANDOM_UNAVAILABLE', () => {
  withGetRandomValues(
    () => {
      throw new Error('entropy source offline');
    },
    () => {
      const rng = createSecureRandom();
      assert.throws(
        () => rng.nextUint32(),
        (e: unknown) =>
          e instanceof api.FairdealError &&
          e.code === 'RANDOM_UNAVAILABLE' &&
          /entropy source offline/.test(e.message),
      );
      assert.throws(() => shuffle([1, 2, 3], rng), { code: 'RANDOM_UNAVAILABLE' });
    },
  );
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'crypto')!;
  Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true });
  try {
    assert.throws(() => createSecureRandom().nextUint32(), { code: 'RANDOM_UNAVAILABLE' });
  } finally {
    Object.defineProperty(globalThis, 'crypto', descriptor);
  }
  assert.equal(typeof globalThis.crypto.getRandomValues, 'function', 'restored');
});

test('the pool is unreachable from the public API', () => {
  assert.deepEqual(Object.getOwnPropertyNames(secureRandom), [], 'no own properties');
  const methods = new Set<string>();
  for (
    let p = Object.getPrototypeOf(secureRandom);
    p !== Object.prototype;
    p = Object.getPrototypeOf(p)
  )
    for (const name of Object.getOwnPropertyNames(p)) methods.add(name);
  assert.deepEqual([...methods].sort(), [
    'constructor',
    'fillUint32',
    'fusedSteps',
    'nextUint32',
    'refill',
  ]);
  for (const name of Object.keys(api)) assert.doesNotMatch(name, /pool|Buffered/i);
});
