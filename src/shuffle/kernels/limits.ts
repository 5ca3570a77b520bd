/**
 * Where the pooled shuffle kernels (src/shuffle/kernels/) switch loops. All switches keep shuffle
 * v1's draws exactly; they only move cost, so bench/ decides them.
 */

/**
 * Decks up to this size are speculated whole. Its cost is a redo whenever some step's low
 * product falls below its bound, which happens with probability about Σb / 2^16: 2 % of 52-card
 * shuffles, 9 % at 108 cards (two Dou Dizhu decks), where the redo still pays.
 */
export const SPECULATE_MAX = 128;

/**
 * The last steps of a larger shuffle (bounds up to this) are speculated too: there the bounds
 * are small, a redo is rare, and speculation's independent steps run several at a time. Without
 * it the cost per item doubled from 128 items to 129.
 */
export const SPECULATE_TAIL = 64;

/**
 * Bounds up to this take a loop with one branch per half, on "could this half be rejected?"
 * (probability b / 2^16, at most 1 in 8 here): predicted, so steps overlap, where the
 * branch-free loop must wait for each step's advance before the next. Above it, mispredictions
 * cost more than the wait. Measured: 1,000 items run ~1.6× faster than branch-free alone.
 */
export const RARE_BRANCH_MAX = 8192;

/**
 * shuffle() of arrays up to this size runs in the kernels' shuffleInPlace itself, with no call
 * left to V8's inlining: at 5 items the calls and checks were most of the cost. Up to 8 items
 * the bet on no rejected draw (speculate's) fails for under 0.06 % of shuffles (Σb / 2^16).
 */
export const TINY_MAX = 8;
/**
 * A 16-bit stretch of at least this many steps is handed to the source's fused pass where it has
 * one (the portable ChaCha20: keystream and steps in one WebAssembly pass, chacha20-wasm.ts); a
 * call costs a few microseconds (a group of blocks made ahead, the words left over copied back).
 */
export const FUSED_MIN = 2048;
/**
 * The fused pass makes the steps of bounds above this, the 16-bit loops of both kinds included:
 * its integer steps run beside the keystream's vector rounds whichever loop the kernels would
 * have used. Below it, Lemire's k = floor(2^16 / b) changes every few steps, which the fused
 * pass handles with a division (correct, but slow).
 */
export const FUSED_LOW = 2048;
