// The pooled shuffle's steps of bounds over 2^16 (arrays over 65,536 items), once for every
// array family: they draw a block of indices into a table and touch the array only through the
// family's swap function, passed in and called once a block, so that no loop here reads or
// writes an item and none needs a copy of its own for its type feedback (array.ts says why the
// item loops do).
import { type BufferedSource, poolAccess } from '../../random/buffered-source.ts';
import { drawWide, WIDE_BLOCK } from '../blocked.ts';
import { FUSED_MIN } from './limits.ts';

/** A family's swaps of steps `from` … `to` − 1 from a table of indices (array.ts, swapByIndices). */
export type SwapFrom<A> = (a: A, from: number, to: number, indices: Uint32Array) => void;

/**
 * The table of indices kept between shuffles (zero when kept: the swaps zero each entry they
 * read), taken while in use so that a shuffle started from inside another (an item's setter)
 * gets its own.
 */
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
  swap: SwapFrom<A>,
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
