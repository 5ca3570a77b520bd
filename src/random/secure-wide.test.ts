import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { withGetRandomValues } from '../../test/support/get-random-values.ts';
import { fisherYates } from '../shuffle/fisher-yates.ts';
import { chacha20 } from './chacha20.ts';
import { WIDE_MAX_STEPS, wasmWideWords } from './chacha20-wasm.ts';
import { IndexDrawer } from './index-drawer.ts';
import { reduce32 } from './lemire.ts';
import { scriptedSource } from './scripted.ts';
import { createSecureRandom } from './secure.ts';

/** What `words` must do: reduce32 on each word in order, for bound n − k, until `stop` or the
 *  words run out. */
function reference(
  words: Uint32Array,
  from: number,
  count: number,
  n: number,
  i: number,
  stop: number,
) {
  const indices: number[] = [];
  let k = i;
  let q = from;
  while (k < stop && q < from + count) {
    const r = reduce32(words[q++]!, n - k);
    if (r >= 0) {
      indices.push(k + r);
      k++;
    }
  }
  return { indices, to: k, read: q - from };
}

/** Words often rejected for large bounds (x · bound mod 2^32 below 2^32 mod bound): 0 and tiny
 *  ones, mixed with uniform ones. */
const word = fc.oneof(
  { weight: 6, arbitrary: fc.nat(0xffffffff) },
  { weight: 1, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }) },
);

test('wide steps from given words (WebAssembly): the reference indices, step reached and words read, across chunks', () => {
  const wasm = wasmWideWords();
  assert.ok(wasm !== undefined, 'WebAssembly runs in Node');
  const result = new Int32Array(2);
  fc.assert(
    fc.property(
      fc.array(word, { minLength: 1, maxLength: 3000 }),
      // Bounds over 2^16, up to the largest a Uint32 n allows (products past 2^53 included).
      fc.oneof(
        fc.integer({ min: 65537, max: 70000 }),
        fc.integer({ min: 2 ** 31, max: 2 ** 32 - 1 }),
      ),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      (list, n, fromShare, startShare, stopShare) => {
        const words = Uint32Array.from(list);
        const from = Math.floor(fromShare * words.length);
        const count = words.length - from;
        const last = n - 65536;
        const i = Math.floor(startShare * (last - 1));
        const stop = Math.min(i + WIDE_MAX_STEPS, i + 1 + Math.floor(stopShare * (last - i - 1)));
        const want = reference(words, from, count, n, i, stop);
        wasm.run(words, from, count, n, i, stop, result);
        assert.equal(result[0]! >>> 0, want.to, 'step reached');
        assert.equal(result[1], want.read, 'words read');
        assert.deepEqual(Array.from(wasm.indices.subarray(0, want.indices.length)), want.indices);
        wasm.indices.fill(0);
      },
    ),
    { numRuns: 300 },
  );
});

test('the secure source shuffles arrays over 65,536 items with the definition’s swaps from its words (WebAssembly wide steps, leftovers kept)', () => {
  // A deterministic stand-in for Web Crypto: a chacha20 stream with a zero word in every 16
  // (rejected for most bounds), so that the secure source's path — the wide steps in
  // WebAssembly from each fresh pool, the words left over, the 16-bit steps — can be compared
  // with shuffle v1's definition on the same words.
  for (const n of [65537, 70000, 140000, 300000]) {
    for (const kind of ['Array', 'Float64Array'] as const) {
      const make = () =>
        kind === 'Array'
          ? Array.from({ length: n }, (_, i) => i)
          : new Float64Array(n).map((_, i) => i);
      const rng = chacha20(`secure wide ${n}`);
      const words: number[] = [];
      const next = () => {
        const w = (words.length & 15) === 7 ? 0 : rng.nextUint32();
        words.push(w);
        return w;
      };
      const fill = (array: Uint32Array) => {
        for (let k = 0; k < array.length; k++) array[k] = next();
        return array;
      };
      const got = withGetRandomValues(fill, () => {
        const a = make();
        fisherYates(a, -1, createSecureRandom());
        return Array.from(a as ArrayLike<number>);
      });
      // The definition (docs/RANDOM.md, "Shuffle v1"): IndexDrawer's draws, one swap a step.
      const drawer = new IndexDrawer(scriptedSource(words));
      const want = Array.from({ length: n }, (_, i) => i);
      for (let i = 0; i < n - 1; i++) {
        const j = i + drawer.next(n - i);
        [want[i], want[j]] = [want[j]!, want[i]!];
      }
      assert.deepEqual(got, want, `${kind}, n ${n}`);
    }
  }
});
