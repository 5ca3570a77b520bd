import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chacha20 } from '../random/chacha20.ts';
import { shuffle } from './shuffle.ts';

/** An Array (Array.isArray says so) whose `throwAt`-th write throws, after the frozen-array
 *  probe's write. */
function throwingArray(n: number, throwAt: number): number[] {
  let writes = -1; // the probe (a[0] = a[0]) is write 0
  return new Proxy(
    Array.from({ length: n }, (_, i) => i),
    {
      set(target, key, value) {
        if (++writes === throwAt) throw new Error('write refused');
        return Reflect.set(target, key, value);
      },
    },
  );
}

test('a shuffle that throws part-way never hands the words it used to the next draw', () => {
  // Sizes on every path: whole-deck speculation (52), the branch-free loops (1,000, 20,000),
  // the wide 32-bit steps (70,000). Writes 1, 2, … are the swaps, two for each half drawn (a
  // rejected half swaps an item with itself), so write w comes from half h = floor((w − 1) / 2)
  // or later, in word floor(h / 2) or later: at least floor(h / 2) + 1 words were shown.
  // And 5 items: the small-array loop of the kernels' shuffleInPlace (writes 1 to 8).
  const cases = [5, 52, 1000, 20_000, 70_000].map(
    (n) => [n, n === 5 ? [1, 2, 5, 8] : [1, 2, 9, 40, 101]] as const,
  );
  for (const [n, writes] of cases) {
    for (const throwAt of writes) {
      const seed = `throw ${n} ${throwAt}`;
      const want = Array.from(
        { length: 200_000 },
        (
          (r) => () =>
            r.nextUint32()
        )(chacha20(seed)),
      );
      const rng = chacha20(seed);
      // 50 words drawn first: the pool then holds 46 more (refills of 2 and 4 blocks), enough
      // for a 52-card shuffle to be speculated in place.
      for (let k = 0; k < 50; k++) rng.nextUint32();
      assert.throws(() => shuffle(throwingArray(n, throwAt), rng), /write refused/);
      const next = want.indexOf(rng.nextUint32()) - 50;
      const used = Math.floor(Math.floor((throwAt - 1) / 2) / 2) + 1;
      assert.ok(next >= used, `n ${n}, write ${throwAt}: word ${next} comes again (${used} used)`);
    }
  }
});
