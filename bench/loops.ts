// The contenders and arrays that run alike in Node and in Chromium (served to the page as they
// are): the plain loop, the floor, and the arrays they shuffle. No node: import here.

/** What a contender shuffles: an Array or a TypedArray of numbers. */
export type Items = { length: number; [i: number]: number };

export const KINDS = ['Array', 'Uint32Array', 'Float64Array'] as const;
export type Kind = (typeof KINDS)[number];

export const PLAIN = 'plain Math.random loop';
export const FLOOR = 'floor (precomputed swaps)';
/** The two fairdeal contenders; every other one but the plain loop and the floor is a peer. */
export const OURS = ['fairdeal (secure)', 'fairdeal (chacha20)'] as const;

/**
 * 0 … n−1 as the given kind of array.
 *
 * @example
 * makeItems('Uint32Array', 3); // Uint32Array [0, 1, 2]
 */
export function makeItems(kind: Kind, n: number): Items {
  if (kind === 'Uint32Array') return new Uint32Array(n).map((_, i) => i);
  if (kind === 'Float64Array') return new Float64Array(n).map((_, i) => i);
  return Array.from({ length: n }, (_, i) => i);
}

/**
 * The loop everyone writes: Durstenfeld with `Math.floor(Math.random() * (i + 1))`.
 *
 * @example
 * plainLoop([1, 2, 3]); // the same array, shuffled
 */
export const plainLoop = (a: Items): Items => {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
  return a;
};

/**
 * The floor: the swaps of a shuffle from indices drawn beforehand, outside the timed loop — the
 * cost of moving the items with no randomness at all.
 *
 * @example
 * const floor = makeFloor(52);
 * floor(Array.from({ length: 52 }, (_, i) => i)); // shuffled
 */
export function makeFloor(n: number): (a: Items) => Items {
  // Index sets per length: a polluted process also hands it arrays of other lengths, and
  // indices beyond an array's end would grow it into a holey array.
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
}

/** One way to shuffle; returns the shuffled array (in place or a copy, as the library does). */
export type Contender = {
  readonly name: string;
  /** Accepts typed arrays (the rest are measured on Arrays only). */
  readonly typed: boolean;
  /** Too slow to be worth timing from this size on (each run would take seconds). */
  readonly maxN?: number;
  /** Builds the shuffle function for one measurement process. */
  readonly make: (n: number) => (a: Items) => ArrayLike<number>;
};

/** The contenders that run on `kind` at `n` items. */
export const activeFor = (all: readonly Contender[], kind: Kind, n: number): Contender[] =>
  all.filter((c) => (kind === 'Array' || c.typed) && (c.maxN === undefined || n <= c.maxN));

/** Why `out` is not a permutation of 0 … n−1, or undefined if it is one. */
export function notAPermutation(out: ArrayLike<number>, n: number): string | undefined {
  if (out.length !== n) return `length ${out.length}, not ${n}`;
  const seen = new Uint8Array(n);
  for (let i = 0; i < n; i++) seen[out[i]!] = 1;
  return seen.includes(0) ? 'not a permutation' : undefined;
}
