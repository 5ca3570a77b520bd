import { randomInt } from 'node:crypto';
import { arrayShuffle } from 'array-shuffle';
import { shuffle as d3Shuffle } from 'd3-array';
import { shuffle as fastShuffle } from 'fast-shuffle';
import lodashShuffle from 'lodash.shuffle';
import shuffleArray from 'shuffle-array';
import { chacha20, shuffle } from '../src/index.ts';

/** What a contender shuffles: an Array or a TypedArray of numbers. */
export type Items = { length: number; [i: number]: number };

/** One way to shuffle; returns the shuffled array (in place or a copy, as the library does). */
export type Contender = {
  readonly name: string;
  /** Accepts typed arrays (the rest are measured on Arrays only). */
  readonly typed: boolean;
  /** A loop written in place by the user, not a shared library: never polluted (measure.ts). */
  readonly inline?: boolean;
  /** Too slow to be worth timing from this size on (each run would take seconds). */
  readonly maxN?: number;
  /** Builds the shuffle function for one measurement process. */
  readonly make: (n: number) => (a: Items) => ArrayLike<number>;
};

/** The loop everyone writes: Durstenfeld with `Math.floor(Math.random() * (i + 1))`. */
export const plainLoop = (a: Items): Items => {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
  return a;
};

export const PLAIN = 'plain Math.random loop';
export const FLOOR = 'floor (precomputed swaps)';
/** The two fairdeal contenders; every other one but the floor is a peer. */
export const OURS = ['fairdeal (secure)', 'fairdeal (chacha20)'] as const;

export const CONTENDERS: readonly Contender[] = [
  { name: OURS[0], typed: true, make: () => (a) => shuffle(a as number[]) },
  {
    name: OURS[1],
    typed: true,
    make: () => {
      const rng = chacha20('bench');
      return (a) => shuffle(a as number[], rng);
    },
  },
  { name: PLAIN, typed: true, inline: true, make: () => plainLoop },
  {
    name: 'crypto.randomInt loop',
    typed: true,
    inline: true,
    maxN: 100_000,
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
  { name: 'd3-array shuffle', typed: true, make: () => (a) => d3Shuffle(a as number[]) },
  { name: 'array-shuffle', typed: false, make: () => (a) => arrayShuffle(a as number[]) },
  { name: 'shuffle-array@1.0.1', typed: false, make: () => (a) => shuffleArray(a as number[]) },
  { name: 'fast-shuffle', typed: false, make: () => (a) => fastShuffle(a as number[]) },
  {
    // The cost of the swaps alone: indices drawn beforehand, outside the timed loop.
    name: FLOOR,
    typed: true,
    inline: true,
    make: (n) => {
      // Index sets per length: the polluted processes also hand it arrays of other lengths,
      // and indices beyond an array's end would grow it into a holey array.
      const cache = new Map<number, Uint32Array[]>();
      const setsFor = (len: number) => {
        let sets = cache.get(len);
        if (sets === undefined) {
          const count = Math.max(2, Math.min(64, Math.floor(20_000_000 / Math.max(len, n))));
          sets = Array.from({ length: count }, () => {
            const j = new Uint32Array(len);
            for (let i = 0; i < len - 1; i++) j[i] = i + Math.floor(Math.random() * (len - i));
            return j;
          });
          cache.set(len, sets);
        }
        return sets;
      };
      let k = 0;
      return (a) => {
        const sets = setsFor(a.length);
        const js = sets[k++ % sets.length]!;
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

export const KINDS = ['Array', 'Uint32Array', 'Float64Array'] as const;
export type Kind = (typeof KINDS)[number];

/** 0 … n−1 as the given kind of array. */
export function makeItems(kind: Kind, n: number): Items {
  if (kind === 'Uint32Array') return new Uint32Array(n).map((_, i) => i);
  if (kind === 'Float64Array') return new Float64Array(n).map((_, i) => i);
  return Array.from({ length: n }, (_, i) => i);
}

/** Every size the issue names, with the path switches of the kernels in between. */
export const SIZES = [
  5, 52, 129, 1000, 10_000, 32_768, 50_000, 65_536, 100_000, 1_000_000, 10_000_000,
] as const;
