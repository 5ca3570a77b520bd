import { type BufferedSource, poolAccess } from '../random/buffered-source.ts';
import type { Swappable } from './fisher-yates.ts';

/**
 * Decks up to this size are speculated whole. Its cost is a redo whenever some step's low
 * product falls below its bound, which happens with probability about Σb / 2^16: 2 % of 52-card
 * shuffles, 9 % at 108 cards (two Dou Dizhu decks), where the redo still pays; bench/ decides.
 */
export const SPECULATE_MAX = 128;

/**
 * The last steps of a larger shuffle (bounds up to this) are speculated too, after the
 * branch-free loop: there the bounds are small, a redo is rare, and speculation's independent
 * steps run several at a time where the branch-free loop waits on each step's advance. Without
 * it, the cost per item doubled from 128 items to 129.
 */
export const SPECULATE_TAIL = 64;

/**
 * The shuffle v1 draws of steps `from` … `limit` − 1, read straight from a pooled source's buffer
 * (starting at a word boundary) and betting that no draw is rejected. Returns true when the bet
 * held: those positions are shuffled exactly as {@link fisherYates}'s careful loop would have
 * done it, word for word. Returns false, with `a` and the source as they were, when the pool
 * holds too few words or a draw may have been rejected; the caller then redoes the steps from the
 * same words.
 *
 * Why it is exact: Lemire's method rejects a 16-bit half x for bound b only if the low half of
 * x · b is below 2^16 mod b, which is below b. The loop ORs (low − b) over every step, so a
 * non-negative result proves no step could have been rejected — every half was used as the
 * careful loop uses it, low half first. A negative result (probability ≈ Σb / 2^16) undoes the
 * swaps in reverse order, recomputing each index from the same words.
 *
 * Why it is fast: no branch per step but the loop's own, no call, no refill check; 52 cards run
 * at about twice the careful loop's speed (docs/BENCHMARKS.md).
 *
 * Words are consumed before use: the pool position moves past them before the first swap, so a
 * swap that throws never leaves them to be drawn again; only a completed undo gives them back.
 */
export function speculate(
  a: Swappable,
  from: number,
  limit: number,
  source: BufferedSource,
): boolean {
  const n = a.length;
  const start = poolAccess.position(source);
  const used = (limit - from + 1) >>> 1; // two steps per word; a half left over is discarded
  if (poolAccess.end(source) - start < used) return false;
  const words = poolAccess.words(source);
  poolAccess.seek(source, start + used);
  let suspect = 0;
  let i = from;
  let q = start;
  for (; i + 1 < limit; q++, i += 2) {
    const word = words[q]!;
    const bound = n - i;
    const low = Math.imul(word & 0xffff, bound);
    const high = Math.imul(word >>> 16, bound - 1);
    suspect |= ((low & 0xffff) - bound) | ((high & 0xffff) - bound + 1);
    swap(a, i, i + (low >>> 16));
    swap(a, i + 1, i + 1 + (high >>> 16));
  }
  if (i < limit) {
    const bound = n - i;
    const low = Math.imul(words[q]! & 0xffff, bound);
    suspect |= (low & 0xffff) - bound;
    swap(a, i, i + (low >>> 16));
  }
  if (suspect < 0) {
    undo(a, from, limit, words, start);
    poolAccess.seek(source, start);
    return false;
  }
  return true;
}

/** Reverses the speculative swaps, last first, recomputing each index from the same words. Kept
 *  out of {@link speculate} (it runs for 2 % of decks) so that V8 can inline the hot part. */
function undo(a: Swappable, from: number, limit: number, words: Int32Array, start: number): void {
  const n = a.length;
  for (let k = limit - 1; k >= from; k--) {
    const word = words[start + ((k - from) >>> 1)]!;
    const half = (k - from) & 1 ? word >>> 16 : word & 0xffff;
    swap(a, k, k + (Math.imul(half, n - k) >>> 16));
  }
}

function swap(a: Swappable, i: number, j: number): void {
  const t = a[i];
  a[i] = a[j];
  a[j] = t;
}
