// The template of the pooled shuffle kernels: this file is the kernel of Arrays (of anything but
// numbers), and numbers.ts, uint32.ts, float64.ts and typed.ts are copies of the code below the
// marker line with only `Items` changed and the comments left out (`npm run gen:kernels`
// writes them from this file, tools/gen-kernels.ts; `npm run gen:kernels -- --check`, run by the
// tests, fails on a stale copy). Edit this file only.
//
// Why copies: V8 keeps type feedback per function, so one loop that has swapped a
// Float64Array's items and an Array's carries both shapes (polymorphic loads and stores) for the
// rest of the process. Measured: after one permutation() (a Uint32Array), shuffle(number[52])
// ran at half its speed, and after a Float64Array at a sixth. One copy per array family keeps
// each loop's feedback to the family it serves. Only code that reads or writes items is here
// (the 16-bit steps among it: they swap as they draw — two phases, draws into a table and then
// the swaps, measured 15–25 % slower at 10,000–50,000 items); the steps of arrays over 65,536
// items, which draw a block of indices before its swaps, are in large.ts, once, and call this
// file's swapByIndices.
// ---- kernel ----
import { type BufferedSource, poolAccess } from '../../random/buffered-source.ts';
import { lemireThresholds } from '../../random/lemire-thresholds.ts';
import { frozen } from '../shuffleable.ts';
import { wideSteps } from './large.ts';
import {
  FUSED_LOW,
  FUSED_MIN,
  RARE_BRANCH_MAX,
  SPECULATE_MAX,
  SPECULATE_TAIL,
  TINY_MAX,
} from './limits.ts';

/** The arrays this copy of the kernel swaps. */
type Items = unknown[];

/**
 * Shuffle v1's steps 0 … `steps` − 1 (all n − 1 if `steps` is −1) on `a` from a pooled source
 * (secure or chacha20), reading its buffer in place — the same swaps from the same words as the
 * reference loop (docs/RANDOM.md, "Shuffle v1"). Bounds over 2^16 (arrays over 65,536 items)
 * take whole words, a block of indices at a time; then {@link branchFreeSteps} runs the 16-bit
 * steps until the last {@link SPECULATE_TAIL} (all of them for decks up to
 * {@link SPECULATE_MAX}), which are speculated, and redone branch-free if the bet fails.
 * (shuffle() comes in through {@link shuffleInPlace}; toShuffled, sample and permutation through
 * fisher-yates.ts.)
 */
export function pooledShuffle(a: Items, steps: number, source: BufferedSource): void {
  const n = a.length;
  const limit = steps < 0 ? n - 1 : steps; // −1: the whole shuffle (fisher-yates.ts, WHOLE)
  if (n > SPECULATE_MAX) largeShuffle(a, limit, source);
  else if (limit > 0 && !speculate(a, 0, limit, source)) deckSteps(a, limit, source);
}

/**
 * A deck the pool could not serve as one bet: from a pool used up — a fresh seeded source's first
 * deck, as in every seeded `deal()` — it refills and bets again (the branch-free steps were a
 * quarter of a seeded deal in Chromium); otherwise, or if the bet fails again, the branch-free
 * steps. The same words either way: the steps would refill first too. Out of line, like
 * {@link largeShuffle}.
 */
function deckSteps(a: Items, limit: number, source: BufferedSource): void {
  if (poolAccess.position(source) === poolAccess.end(source)) {
    poolAccess.refill(source);
    if (speculate(a, 0, limit, source)) return;
  }
  branchFreeSteps(a, 0, limit, limit, source);
}

/** {@link pooledShuffle} of more than {@link SPECULATE_MAX} items. Out of line so that a deck's
 *  path stays small enough for V8 to inline it whole (its limit is 920 bytes of bytecode for
 *  everything inlined into one function). */
function largeShuffle(a: Items, limit: number, source: BufferedSource): void {
  const n = a.length;
  let i = n > 65536 ? wideSteps(a, n, limit, source, swapByIndices) : 0;
  const tail = n - SPECULATE_TAIL;
  if (i < tail) i = branchFreeSteps(a, i, Math.min(tail, limit), limit, source);
  if (i < limit && !speculate(a, i, limit, source)) branchFreeSteps(a, i, limit, limit, source);
}

/** Steps `from` … `to` − 1 by the indices of large.ts's wideSteps (step k's at
 *  indices[k − from]: drawn from the pool or by a fused pass), zeroed as read, as
 *  {@link swapByOffsets} does. Called once a block of steps, a function of its own: V8 compiles a
 *  function that runs long loops but is called rarely by on-stack replacement, and Maglev's
 *  on-stack code for an inner loop deoptimizes each time that loop exits ("exit from OSR'd inner
 *  loop" in --trace-deopt): a 1,000,000-item shuffle's blocks of swaps took twice the time of the
 *  same swaps in one loop. */
