import { type BufferedSource, poolAccess } from '../random/buffered-source.ts';
import type { IndexDrawer } from '../random/index-drawer.ts';
import { reduce32 } from '../random/lemire.ts';
import type { RandomSource } from '../random/source.ts';
import type { Swappable } from './swappable.ts';

/** Steps whose indices are drawn ahead at a time: 4 KiB of indices, well inside L1. */
export const WIDE_BLOCK = 1024;

/** Above this bound q = floor(2^16 / bound) grows by at most one a step (bound · (bound − 1) ≥ 2^16). */
const SMALL_BOUND = 256;

/**
 * Fisher–Yates for large arrays from an unpooled source (pooled ones take the kernels'
 * `wideSteps`, which uses {@link drawWide}), in two phases per block of 1,024 steps: first draw the block's
 * indices — the same draws, in the same order, as {@link IndexDrawer} makes one step at a time;
 * an index depends on the words and the bound, never on the array — then make its swaps.
 *
 * Why: on a large array each swap misses the cache, and a CPU overlaps misses only as far ahead
 * as its reorder window reaches. Interleaved with the arithmetic of drawing, that is a step or
 * two; the swap phase alone is a dozen instructions a step, so many misses are in flight at once.
 *
 * The draws run in two tight loops, as the bound falls: whole words while it exceeds 2^16, then 16-bit halves with Lemire's threshold kept without a
 * division while bounds are large.
 */
export function blockedFisherYates(a: Swappable, limit: number, source: RandomSource): void {
  const n = a.length;
  // Indices < 2^32: no Array is longer, and IndexDrawer's bounds stop there.
  const js = new Uint32Array(Math.min(WIDE_BLOCK, limit));
  // IndexDrawer's state in locals, which V8 keeps in registers. Only 16-bit draws leave a half
  // pending, and they all come after the 32-bit ones, which drop none.
  let high = 0;
  let pending = false;
  // floor(2^16 / bound) at the first 16-bit step; it only grows as the bound falls.
  let q = Math.floor(65536 / Math.min(n, 65536));
  for (let i = 0; i < limit; ) {
    const stop = Math.min(limit, i + WIDE_BLOCK);
    let k = i;
    for (; k < stop && n - k > 65536; k++) {
      let r: number;
      do r = reduce32(source.nextUint32(), n - k);
      while (r < 0);
      js[k - i] = k + r;
    }
    for (; k < stop; k++) {
      const bound = n - k;
      // Lemire's threshold, 2^16 mod bound. Near 2^16 most low parts fall below the bound, so
      // the usual test (low < bound, then divide) would divide on most steps and mispredict;
      // instead q = floor(2^16 / bound), which only grows as the bound falls, gives it as
      // 2^16 − q · bound. Below SMALL_BOUND q jumps by more than one a step: divide there (the
      // division does not wait for the random word, so it overlaps the draw).
      let threshold: number;
      if (bound > SMALL_BOUND) {
        while ((q + 1) * bound <= 65536) q++;
        threshold = 65536 - q * bound;
      } else threshold = 65536 % bound;
      let m: number;
      do {
        let x: number;
        if (pending) {
          x = high;
          pending = false;
        } else {
          const word = source.nextUint32();
          x = word & 0xffff;
          high = word >>> 16;
          pending = true;
        }
        m = x * bound;
      } while ((m & 0xffff) < threshold);
      js[k - i] = k + (m >>> 16);
    }
    for (k = i; k < stop; k++) {
      const j = js[k - i]!;
      const t = a[k];
      a[k] = a[j];
      a[j] = t;
    }
    i = stop;
  }
}

/**
 * Draws the indices of steps `from` … `stop` − 1 whose bound n − k exceeds 2^16 (one whole word
 * each, as {@link IndexDrawer} draws them) straight from the pool; returns the first step it
 * did not draw. The pool position is moved past every word read before it returns.
 *
 * Lemire's method at 32 bits, as {@link reduce32} (the same decisions, word for word), written
 * for the loop: every value is an unsigned 32-bit integer, so V8 compares and adds them as
 * integers instead of doubles, and the high part of x · bound is truncated (`>>> 0`) from the
 * near-integer (fl(x · bound) − low) / 2^32 + 1/2 — within 2^−20 of H + 1/2 (reduce32 says why
 * the error is below 2^−21), so truncation gives H exactly — instead of `Math.round`, which V8
 * compiles to a dozen instructions and a check that the result fits 31 bits. A run of words
 * that stays inside the pool has no call in it.
 */
export function drawWide(
  js: Uint32Array,
  from: number,
  stop: number,
  n: number,
  source: BufferedSource,
): number {
  // Unsigned 32-bit locals (arrays are shorter than 2^32), so that nothing in the loop is a
  // tagged value to check and untag on every word.
  const size = n >>> 0;
  const base = from >>> 0;
  const last = Math.min(stop, n - 65536) >>> 0;
  if (n > 4294967295) return drawWideSlow(js, from, stop, n, source);
  let words = poolAccess.words(source);
  let k = base;
  while (k < last) {
    let q = poolAccess.position(source);
    let end = poolAccess.end(source);
    if (q === end) {
      end = poolAccess.refill(source);
      words = poolAccess.words(source); // a refill may replace the pool with a larger one
      q = 0;
    }
    // Each word gives at most one step: a run of `last − k` words cannot overshoot.
    const qEnd = q + Math.min(end - q, last - k);
    for (; q < qEnd; q++) {
      const x = words[q]! >>> 0;
      const bound = (size - k) >>> 0;
      const low = Math.imul(x, bound) >>> 0;
      // Rejected when low < 2^32 mod bound (< bound): the division runs only past `low < bound`.
      if (low < bound && low < (4294967296 - bound) % bound) continue;
      js[k - base] = (k + (((x * bound - low) * 2.3283064365386963e-10 + 0.5) >>> 0)) >>> 0;
      k++;
    }
    poolAccess.seek(source, q);
  }
  return k;
}

/** {@link drawWide} for a TypedArray longer than 2^32 − 1 items, whose bounds no unsigned 32-bit
 *  integer holds: {@link reduce32} word by word (bounds above 2^32 are outside shuffle v1). */
function drawWideSlow(
  js: Uint32Array,
  from: number,
  stop: number,
  n: number,
  source: BufferedSource,
): number {
  const last = Math.min(stop, n - 65536);
  let k = from;
  while (k < last) {
    const words = poolAccess.words(source);
    const end = poolAccess.end(source);
    let q = poolAccess.position(source);
    for (; q < end && k < last; q++) {
      const r = reduce32(words[q]! >>> 0, n - k);
      if (r >= 0) {
        js[k - from] = k + r;
        k++;
      }
    }
    poolAccess.seek(source, q);
    if (k < last) poolAccess.refill(source);
  }
  return k;
}
