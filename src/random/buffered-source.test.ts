import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chacha20 } from './chacha20.ts';
import { createSecureRandom } from './secure.ts';

/** The first `count` words of a fresh chacha20 stream for `seed`, read one at a time. */
const stream = (seed: string, count: number) => {
  const rng = chacha20(seed);
  return Array.from({ length: count }, () => rng.nextUint32());
};

test('fillUint32 never hands its target a view of the pool: an overridden set sees nothing', () => {
  const seen: unknown[] = [];
  class Spy extends Uint32Array {
    override set(source: ArrayLike<number>, offset?: number): void {
      seen.push(source);
      super.set(source, offset);
    }
    override subarray(begin?: number, end?: number): Uint32Array<ArrayBuffer> {
      seen.push(this);
      return super.subarray(begin, end);
    }
  }
  for (const rng of [createSecureRandom(), chacha20('spy')]) {
    rng.nextUint32(); // a pool with words on both sides of what is handed out
    const target = new Spy(100);
    rng.fillUint32(target);
    assert.equal(seen.length, 0, 'neither set nor subarray was called with pool memory');
  }
});

test('fillUint32 never hands a Symbol.species constructor the pool’s memory', () => {
  const buffers: unknown[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Uint32Array.prototype, 'constructor')!;
  class Thief extends Uint32Array {
    static get [Symbol.species]() {
      return Thief;
    }
    // biome-ignore lint/suspicious/noExplicitAny: mirrors every TypedArray constructor form.
    constructor(...args: any[]) {
      super(...(args as [ArrayBuffer]));
      if (args[0] instanceof ArrayBuffer) buffers.push(args[0]);
    }
  }
  Object.defineProperty(Uint32Array.prototype, 'constructor', {
    value: Thief,
    configurable: true,
    writable: true,
  });
  try {
    for (const rng of [createSecureRandom(), chacha20('species')]) {
      rng.nextUint32();
      rng.fillUint32(new Uint32Array(64));
      rng.fillUint32(new Uint32Array(40_000)); // across refills
    }
  } finally {
    Object.defineProperty(Uint32Array.prototype, 'constructor', descriptor);
  }
  assert.equal(Uint32Array.prototype.constructor, Uint32Array, 'restored');
  assert.deepEqual(buffers, [], 'no ArrayBuffer of a pool reached a constructor');
});

test('replacing refill after a source is made never receives the pool', () => {
  const rng = createSecureRandom();
  const proto = Object.getPrototypeOf(rng) as { refill: (b: Uint32Array) => number };
  const original = Object.getOwnPropertyDescriptor(proto, 'refill')!;
  let stolen = 0;
  const thief = function (this: unknown, b: Uint32Array) {
    stolen++;
    return original.value.call(this, b);
  };
  try {
    Object.defineProperty(proto, 'refill', { value: thief, configurable: true, writable: true });
  } catch {
    // A frozen prototype refuses outright; the instance is tried below either way.
  }
  try {
    Object.defineProperty(rng, 'refill', { value: thief, configurable: true });
  } catch {
    // Likewise for a frozen instance.
  }
  try {
    rng.fillUint32(new Uint32Array(40_000)); // three refills
  } finally {
    if (Object.getOwnPropertyDescriptor(proto, 'refill')?.value === thief)
      Object.defineProperty(proto, 'refill', original);
  }
  assert.equal(stolen, 0);
});

test('fillUint32 copies: changing what it gave never changes what comes next', () => {
  const want = stream('copies', 300);
  const rng = chacha20('copies');
  const a = new Uint32Array(100);
  rng.fillUint32(a);
  assert.deepEqual([...a], want.slice(0, 100));
  a.fill(0);
  const b = new Uint32Array(100);
  rng.fillUint32(b);
  assert.deepEqual([...b], want.slice(100, 200));
  assert.equal(rng.nextUint32(), want[200]);
});

test('fillUint32 consumes words before handing them out: a throwing target wastes them', () => {
  const want = stream('throwing target', 100);
  const rng = chacha20('throwing target');
  rng.nextUint32(); // word 0; the pool now holds words 1 … 15 (one 16-word block)
  // Any array-like with a setter may be passed (the type says Uint32Array; JavaScript callers
  // need not listen): its third element refuses the write.
  const target = { length: 10 } as unknown as Uint32Array;
  Object.defineProperty(target, 2, {
    set() {
      throw new Error('setter refused');
    },
  });
  assert.throws(() => rng.fillUint32(target), /setter refused/);
  const next = rng.nextUint32();
  assert.ok(want.indexOf(next) > 2, `word ${want.indexOf(next)} would be handed out twice`);
});
