// `node bench/deck-parts.ts [n]`: where a deck's shuffle spends its time, in one clean Node
// process, timed in the thread's CPU time, interleaved in rounds: fairdeal's secure and seeded
// shuffles; the same 16-bit steps as its speculation (two per word, the bet's OR) from words
// already in a local array, with no pool, no refill and no call in between ("steps alone"); the
// floor (the swaps alone, from indices drawn beforehand); the plain Math.random loop; and a
// deck's share of one 64 KiB getRandomValues refill. Prints a markdown table (median, IQR).
import { loadavg } from 'node:os';
import { chacha20, shuffle } from '../src/index.ts';
import { threadCpuMs } from './cpu-clock.ts';
import { makeFloor, plainLoop } from './loops.ts';
import { spread } from './stats.ts';

const n = Number(process.argv[2] ?? 52);
const deck = Array.from({ length: n }, (_, i) => i);
const words = new Int32Array(16384);
crypto.getRandomValues(words);
const perDeck = (n - 1 + 1) >>> 1;
let q = 0;
/** Speculation's steps (src/shuffle/kernels/array.ts, speculate) from local words. */
function stepsAlone(a: number[]): number {
  const len = a.length;
  if (q + perDeck > words.length) q = 0;
  let suspect = 0;
  let i = 0;
  for (; i + 1 < len - 1; q++, i += 2) {
    const word = words[q]!;
    const bound = len - i;
    const low = Math.imul(word & 0xffff, bound);
    const high = Math.imul(word >>> 16, bound - 1);
    suspect |= ((low & 0xffff) - bound) | ((high & 0xffff) - bound + 1);
    let j = i + (low >>> 16);
    let x = a[i]!;
    a[i] = a[j]!;
    a[j] = x;
    j = i + 1 + (high >>> 16);
    x = a[i + 1]!;
    a[i + 1] = a[j]!;
    a[j] = x;
  }
  if (i < len - 1) {
    const bound = len - i;
    const low = Math.imul(words[q++]! & 0xffff, bound);
    const j = i + (low >>> 16);
    const x = a[i]!;
    a[i] = a[j]!;
    a[j] = x;
    suspect |= (low & 0xffff) - bound;
  }
  return suspect;
}
/**
 * A prototype, not a path of the library: the same shuffle from fewer words — each 32-bit word
 * split into several indices at once (mixed radix: r = r · b, the index is r's part above 2^32,
 * r keeps the part below), as many bounds per word as their product fits 2^32: 10 words for 52
 * cards where the 16-bit halves take 26. The rejection that would make it exact (when the last
 * r is below the product of the word's bounds, about that product ÷ 2^32 of the time) is only
 * tested for, not made, so this is what fewer words could buy at best.
 */
function batchedSteps(a: number[]): number {
  const len = a.length;
  if (q + len > words.length) q = 0;
  let flag = 0;
  let i = 0;
  while (i < len - 1) {
    let r = words[q++]! >>> 0;
    let product = 1;
    while (i < len - 1 && product * (len - i) <= 4294967296) {
      const b = len - i;
      product *= b;
      r *= b;
      const j = i + ((r / 4294967296) | 0);
      r -= (j - i) * 4294967296;
      const x = a[i]!;
      a[i] = a[j]!;
      a[j] = x;
      i++;
    }
    if (r < product) flag++;
  }
  return flag;
}
const pool = new Uint32Array(16384);
let used = 0;
const floor = makeFloor(n);
const seeded = chacha20('deck parts');
let sink = 0;
const parts: [string, () => void][] = [
  [
    'fairdeal (secure)',
    () => {
      sink ^= shuffle(deck)[0]!;
    },
  ],
  [
    'fairdeal (chacha20)',
    () => {
      sink ^= shuffle(deck, seeded)[0]!;
    },
  ],
  [
    'steps alone (speculation from local words)',
    () => {
      sink ^= stepsAlone(deck);
    },
  ],
  [
    'prototype: fewer words (several indices a word, rejection not made)',
    () => {
      sink ^= batchedSteps(deck);
    },
  ],
  [
    'floor (precomputed swaps)',
    () => {
      sink ^= floor(deck)[0]!;
    },
  ],
  [
    'plain Math.random loop',
    () => {
      sink ^= plainLoop(deck)[0]!;
    },
  ],
  [
    `a deck's share of a 64 KiB getRandomValues (${perDeck} of 16,384 words)`,
    () => {
      used += perDeck;
      if (used > pool.length) {
        used = perDeck;
        crypto.getRandomValues(pool);
      }
    },
  ],
];
const nsEach = (f: () => void, ms: number) => {
  let ops = 0;
  const start = threadCpuMs();
  let now = start;
  do {
    for (let i = 0; i < 2000; i++) f();
    ops += 2000;
    now = threadCpuMs();
  } while (now - start < ms);
  return ((now - start) * 1e6) / ops;
};
for (const [, f] of parts) nsEach(f, 300);
const times = parts.map(() => [] as number[]);
for (let r = 0; r < 15; r++)
  for (let k = 0; k < parts.length; k++) {
    const c = (k + r) % parts.length;
    times[c]!.push(nsEach(parts[c]![1], 40));
  }
console.log(
  `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${n} items, 15 rounds of 40 ms CPU each; load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ')}`,
);
console.log('\n| part | ns per deck [IQR] |\n|---|---:|');
for (const [i, [name]] of parts.entries()) {
  const s = spread(times[i]!);
  console.log(`| ${name} | ${s.median.toFixed(1)} [${s.q1.toFixed(1)}–${s.q3.toFixed(1)}] |`);
}
if (sink === 0.5) console.log(sink);
