/**
 * Exact reduction of one random word to [0, bound): Lemire's nearly divisionless method
 * (D. Lemire, "Fast Random Integer Generation in an Interval", ACM TOMACS 29(1), 2019).
 *
 * floor(x · bound / 2^W) maps the 2^W words onto [0, bound); each value gets either
 * floor(2^W / bound) or one more word. The words whose low part (x · bound mod 2^W) is below
 * t = 2^W mod bound are exactly the surplus ones, so rejecting them leaves every value with
 * floor(2^W / bound) words: exactly uniform. t < bound, so the division that computes it only
 * runs when the low part is below bound — rarely, hence "nearly divisionless".
 *
 * The reducers return −1 for a rejected word; the caller draws again. They are tiny so V8
 * inlines them into the shuffle loop, and tests run them on every 16-bit word (exhaustively) and on
 * every 32-bit word around each acceptance boundary.
 */

/**
 * Reduces a 16-bit word to [0, bound) for 1 ≤ bound ≤ 65536, or −1 to reject it.
 * x · bound < 2^32 stays exact in integer arithmetic.
 */
export function reduce16(x: number, bound: number): number {
  const m = x * bound;
  const low = m & 0xffff;
  if (low < bound && low < (65536 - bound) % bound) return -1;
  return m >>> 16;
}

/**
 * Reduces a 32-bit word to [0, bound) for 1 ≤ bound ≤ 2^32, or −1 to reject it.
 *
 * x · bound needs up to 64 bits; a double holds 53. The low 32 bits come exactly from
 * `Math.imul` (a wrapping integer multiply). The high part is recovered from the rounded
 * double product: below 2^64 an ulp is at most 2^11, so fl(x · bound) is within 2^10 of the true
 * product; subtracting the exact low part rounds by at most 2^10 more; so
 * (fl(x · bound) − low) / 2^32 is the high part ± 2^−21 (dividing by 2^32 is exact), and
 * rounding to the nearest integer gives it exactly. Four floating operations and no `%` (a slow
 * fmod) on the common path.
 */
export function reduce32(x: number, bound: number): number {
  const low = Math.imul(x, bound) >>> 0;
  if (low < bound && low < (4294967296 - bound) % bound) return -1;
  return Math.round((x * bound - low) / 4294967296);
}
