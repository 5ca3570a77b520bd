/** Largest n whose n! orders are counted one by one (6! = 720 cells). */
export const MAX_PERMUTATION_N = 6;

/**
 * Everything the tests need from T shuffles of the cards 0 … n−1, counted in typed arrays so that
 * workers can send them back without copying and counts add up across workers in any order
 * (addition is commutative, so seeded parallel runs stay reproducible).
 */
export interface AuditCounts {
  readonly n: number;
  trials: number;
  /** `position[card * n + p]`: how often `card` ended at position p (0 = top). */
  readonly position: Float64Array;
  /** `pairs[a * n + b]`: how often card b came immediately after card a. */
  readonly pairs: Float64Array;
  /** `rising[r]`: how often the order had r rising sequences (1 ≤ r ≤ n). */
  readonly rising: Float64Array;
  /** For 3 ≤ n ≤ 6: `perms[lehmer index]`, how often each of the n! orders came up; else empty. */
  readonly perms: Float64Array;
}

/**
 * Checks that `value` is an {@link AuditCounts} (from `createCounts` or a worker), naming the
 * argument in the error.
 *
 * @example
 * ```ts
 * assertCounts(createCounts(5)); // fine
 * ```
 * @throws {TypeError} for anything else.
 */
export function assertCounts(value: unknown, name = 'counts'): asserts value is AuditCounts {
  const c = value as Partial<AuditCounts> | null;
  const ok =
    c !== null &&
    typeof c === 'object' &&
    typeof c.n === 'number' &&
    typeof c.trials === 'number' &&
    c.position instanceof Float64Array &&
    c.pairs instanceof Float64Array &&
    c.rising instanceof Float64Array &&
    c.perms instanceof Float64Array;
  if (!ok) throw new TypeError(`${name} must be audit counts (from createCounts)`);
}

function factorial(n: number): number {
  let f = 1;
  for (let i = 2; i <= n; i++) f *= i;
  return f;
}

/**
 * Fresh zeroed counts for n cards.
 *
 * @example
 * ```ts
 * const counts = createCounts(52);
 * ```
 * @throws {TypeError} if n is not a number.
 * @throws {RangeError} if n is not an integer in [1, 2^16].
 */
export function createCounts(n: number): AuditCounts {
  if (typeof n !== 'number') throw new TypeError('n must be a number');
  if (!Number.isInteger(n) || n < 1 || n > 65536) {
    throw new RangeError(`n must be an integer in [1, 65536], got ${n}`);
  }
  return {
    n,
    trials: 0,
    position: new Float64Array(n * n),
    pairs: new Float64Array(n * n),
    rising: new Float64Array(n + 1),
    perms: new Float64Array(n >= 3 && n <= MAX_PERMUTATION_N ? factorial(n) : 0),
  };
}

/**
 * Adds one shuffled order to the counts. `order[p]` is the card (0 … n−1) at position p; it must
 * already be checked to be a permutation (see `checkPermutation`). `scratch` (length n) avoids an
 * allocation per trial.
 *
 * @example
 * ```ts
 * addOrder(counts, [2, 0, 1], new Int32Array(3));
 * ```
 * @throws never (the caller validates).
 */
export function addOrder(counts: AuditCounts, order: ArrayLike<number>, scratch: Int32Array): void {
  const { n, position, pairs, rising, perms } = counts;
  const where = scratch;
  let previous = -1;
  for (let p = 0; p < n; p++) {
    const card = order[p]!;
    position[card * n + p]!++;
    where[card] = p;
    if (previous >= 0) pairs[previous * n + card]!++;
    previous = card;
  }
  // Rising sequences (Bayer & Diaconis 1992): 1 + the number of cards c with c + 1 above c.
  let r = 1;
  for (let c = 0; c + 1 < n; c++) if (where[c + 1]! < where[c]!) r++;
  rising[r]!++;
  if (perms.length > 0) {
    // Lehmer code: for each position, how many later cards are smaller.
    let index = 0;
    for (let p = 0; p < n; p++) {
      let smaller = 0;
      const card = order[p]!;
      for (let q = p + 1; q < n; q++) if (order[q]! < card) smaller++;
      index = index * (n - p) + smaller;
    }
    perms[index]!++;
  }
  counts.trials++;
}

/**
 * Adds `from` into `into` (same n).
 *
 * @example
 * ```ts
 * const total = createCounts(52);
 * mergeCounts(total, counts); // add one worker's counts
 * ```
 * @throws {RangeError} if the two counts are for different n.
 */
export function mergeCounts(into: AuditCounts, from: AuditCounts): void {
  assertCounts(into, 'into');
  assertCounts(from, 'from');
  if (into.n !== from.n)
    throw new RangeError(`cannot merge counts for n=${from.n} into n=${into.n}`);
  into.trials += from.trials;
  for (const key of ['position', 'pairs', 'rising', 'perms'] as const) {
    const a = into[key];
    const b = from[key];
    for (let i = 0; i < a.length; i++) a[i]! += b[i]!;
  }
}