function swapByIndices(a: Items, from: number, to: number, indices: Uint32Array): void {
  let k = from;
  try {
    for (; k < to; k++) {
      const j = indices[k - from]!;
      indices[k - from] = 0;
      const t = a[k]!;
      a[k] = a[j]!;
      a[j] = t;
    }
  } finally {
    for (; k < to; k++) indices[k - from] = 0;
  }
}

/**
 * Steps of shuffle v1 whose bounds fit 16 bits, read in place from a pooled source. Runs from
 * step `from` while the step is below `stop` (≤ `limit`); a word's high half is still used if a
 * step below `limit` remains, so the return value — the step reached — is `stop` or `stop` + 1
 * (at most `limit`), always at a word boundary: the pool position is just past the last word
 * read, and no half is pending.
 *
 * Bounds over `rareBranchMax` ({@link RARE_BRANCH_MAX}; tests move it) run with no branch on the
 * random data: a rejected half becomes a step that swaps position i with itself and does not
 * advance. Just above 2^15 a bound rejects up to half of its halves (29 % of the steps of a
 * 50,000-item shuffle), so a branch on rejection would mispredict on a large share of steps,
 * each miss costing more than the whole step. Smaller bounds branch on "could this half be
 * rejected?", which is rare and so predicted.
 *
 * Why it is exact: shuffle v1 (IndexDrawer) feeds step i the halves of the stream in order, low
 * half first, until one is accepted; reduce16 rejects half x for bound b exactly when the low
 * half of x · b is below t(b) = 2^16 mod b (lemire-thresholds.ts), which is 2^16 − k·b for
 * k = ⌊2^16 / b⌋: the branch-free loop adds k·b to the low half and tests bit 16, with k fixed
 * for a run of bounds, where the careful loop reads the table. Here every half is one
 * iteration: accepted, it swaps i with i + floor(x · b / 2^16) and advances i; rejected, it
 * swaps i with i and keeps i — the same swaps, from the same halves (branch-free.test.ts proves
 * it on scripted words full of rejections and pool boundaries, and exhaustively for n ≤ 6).
 *
 * Words are consumed before they decide anything: if a swap throws, the pool position is already
 * past every word read (the `finally`).
 */
