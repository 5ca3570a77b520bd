// Random bits each contender draws per shuffle, counted (not timed) in this process.
import { chacha20, type RandomSource, shuffle } from '../src/index.ts';

/** log2(n!) — the information in one uniformly random ordering. */
export function log2Factorial(n: number): number {
  let bits = 0;
  for (let i = 2; i <= n; i++) bits += Math.log2(i);
  return bits;
}

/** Bits fairdeal's shuffle reads from its source for an n-item shuffle (mean of `runs`). */
export function fairdealBits(n: number, runs = 200): number {
  const inner = chacha20('bits');
  let words = 0;
  const counting: RandomSource = {
    nextUint32: () => {
      words++;
      return inner.nextUint32();
    },
    fillUint32: (a) => {
      words += a.length;
      inner.fillUint32(a);
    },
  };
  const a = Array.from({ length: n }, (_, i) => i);
  for (let r = 0; r < runs; r++) shuffle(a, counting);
  return (words * 32) / runs;
}
