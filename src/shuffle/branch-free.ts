import { type BufferedSource, poolAccess } from '../random/buffered-source.ts';
import { lemireThresholds } from '../random/lemire-thresholds.ts';
import type { Swappable } from './fisher-yates.ts';

/**
 * Steps of shuffle v1 whose bounds fit 16 bits, read in place from a pooled source, with no
 * branch on the random data: a rejected half becomes a step that swaps position i with itself
 * and does not advance. Runs from step `from` while the step is below `stop` (≤ `limit`); a
 * word's high half is still used if a step below `limit` remains, so the return value — the step
 * reached — is `stop` or `stop` + 1 (or `limit`), always at a word boundary: the pool position
 * is just past the last word read, and no half is pending.
 *
 * Why it is exact: shuffle v1 (IndexDrawer) feeds step i the halves of the stream in order, low
 * half first, until one is accepted; reduce16 rejects half x for bound b exactly when the low
 * half of x · b is below t(b) = 2^16 mod b (lemire-thresholds.ts). Here every half is one
 * iteration: accepted, it swaps i with i + floor(x · b / 2^16) and advances i; rejected, it
 * swaps i with i and keeps i — the same swaps, from the same halves (speculate.test.ts proves
 * it on scripted words full of rejections and pool boundaries, and exhaustively for small n).
 *
 * Why it is fast: just above 2^15 a bound rejects up to half of its halves (29 % of the steps
 * of a 50,000-item shuffle), so a branch on rejection mispredicts on a large share of steps and
 * each miss costs more than the whole step; and reading the pool in place avoids a call and a
 * refill check per word.
 *
 * `rareBranchMax` splits the two loops (see {@link RARE_BRANCH_MAX}); tests move it to run
 * either loop on any bounds.
 *
 * Words are consumed before they decide anything: if a swap throws, the pool position is already
 * past every word read (the `finally`).
 */
/**
 * Bounds up to this take a loop with one branch per half, on "could this half be rejected?"
 * (probability b / 2^16, at most 1 in 8 here): predicted, so steps overlap, where the
 * branch-free loop must wait for each step's advance before the next. Above it, misses cost
 * more than the wait. Measured (bench/): 1,000 items run ~1.6× faster than branch-free alone.
 */
export const RARE_BRANCH_MAX = 8192;

export function branchFreeSteps(
  a: Swappable,
  from: number,
  stop: number,
  limit: number,
  source: BufferedSource,
  rareBranchMax = RARE_BRANCH_MAX,
): number {
  const n = a.length;
  const t = lemireThresholds(n - from);
  const words = poolAccess.words(source);
  let p = poolAccess.position(source);
  let end = poolAccess.end(source);
  let i = from;
  try {
    // Large bounds: no branch on the data.
    const wide = Math.min(stop, n - rareBranchMax);
    while (i < wide) {
      if (p === end) {
        end = poolAccess.refill(source);
        p = 0;
      }
      const w = words[p++]!;
      const b = n - i;
      const m = Math.imul(w & 0xffff, b);
      // 1 if accepted: the low half of the product is at least the threshold.
      const ok = 1 - (((m & 0xffff) - t[b]!) >>> 31);
      // The high half's step is i + ok, its bound b − ok: both candidates are computed before
      // ok is known, so the two halves do not wait on each other.
      const hi = w >>> 16;
      const mA = Math.imul(hi, b - 1);
      const mB = Math.imul(hi, b);
      const okA = 1 - (((mA & 0xffff) - t[b - 1]!) >>> 31);
      const okB = 1 - (((mB & 0xffff) - t[b]!) >>> 31);
      const m2 = mB ^ ((mA ^ mB) & -ok);
      const ok2 = okB ^ ((okA ^ okB) & -ok);
      let j = i + ((m >>> 16) & -ok);
      let x = a[i];
      a[i] = a[j];
      a[j] = x;
      i += ok;
      if (i < limit) {
        j = i + ((m2 >>> 16) & -ok2);
        x = a[i];
        a[i] = a[j];
        a[j] = x;
        i += ok2;
      }
    }
    // Small bounds: a half can only be rejected if its low product is below the bound
    // (probability b / 2^16), so the branch on that is predicted and the steps do not wait on
    // one another; the exact test runs only inside it.
    while (i < stop) {
      if (p === end) {
        end = poolAccess.refill(source);
        p = 0;
      }
      const w = words[p++]!;
      let b = n - i;
      let m = Math.imul(w & 0xffff, b);
      let ok = 1;
      if ((m & 0xffff) < b) ok = 1 - (((m & 0xffff) - t[b]!) >>> 31);
      let j = i + ((m >>> 16) & -ok);
      let x = a[i];
      a[i] = a[j];
      a[j] = x;
      i += ok;
      if (i < limit) {
        b = n - i;
        m = Math.imul(w >>> 16, b);
        ok = 1;
        if ((m & 0xffff) < b) ok = 1 - (((m & 0xffff) - t[b]!) >>> 31);
        j = i + ((m >>> 16) & -ok);
        x = a[i];
        a[i] = a[j];
        a[j] = x;
        i += ok;
      }
    }
  } finally {
    poolAccess.seek(source, p);
  }
  return i;
}