export function branchFreeSteps(
  a: Items,
  from: number,
  stop: number,
  limit: number,
  source: BufferedSource,
  rareBranchMax = RARE_BRANCH_MAX,
): number {
  const n = a.length;
  const t = lemireThresholds(n - from);
  // Read again after a refill or a fused pass, which may replace the pool with a larger one.
  let words = poolAccess.words(source);
  let p = poolAccess.position(source);
  let end = poolAccess.end(source);
  let i = from;
  try {
    const wide = Math.min(stop, n - rareBranchMax);
    while (i < stop) {
      if (p === end) {
        // One refill call for both kinds of step, so that it has run (and V8 has seen its
        // callee) before the function is optimized: a call site never run is compiled as a
        // deoptimization, and the careful loop's own refill, reached only when the pool ran
        // out in the last 8,192 steps, sent optimized code back to the interpreter
        // ("Insufficient type feedback for call" in --trace-deopt).
        if (i < wide) {
          // Where the source can make the words and the steps in one pass (the portable
          // ChaCha20's WebAssembly), it does; the pool then holds the words it made but did not
          // read, and the steps left are made below from them.
          const fusedStop = Math.min(stop, n - FUSED_LOW);
          if (fusedStop - i >= FUSED_MIN) {
            const to = poolAccess.fused(source, n, i, fusedStop);
            if (to > i) {
              swapByOffsets(a, i, to, poolAccess.offsets());
              i = to;
              p = 0;
              end = poolAccess.end(source);
              words = poolAccess.words(source);
              continue;
            }
          }
        }
        end = poolAccess.refill(source);
        words = poolAccess.words(source);
        p = 0;
      }
      if (i + 1 < wide) {
        // A run: words that all stay in the pool and whose steps all have the same k = ⌊2^16 / b⌋
        // (bounds above ⌊2^16 / (k + 1)⌋), below `wide` — a word advances i by at most 2. No
        // refill call, no `i < limit` test and no table inside, so V8 keeps the pool's and the
        // array's buffers in registers instead of spilling them (the table's two loads a word, with
        // their bounds checks, cost 10–25 % of the loop before runs were cut by k).
        const k = (65536 / (n - i)) | 0;
        const runEnd = Math.min(wide, n - ((65536 / (k + 1)) | 0));
        const last = p + Math.min(end - p, (runEnd - i) >> 1);
        if (last > p) {
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
            // The high half's step is i + ok, its bound b − ok: both candidates are computed
            // before `ok` is known, so the two halves do not wait on each other.
            const keep = -ok; // all ones if accepted
            const m2 = mB ^ ((mA ^ mB) & keep);
            const ok2 = okB ^ ((okA ^ okB) & keep);
            let j = i + ((m >>> 16) & keep);
            let x = a[i]!;
            a[i] = a[j]!;
            a[j] = x;
            i += ok;
            j = i + ((m2 >>> 16) & -ok2);
            x = a[i]!;
            a[i] = a[j]!;
            a[j] = x;
            i += ok2;
          }
          continue;
        }
        // One step left before k changes: this word's high half may have the next k, so the
        // word is made below, with the table (once a run; runs change k eight times a shuffle).
      } else {
        // Bounds up to `rareBranchMax` (and the last step below `wide`): runs as above, each half
        // branching only on "could it be rejected?" (rare, predicted).
        const last = p + Math.min(end - p, (stop - i) >> 1);
        while (p < last) {
          const w = words[p++]!;
          let b = n - i;
          let m = Math.imul(w & 0xffff, b);
          let ok = 1;
          if ((m & 0xffff) < b) ok = 1 - (((m & 0xffff) - t[b]!) >>> 31);
          let j = i + ((m >>> 16) & -ok);
          let x = a[i]!;
          a[i] = a[j]!;
          a[j] = x;
          i = i + ok;
          b = n - i;
          m = Math.imul(w >>> 16, b);
          ok = 1;
          if ((m & 0xffff) < b) ok = 1 - (((m & 0xffff) - t[b]!) >>> 31);
          j = i + ((m >>> 16) & -ok);
          x = a[i]!;
          a[i] = a[j]!;
          a[j] = x;
          i = i + ok;
        }
        if (i >= stop) break;
        if (p === end) continue;
      }
      // One word: the last before `stop`, whose high half is used only below `limit`, or the
      // last of a run above.
      const w = words[p++]!;
      let b = n - i;
      let m = Math.imul(w & 0xffff, b);
      let ok = 1;
      // Rejection needs a low product below t(b) < b: only then is the exact test worth making.
      if ((m & 0xffff) < b) ok = 1 - (((m & 0xffff) - t[b]!) >>> 31);
      let j = i + ((m >>> 16) & -ok);
      let x = a[i]!;
      a[i] = a[j]!;
      a[j] = x;
      i += ok;
      if (i < limit) {
        b = n - i;
        m = Math.imul(w >>> 16, b);
        ok = 1;
        if ((m & 0xffff) < b) ok = 1 - (((m & 0xffff) - t[b]!) >>> 31);
        j = i + ((m >>> 16) & -ok);
        x = a[i]!;
        a[i] = a[j]!;
        a[j] = x;
        i += ok;
      }
    }
  } finally {
    poolAccess.seek(source, p);
  }
  return i;
}

/**
 * Steps `from` … `to` − 1 by the offsets j − i that a source's fused pass found (step i's at
 * offsets[n − i]), zeroing each as it is read, so that the shuffle's indices do not stay behind
 * in the source's memory; if a swap throws, the rest are zeroed too. Plain stores, not `fill`: a
 * prototype method could be replaced and would be handed a view of that memory.
 */
function swapByOffsets(a: Items, from: number, to: number, offsets: Uint16Array): void {
  const n = a.length;
  let i = from;
  try {
    for (; i < to; i++) {
      const j = i + offsets[n - i]!;
      offsets[n - i] = 0;
      const x = a[i]!;
      a[i] = a[j]!;
      a[j] = x;
    }
  } finally {
    for (; i < to; i++) offsets[n - i] = 0;
  }
}

/**
 * `shuffle(a, source)` from a pooled source: the whole shuffle in place, with the checks that
 * read the array's length, made here, where the load of `length` sees one array family, and not
 * in shuffle(), where it sees every kind (a megamorphic load, a call into V8's lookup cache).
 *
 * Arrays of up to {@link TINY_MAX} items are shuffled right here, by {@link speculate}'s bet in
 * its smallest form (steps 0 … n − 2 from (n − 1) / 2 words read in place; redone branch-free if
 * a draw may have been rejected or the pool holds too few words), so that a 5-item shuffle is
 * this one call: no further call is left to V8's inlining budget, which in a process that has
 * shuffled many kinds of array goes to the other paths.
 *
 * @throws {TypeError} if `a` is a frozen Array, before anything is drawn (see assertWritable in
 *   shuffleable.ts: the probe is the self-assignment of item 0).
 */
