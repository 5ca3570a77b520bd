/**
 * Eulerian numbers A(n, k), k = 0 … n−1: how many orders of n cards have exactly k descents —
 * equivalently k + 1 rising sequences. Exact (BigInt), by the recurrence
 * A(n, k) = (k + 1)·A(n−1, k) + (n − k)·A(n−1, k−1) (Graham, Knuth & Patashnik, Concrete
 * Mathematics, eq. 6.35).
 *
 * @example
 * ```ts
 * eulerianNumbers(4); // [1n, 11n, 11n, 1n]
 * ```
 * @throws {RangeError} if n is not a positive integer.
 */
export function eulerianNumbers(n: number): bigint[] {
  if (typeof n !== 'number') throw new TypeError('n must be a number');
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`n must be a positive integer, got ${n}`);
  let row: bigint[] = [1n];
  for (let m = 2; m <= n; m++) {
    const next: bigint[] = new Array(m).fill(0n);
    for (let k = 0; k < m; k++) {
      const keep = k < row.length ? BigInt(k + 1) * row[k]! : 0n;
      const add = k >= 1 ? BigInt(m - k) * row[k - 1]! : 0n;
      next[k] = keep + add;
    }
    row = next;
  }
  return row;
}

/**
 * The exact law of the number of rising sequences of a uniform order of n cards:
 * `p[r] = A(n, r − 1) / n!` for r = 1 … n (`p[0] = 0`). Probabilities are rounded to doubles
 * from the exact ratio (relative error ≤ 2^-52); far-tail values below 2^-1000 become 0, which
 * is harmless because tails are pooled before testing.
 *
 * @example
 * ```ts
 * risingSequenceLaw(3); // [0, 1/6, 4/6, 1/6]
 * ```
 * @throws {RangeError} if n is not a positive integer.
 */
export function risingSequenceLaw(n: number): number[] {
  if (typeof n !== 'number') throw new TypeError('n must be a number');
  const a = eulerianNumbers(n);
  let total = 1n;
  for (let i = 2n; i <= BigInt(n); i++) total *= i;
  // Shift both so the denominator fits a double (n! overflows a double beyond n = 170).
  const shift = BigInt(Math.max(0, total.toString(2).length - 1000));
  const denominator = Number(total >> shift);
  return [0, ...a.map((x) => Number(x >> shift) / denominator)];
}
