// The pooled shuffle's steps for large arrays, once for every array family: they draw indices
// (or offsets) into a table and touch the array only through the family's swap function, passed
// in and called once per block of steps, so that none of the loops here reads or writes an
// item and none needs a copy of its own for its type feedback (array.ts says why the item
// loops do). A deck never comes here: only bounds over RARE_BRANCH_MAX (arrays over 8,192
// items, tests move it) and over 2^16.
import { type BufferedSource, poolAccess } from '../../random/buffered-source.ts';
import { drawWide, WIDE_BLOCK } from '../blocked.ts';
import { FUSED_LOW, FUSED_MIN } from './limits.ts';

/** A family's swaps of steps `from` … `to` − 1 from a table (array.ts: swapByOffsets, swapByIndices). */
export type SwapFrom<A, T> = (a: A, from: number, to: number, table: T) => void;

/**
 * Tables kept between shuffles (zero when kept: the swaps zero each entry they read), taken
 * while in use so that a shuffle started from inside another (an item's setter) gets its own.
 */
let spareOffsets: Uint16Array | undefined;
let spareIndices: Uint32Array | undefined;

/**
 * The steps whose bounds exceed 2^16 (steps 0 … n − 65,537), in blocks: first a block's indices
 * ({@link drawWide}, whole words read in place), then its swaps, so that the cache misses of many
 * swaps are in flight at once. Returns the step reached, min(limit, n − 65,536); no half is
 * pending. Words are drawn (and the pool position moved past them) before any swap.
 */
export function wideSteps<A>(
  a: A,
  n: number,
  limit: number,
  source: BufferedSource,
  swap: SwapFrom<A, Uint32Array>,
): number {
  const last = Math.min(limit, n - 65536);
  if (last <= 0) return 0;
  const js = spareIndices ?? new Uint32Array(WIDE_BLOCK);
  spareIndices = undefined;
  for (let i = 0; i < last; ) {
    // Where the source can make the words and the indices in one pass (the portable ChaCha20's
    // WebAssembly), it does, once its pool is used up; a block stops at the pool's end for that.
    const left = poolAccess.end(source) - poolAccess.position(source);
    if (left === 0 && last - i >= FUSED_MIN) {
      const to = poolAccess.fusedWide(source, n, i, last);
      if (to > i) {
        swap(a, i, to, poolAccess.indices());
        i = to;
        continue;
      }
    }
    const stop = Math.min(last, i + (left > 0 && left < WIDE_BLOCK ? left : WIDE_BLOCK));
    drawWide(js, i, stop, n, source);
    swap(a, i, stop, js);
    i = stop;
  }
  spareIndices = js;
  return last;
}

/**
 * Shuffle v1's 16-bit steps from `from` while the next two fit below `wide` (bounds over the
 * kernels' `rareBranchMax`), with no branch on the random data, read in place from the pool;
 * returns the step reached, at a word boundary (no half pending), at most `wide`. Steps from
 * there to `stop` are the caller's (array.ts, branchFreeSteps), which passes its `stop` so that
 * a fused pass may go on past `wide`: the return value is then up to `stop` − 1.
 *
 * Just above 2^15 a bound rejects up to half of its halves (29 % of the steps of a 50,000-item
 * shuffle), so a branch on rejection would mispredict on a large share of steps, each miss
 * costing more than the whole step. Here every half is one iteration: it writes its offset
 * j − i at its bound's place in a table and advances i only if accepted, so a rejected half's
 * offset is overwritten by the next half's and the offsets left are exactly the accepted draws;
 * then the family's `swap` makes the swaps from the table (as from a fused pass's, whose table
 * has the same layout), zeroing each entry. Two phases, as blocked.ts's: the swaps of a large
 * array miss the cache, and with no arithmetic between them many misses are in flight at once.
 *
 * Why it is exact: shuffle v1 (IndexDrawer) feeds step i the halves of the stream in order, low
 * half first, until one is accepted; reduce16 rejects half x for bound b exactly when the low
 * half of x · b is below t(b) = 2^16 mod b (lemire-thresholds.ts), which is 2^16 − k·b for
 * k = ⌊2^16 / b⌋: the loop adds k·b to the low half and tests bit 16, with k fixed for a run of
 * bounds (branch-free.test.ts proves the steps equal the reference on scripted words full of
 * rejections and pool boundaries, and exhaustively for n ≤ 6 with `rareBranchMax` 0).
 *
 * Words are consumed before they decide anything: the pool position is moved past every word
 * read before each call of `swap`.
 */
