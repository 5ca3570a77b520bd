// The peers as contenders. Node imports this file; for Chromium, bench/browser.ts bundles it with
// esbuild (the peers are partly CommonJS) and serves the bundle in its place, so the page times
// the same peer code as Node does.
import { arrayShuffle } from 'array-shuffle';
import { shuffle as d3Shuffle } from 'd3-array';
import { shuffle as fastShuffle } from 'fast-shuffle';
import lodashShuffle from 'lodash.shuffle';
import shuffleArray from 'shuffle-array';
import type { Contender } from './loops.ts';

/** lodash.shuffle, d3-array's shuffle, array-shuffle, shuffle-array and fast-shuffle. */
export const PEERS: readonly Contender[] = [
  { name: 'lodash.shuffle', typed: true, make: () => (a) => lodashShuffle(a as number[]) },
  { name: 'd3-array shuffle', typed: true, make: () => (a) => d3Shuffle(a as number[]) },
  { name: 'array-shuffle', typed: false, make: () => (a) => arrayShuffle(a as number[]) },
  { name: 'shuffle-array@1.0.1', typed: false, make: () => (a) => shuffleArray(a as number[]) },
  { name: 'fast-shuffle', typed: false, make: () => (a) => fastShuffle(a as number[]) },
];
