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
 * Reduces a 32-bit word to [0, bound) for 1 ≤ bound ≤ 2^32, or −1 to reject it. Below 2^21 the
 * product fits a double's 53 bits exactly; above, it is assembled from 16-bit halves.
 */
export function reduce32(x: number, bound: number): number {
  if (bound <= 0x200000) {
    const m = x * bound;
    const low = m >>> 0;
    if (low < bound && low < (4294967296 - bound) % bound) return -1;
    return (m - low) / 4294967296;
  }
  if (bound === 4294967296) return x;
  // x · bound = hi·2^32 + lo, from x · (bHigh·2^16 + bLow); every partial product is < 2^49.
  const bLow = bound & 0xffff;
  const a = x * bLow;
  const b = x * ((bound - bLow) / 65536);
  const bMid = b % 65536;
  const t = bMid * 65536 + a;
  const low = t % 4294967296;
  if (low < bound && low < (4294967296 - bound) % bound) return -1;
  return (b - bMid) / 65536 + (t - low) / 4294967296;
}
