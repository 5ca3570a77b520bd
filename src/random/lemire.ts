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
 * x · bound needs up to 64 bits; a double holds 53. The low 32 bits come from `Math.imul`
 * (wrapping integer multiply, exact mod 2^32). The high 32 come from the product split at
 * 16 bits: x · bound = xHigh · bound · 2^16 + xLow · bound, both partial products < 2^48 and
 * exact, and floor((B · 2^16 + A) / 2^32) = floor((B + floor(A / 2^16)) / 2^16) for integer B.
 * Dividing by a power of two is exact, so no `%` (a slow fmod on doubles) runs on the common path.
 */
export function reduce32(x: number, bound: number): number {
  const low = Math.imul(x, bound) >>> 0;
  if (low < bound && low < (4294967296 - bound) % bound) return -1;
  const xLow = x & 0xffff;
  const carry = Math.floor((xLow * bound) / 65536);
  return Math.floor((((x - xLow) / 65536) * bound + carry) / 65536);
}
