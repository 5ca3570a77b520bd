import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chacha20, portableChaCha20 } from '../../random/chacha20.ts';
import { wasmFusedSteps, wasmWideSteps } from '../../random/chacha20-wasm.ts';
import { permutation } from '../permutation.ts';
import { sample } from '../sample.ts';
import { shuffle } from '../shuffle.ts';
import { FUSED_LOW, FUSED_MIN } from './limits.ts';

// The portable source (browsers' path: WebAssembly, steps fused with the keystream) against
// node:crypto's (the kernels' own loop): the same shuffle v1, so the same orders and the same
// words after, at sizes around every switch of the fused path.
const KINDS: [string, (n: number) => { [i: number]: unknown; readonly length: number }][] = [
  ['Array of objects', (n) => Array.from({ length: n }, (_, i) => ({ v: i }))],
  ['number[]', (n) => Array.from({ length: n }, (_, i) => i)],
  ['Uint32Array', (n) => new Uint32Array(n).map((_, i) => i)],
  ['Float64Array', (n) => new Float64Array(n).map((_, i) => i)],
  ['Int16Array', (n) => new Int16Array(n).map((_, i) => i)],
];
const unwrap = (x: unknown) => (typeof x === 'object' ? (x as { v: number }).v : x);

test('shuffles from the portable ChaCha20 (fused steps) equal those from node:crypto, and so do the words after', () => {
  const sizes = [
    FUSED_MIN + 8191,
    FUSED_MIN + 8192,
    FUSED_MIN + 8193,
    10_000,
    32_768,
    50_000,
    65_535,
    65_536,
    65_537,
    70_000,
  ];
  for (const [kind, make] of KINDS)
    for (const n of kind === 'Int16Array'
      ? [10_000, 30_000]
      : kind === 'number[]' || kind === 'Uint32Array'
        ? [...sizes, 300_000]
        : sizes) {
      const seed = `fused ${kind} ${n}`;
      const native = chacha20(seed);
      const portable = portableChaCha20(seed);
      // Draw a few words first, so that the fused pass starts inside a block and after a
      // partly read pool.
      for (let k = 0; k < (n % 7) + 3; k++)
        assert.equal(portable.nextUint32(), native.nextUint32());
      for (let round = 0; round < 3; round++) {
        const a = make(n);
        const b = make(n);
        shuffle(a as never, native);
        shuffle(b as never, portable);
        assert.deepEqual(
          Array.from(b as ArrayLike<unknown>, unwrap),
          Array.from(a as ArrayLike<unknown>, unwrap),
          `${kind} ${n} round ${round}`,
        );
        assert.equal(portable.nextUint32(), native.nextUint32(), `${kind} ${n}: the word after`);
      }
    }
});

test("permutation and sample from the portable ChaCha20 equal node:crypto's", () => {
  const native = chacha20('fused others');
  const portable = portableChaCha20('fused others');
  assert.deepEqual(permutation(60_000, portable), permutation(60_000, native));
  const deck = Array.from({ length: 40_000 }, (_, i) => i);
  assert.deepEqual(sample(deck, 30_000, portable), sample(deck, 30_000, native));
  assert.equal(portable.nextUint32(), native.nextUint32());
});

test('a fused shuffle that throws part-way leaves no offset behind and no word to be drawn again', () => {
  const a = Array.from({ length: 30_000 }, (_, i) => i);
  Object.defineProperty(a, 20_000, { value: 20_000, writable: false });
  const portable = portableChaCha20('throws');
  const native = chacha20('throws');
  assert.throws(() => shuffle(a, portable), TypeError);
  const offsets = wasmFusedSteps()!.offsets;
  assert.ok(
    offsets.every((o) => o === 0),
    'every offset zeroed',
  );
  // Every word the fused pass made was either read (gone) or is next in the pool: the next word
  // is one the stream has after them, never one already used.
  const used = new Set<number>();
  for (let k = 0; k < 40_000; k++) used.add(native.nextUint32());
  const next = portable.nextUint32();
  assert.ok(used.has(next), 'the next word is from the same stream');
  const again = chacha20('throws');
  let position = 0;
  while (again.nextUint32() !== next) position++;
  // The fused pass read its words before the first swap: those of steps 0 … 30,000 − FUSED_LOW
  // − 2 at least, two steps a word at most.
  const fusedWords = Math.floor((30_000 - FUSED_LOW - 2) / 2);
  assert.ok(position >= fusedWords, `the words read are gone (next is word ${position})`);
});

test('a fused wide pass (over 65,536 items) that throws part-way leaves no index behind', () => {
  const a = Array.from({ length: 80_000 }, (_, i) => i);
  Object.defineProperty(a, 5_000, { value: 5_000, writable: false });
  assert.throws(() => shuffle(a, portableChaCha20('throws wide')), TypeError);
  assert.ok(
    wasmWideSteps()!.indices.every((j) => j === 0),
    'every index zeroed',
  );
});
