import { BufferedSource } from '../random/buffered-source.ts';
import type { IndexDrawer } from '../random/index-drawer.ts';
import { reduce16 } from '../random/lemire.ts';
import type { RandomSource } from '../random/source.ts';
import { blockedFisherYates } from './blocked.ts';
import { pooledShuffle as arrayKernel } from './kernels/array.ts';
import { pooledShuffle as float64Kernel } from './kernels/float64.ts';
import { pooledShuffle as numbersKernel } from './kernels/numbers.ts';
import { pooledShuffle as typedKernel } from './kernels/typed.ts';
import { pooledShuffle as uint32Kernel } from './kernels/uint32.ts';
import type { Swappable } from './swappable.ts';

/**
 * From this length on, an unpooled source takes {@link blockedFisherYates}. Measured against the
 * plain loop in the same process: below it the one-phase loop is faster (by a fifth at 8,192 and 16,384
 * items); around 32,768 the two are even; beyond, swaps miss the cache and bounds near 2^16 make
 * the usual rejection test divide on most steps, which the blocked loop avoids. Above 65,536
 * items it is the only path (the one-phase loop draws 16-bit halves only).
 */
export const BLOCKED_MIN = 32768;

/** The `limit` of a whole shuffle (see {@link fisherYates}). */
export const WHOLE = -1;

/**
 * Fisher–Yates in Durstenfeld's in-place form (R. Durstenfeld, CACM 7(7), 1964; Knuth TAOCP vol. 2
 * §3.4.2, Algorithm P), run forward: position i, from 0 to n − 2, takes the item at a uniform
 * position j ∈ [i, n). Forward, so that position 0 (the top card, dealt first) is settled first
 * and the first k positions alone are a uniform k-sample (`sample` makes the same draws).
 *
 * Draws follow {@link IndexDrawer} exactly (docs/RANDOM.md, "Shuffle v1"), on paths that make
 * the same swaps from the same words (kernels/branch-free.test.ts, speculate.test.ts,
 * index-drawer.test.ts):
 * - a pooled source (secure or chacha20) takes the kernels (src/shuffle/kernels/), which read
 *   the pool in place: speculation for decks, branch-free steps for larger arrays, blocks of
 *   whole-word draws for arrays over 65,536 items (kernels/large.ts, once) — the item loops one
 *   copy per array family;
 * - any other source, from {@link BLOCKED_MIN} items, takes {@link blockedFisherYates}, which
 *   draws indices a block ahead so that the cache misses of the swaps overlap;
 * - otherwise the loop below keeps the word and the pending half in locals, which V8 holds in
 *   registers: through the drawer object the same loop runs at half the speed.
 *
 * Only positions below `limit` are filled; the draws for them are those of the whole shuffle.
 * {@link WHOLE} (−1) means all of them (n − 1 steps): each kernel then reads the length itself,
 * so that no code shared by every kind of array reads it (a load that sees every kind is slow).
 */
export function fisherYates(a: Swappable, limit: number, source: RandomSource): void {
  if (source instanceof BufferedSource) {
    // One copy of the hot loops per array family, so that each keeps its own type feedback
    // (src/shuffle/kernels/array.ts says why); nothing here reads the array's length, which
    // would be one load shared by every kind. Arrays of numbers (small integers or doubles,
    // packed or holey: four element kinds) are kept apart from Arrays of anything else, so
    // neither copy sees more kinds than V8 handles inline (four).
    // Direct calls, one per kernel, not a call through a function value chosen first: V8 can
    // inline a direct call. (A profile of 5-item shuffles put a fifth of the time in this
    // dispatch; the direct calls and the careful loop moved out took 5-10 % off a call.)
    if (Array.isArray(a)) {
      if (typeof a[0] === 'number') numbersKernel(a as number[], limit, source);
      else arrayKernel(a, limit, source);
    } else if (a instanceof Uint32Array) uint32Kernel(a, limit, source);
    else if (a instanceof Float64Array) float64Kernel(a, limit, source);
    else typedKernel(a, limit, source);
    return;
  }
  carefulFisherYates(a, limit, source);
}

/**
 * {@link fisherYates} from an unpooled source (a user's, `mathRandom`, `scriptedSource`): through
 * `nextUint32()`, blocked from {@link BLOCKED_MIN} items. Its own function so that the dispatch
 * above stays small enough for V8 to inline it, and the kernel with it, into the caller.
 */
export function carefulFisherYates(a: Swappable, limit: number, source: RandomSource): void {
  const n = a.length;
  if (limit < 0) limit = n - 1;
  if (n >= BLOCKED_MIN) {
    blockedFisherYates(a, limit, source);
    return;
  }
  let high = 0;
  let pending = false;
  for (let i = 0; i < limit; i++) {
    const bound = n - i;
    let r: number;
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
      r = reduce16(x, bound);
    } while (r < 0);
    const j = i + r;
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}
