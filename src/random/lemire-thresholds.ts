/**
 * Lemire's rejection thresholds for 16-bit draws, t(b) = 2^16 mod b, as a table indexed by the
 * bound b (1 ≤ b ≤ 2^16): a 16-bit half x is rejected for bound b exactly when the low half of
 * x · b is below t(b) (see reduce16 in lemire.ts, whose `low < b && low < t` is the same test
 * because t < b).
 *
 * Why a table: a shuffle's bound falls by one per step, and its threshold by a jump at each
 * quotient change. Computing it per step is a division on the loop's critical path (~25 cycles);
 * a table read is an L1 or prefetched L2 hit, walked in order. The table grows to the largest
 * bound asked for (in powers of two), so a 200-card shuffle fills 256 entries, not 65,537; at its
 * largest it is 128 KiB, made once per process.
 */
let table = new Uint16Array(1);

/**
 * A table t with t[b] = 2^16 mod b for every 1 ≤ b ≤ maxBound (t[0] is 0 and unused).
 * @param maxBound an integer in [1, 65536].
 */
export function lemireThresholds(maxBound: number): Uint16Array {
  if (maxBound < table.length) return table;
  let size = table.length;
  while (size <= maxBound) size *= 2;
  size = Math.min(size, 65537);
  const grown = new Uint16Array(size);
  grown.set(table);
  for (let b = Math.max(1, table.length); b < size; b++) grown[b] = 65536 % b;
  table = grown;
  return grown;
}