export function shuffleInPlace(a: Items, source: BufferedSource): void {
  const n = a.length;
  if (Array.isArray(a)) {
    if (n < 2) {
      if (Object.isFrozen(a)) throw frozen('shuffle: array');
    } else {
      try {
        a[0] = a[0]!; // the probe: a frozen Array refuses it (shuffleable.ts)
      } catch {
        throw frozen('shuffle: array');
      }
    }
  }
  if (n > TINY_MAX) {
    pooledShuffle(a, -1, source);
    return;
  }
  // Words are consumed before use, as in speculate; only a completed undo gives them back.
  const start = poolAccess.take(source, n >>> 1);
  if (start < 0) {
    redo(a, -1, source);
    return;
  }
  const words = poolAccess.words(source);
  let suspect = 0;
  for (let i = 0, q = start; i < n - 1; i += 2, q++) {
    const word = words[q]!;
    const bound = n - i;
    const low = Math.imul(word & 0xffff, bound);
    suspect |= (low & 0xffff) - bound;
    let j = i + (low >>> 16);
    let x = a[i]!;
    a[i] = a[j]!;
    a[j] = x;
    if (i + 2 < n) {
      const high = Math.imul(word >>> 16, bound - 1);
      suspect |= (high & 0xffff) - bound + 1;
      j = i + 1 + (high >>> 16);
      x = a[i + 1]!;
      a[i + 1] = a[j]!;
      a[j] = x;
    }
  }
  if (suspect < 0) redo(a, start, source);
}

/** {@link shuffleInPlace}'s steps when its bet fails: undoes its swaps and gives its words back
 *  (if `start` ≥ 0), then makes the steps branch-free, which refills the pool as needed. Out of
 *  line, like {@link undo}, to keep the hot function small. */
function redo(a: Items, start: number, source: BufferedSource): void {
  const limit = a.length - 1;
  if (start >= 0) {
    undo(a, 0, limit, poolAccess.words(source), start);
    poolAccess.seek(source, start);
  }
  if (limit > 0) branchFreeSteps(a, 0, limit, limit, source);
}

/**
 * Shuffle v1's steps `from` … `limit` − 1, read straight from the pool (starting at a word
 * boundary), betting that no draw is rejected. Returns true when the bet held: those positions
 * are shuffled exactly as the reference loop would have done it, word for word. Returns false,
 * with `a` and the source as they were, when the pool holds too few words or a draw may have
 * been rejected; the caller then redoes the steps from the same words.
 *
 * Why it is exact: Lemire's method rejects a 16-bit half x for bound b only if the low half of
 * x · b is below 2^16 mod b, which is below b. The loop ORs (low − b) over every step, so a
 * non-negative result proves no step could have been rejected — every half was used as the
 * reference uses it, low half first. A negative result (probability ≈ Σb / 2^16) undoes the swaps
 * in reverse order, recomputing each index from the same words.
 *
 * Why it is fast: no branch per step but the loop's own, no call, no refill check, and steps
 * that do not wait on each other; 52 cards run at about twice the careful loop's speed.
 *
 * Words are consumed before use: the pool position moves past them before the first swap, so a
 * swap that throws never leaves them to be drawn again; only a completed undo gives them back.
 */
export function speculate(a: Items, from: number, limit: number, source: BufferedSource): boolean {
  const n = a.length;
  // Two steps per word; a half left over is discarded. Moved past before the first swap.
  const start = poolAccess.take(source, (limit - from + 1) >>> 1);
  if (start < 0) return false;
  const words = poolAccess.words(source);
  let suspect = 0;
  let i = from;
  let q = start;
  for (; i + 1 < limit; q++, i += 2) {
    const word = words[q]!;
    const bound = n - i;
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
  if (i < limit) suspect |= lastStep(a, i, words[q]!);
  if (suspect < 0) {
    undo(a, from, limit, words, start);
    poolAccess.seek(source, start);
    return false;
  }
  return true;
}

/** The odd last step of a speculation: the low half of `word`, swapped in; returns its
 *  `low − bound` for the bet. Out of {@link speculate}, like {@link undo}, so that the
 *  speculation stays under V8's limit for inlining a function (460 bytes of bytecode; it was
 *  513): inlined into the kernel, a deck's shuffle makes one call fewer. */
function lastStep(a: Items, i: number, word: number): number {
  const bound = a.length - i;
  const low = Math.imul(word & 0xffff, bound);
  const j = i + (low >>> 16);
  const x = a[i]!;
  a[i] = a[j]!;
  a[j] = x;
  return (low & 0xffff) - bound;
}

/** Reverses the speculative swaps, last first, recomputing each index from the same words. Kept
 *  out of {@link speculate} (it runs for 2 % of decks) so that V8 can inline the hot part. */
function undo(a: Items, from: number, limit: number, words: Int32Array, start: number): void {
  const n = a.length;
  for (let k = limit - 1; k >= from; k--) {
    const word = words[start + ((k - from) >>> 1)]!;
    const half = (k - from) & 1 ? word >>> 16 : word & 0xffff;
    const j = k + (Math.imul(half, n - k) >>> 16);
    const x = a[k]!;
    a[k] = a[j]!;
    a[j] = x;
  }
}