export function branchFreeRuns<A>(
  a: A,
  n: number,
  from: number,
  wide: number,
  stop: number,
  source: BufferedSource,
  swap: SwapFrom<A, Uint16Array>,
): number {
  const offsets = spareOffsets ?? new Uint16Array(65537);
  spareOffsets = undefined;
  const words = poolAccess.words(source);
  let p = poolAccess.position(source);
  let end = poolAccess.end(source);
  let i = from;
  let swapped = from; // steps below this are swapped
  while (i + 1 < wide) {
    if (p === end) {
      // Where the source can make the words and the steps in one pass (the portable ChaCha20's
      // WebAssembly), it does; the pool then holds the words it made but did not read.
      const fusedStop = Math.min(stop, n - FUSED_LOW);
      if (fusedStop - i >= FUSED_MIN) {
        poolAccess.seek(source, p);
        swap(a, swapped, i, offsets); // the steps before the pass come first
        swapped = i;
        const to = poolAccess.fused(source, n, i, fusedStop);
        if (to > i) {
          swap(a, i, to, poolAccess.offsets());
          i = swapped = to;
          p = 0;
          end = poolAccess.end(source);
          continue;
        }
      }
      end = poolAccess.refill(source);
      p = 0;
    }
    // A run: words that all stay in the pool and whose steps all have the same k = ⌊2^16 / b⌋
    // (bounds above ⌊2^16 / (k + 1)⌋), below `wide` — a word advances i by at most 2. No refill
    // call, no table of thresholds and no `i < limit` test inside, so V8 keeps the pool and the
    // offsets in registers.
    const k = (65536 / (n - i)) | 0;
    const runEnd = Math.min(wide, n - ((65536 / (k + 1)) | 0));
    const last = p + Math.min(end - p, (runEnd - i) >> 1);
    if (last === p) {
      // One step left before k changes: this word's high half may have the next k, found by
      // division (once a run; runs change k eight times in a shuffle).
      const w = words[p++]!;
      let b = n - i;
      let m = Math.imul(w & 0xffff, b);
      let ok = ((m & 0xffff) + Math.imul(k, b)) >>> 16;
      offsets[b] = (m >>> 16) & -ok;
      i += ok;
      b = n - i;
      m = Math.imul(w >>> 16, b);
      ok = ((m & 0xffff) + Math.imul((65536 / b) | 0, b)) >>> 16;
      offsets[b] = (m >>> 16) & -ok;
      i += ok;
      continue;
    }
    while (p < last) {
      const w = words[p++]!;
      const b = n - i;
      const kb = Math.imul(k, b);
      const m = Math.imul(w & 0xffff, b);
      // 1 if accepted: the low half of the product is at least t(b) = 2^16 − k·b, that is,
      // low + k·b reaches 2^16 (and stays below 2^17, so bit 16 is the answer).
      const ok = ((m & 0xffff) + kb) >>> 16;
      const hi = w >>> 16;
      const mA = Math.imul(hi, b - 1);
      const mB = Math.imul(hi, b);
      const okA = ((mA & 0xffff) + kb - k) >>> 16;
      const okB = ((mB & 0xffff) + kb) >>> 16;
      // The high half's step is i + ok, its bound b − ok: both candidates are computed before
      // `ok` is known, so the two halves do not wait on each other.
      const keep = -ok; // all ones if accepted
      const m2 = mB ^ ((mA ^ mB) & keep);
      const ok2 = okB ^ ((okA ^ okB) & keep);
      offsets[b] = (m >>> 16) & keep;
      offsets[b - ok] = (m2 >>> 16) & -ok2;
      i += ok + ok2;
    }
  }
  poolAccess.seek(source, p);
  swap(a, swapped, i, offsets);
  spareOffsets = offsets;
  return i;
}
