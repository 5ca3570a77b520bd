/** A group of adjacent cells merged so that its expected count is large enough. */
export interface PooledCell {
  /** First and last original cell index (inclusive). */
  readonly from: number;
  readonly to: number;
  readonly observed: number;
  readonly expected: number;
}

/**
 * Merges adjacent cells, left to right, until each group expects at least `minExpected`
 * (Cochran's rule of thumb: the chi-square approximation needs expectations of about 5); an
 * incomplete last group joins the previous one. For unimodal laws such as the rising-sequence
 * (Eulerian) law this pools exactly the two thin tails.
 *
 * @example
 * ```ts
 * poolCells([1, 10, 1], [0.5, 9, 0.5]); // [{ from: 0, to: 1, … }, …] tails merged
 * ```
 * @throws {RangeError} if the arrays differ in length.
 */
export function poolCells(
  observed: ArrayLike<number>,
  expected: ArrayLike<number>,
  minExpected = 5,
): PooledCell[] {
  if (!isNumbers(observed) || !isNumbers(expected)) {
    throw new TypeError('poolCells needs two arrays of numbers');
  }
  if (observed.length !== expected.length) {
    throw new RangeError('observed and expected must have the same length');
  }
  const groups: PooledCell[] = [];
  let from = 0;
  let o = 0;
  let e = 0;
  for (let i = 0; i < observed.length; i++) {
    o += observed[i]!;
    e += expected[i]!;
    if (e >= minExpected) {
      groups.push({ from, to: i, observed: o, expected: e });
      from = i + 1;
      o = 0;
      e = 0;
    }
  }
  if (from < observed.length) {
    const last = groups.pop();
    if (last === undefined)
      groups.push({ from, to: observed.length - 1, observed: o, expected: e });
    else {
      groups.push({
        from: last.from,
        to: observed.length - 1,
        observed: last.observed + o,
        expected: last.expected + e,
      });
    }
  }
  return groups;
}

function isNumbers(value: unknown): boolean {
  return Array.isArray(value) || value instanceof Float64Array;
}
