import { randomInt } from 'node:crypto';
import { arrayShuffle } from 'array-shuffle';
import { shuffle as d3Shuffle } from 'd3-array';
import { shuffle as fastShuffle } from 'fast-shuffle';
import lodashShuffle from 'lodash.shuffle';
import shuffleArray from 'shuffle-array';
import { chacha20, shuffle } from '../src/index.ts';

/** One way to shuffle; returns the shuffled array (in place or a copy, as the library does). */
export type Contender = {
  readonly name: string;
  /** Accepts typed arrays (the rest are measured on Arrays only). */
  readonly typed: boolean;
  /** Builds the shuffle function for one measurement process. */
  readonly make: (
    n: number,
  ) => (a: ArrayLike<number> & { [i: number]: number }) => ArrayLike<number>;
};

const plainLoop = (a: { length: number; [i: number]: number }) => {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
  return a;
};

export const CONTENDERS: readonly Contender[] = [
  { name: 'fairdeal (secure)', typed: true, make: () => (a) => shuffle(a as number[]) },
  {
    name: 'fairdeal (chacha20)',
    typed: true,
    make: () => {
      const rng = chacha20('bench');
      return (a) => shuffle(a as number[], rng);
    },
  },
  { name: 'plain Math.random loop', typed: true, make: () => plainLoop },
  {
    name: 'crypto.randomInt loop',
    typed: true,
    make: () => (a) => {
      for (let i = a.length - 1; i > 0; i--) {
        const j = randomInt(i + 1);
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
      }
      return a;
    },
  },
  { name: 'lodash.shuffle', typed: true, make: () => (a) => lodashShuffle(a as number[]) },
  { name: 'fast-shuffle', typed: false, make: () => (a) => fastShuffle(a as number[]) },
  { name: 'array-shuffle', typed: false, make: () => (a) => arrayShuffle(a as number[]) },
  { name: 'shuffle-array@1.0.1', typed: false, make: () => (a) => shuffleArray(a as number[]) },
  { name: 'd3-array shuffle', typed: true, make: () => (a) => d3Shuffle(a as number[]) },
  {
    // The cost of the swaps alone: indices drawn beforehand, outside the timed loop.
    name: 'floor (precomputed swaps)',
    typed: true,
    make: (n) => {
      const sets = Array.from({ length: 64 }, () => {
        const j = new Uint32Array(n);
        for (let i = 0; i < n - 1; i++) j[i] = i + Math.floor(Math.random() * (n - i));
        return j;
      });
      let k = 0;
      return (a) => {
        const js = sets[k++ & 63]!;
        for (let i = 0; i < a.length - 1; i++) {
          const j = js[i]!;
          const t = a[i]!;
          a[i] = a[j]!;
          a[j] = t;
        }
        return a;
      };
    },
  },
];

export const SCENARIOS = [
  { name: '52 cards (Array)', n: 52, typed: false },
  { name: '54 cards (Array)', n: 54, typed: false },
  { name: '1,000,000 (Array)', n: 1_000_000, typed: false },
  { name: '1,000,000 (Uint32Array)', n: 1_000_000, typed: true },
] as const;
