import type { AuditCounts } from './audit-counts.ts';
import { assertCounts } from './audit-counts.ts';

/** One card × position cell and how far it is from uniform. */
export interface WorstCell {
  readonly card: number;
  readonly position: number;
  readonly observed: number;
  readonly expected: number;
  /** observed / expected: 2 means twice as often as a fair shuffle. */
  readonly ratio: number;
  /** Standardized residual (O − E) / sd, sd = √(T·(1/n)·(1 − 1/n)). */
  readonly z: number;
}

/**
 * The cells of the card × position table that deviate most from uniform, largest |z| first —
 * "card 51 tends to position 51, 52× more often than it should".
 *
 * @example
 * ```ts
 * worstCells(counts, 5)[0]; // { card: 51, position: 51, ratio: 52, … }
 * ```
 * @throws never.
 */
export function worstCells(counts: AuditCounts, limit = 8): WorstCell[] {
  assertCounts(counts);
  const { n, trials, position } = counts;
  if (trials === 0) return [];
  const expected = trials / n;
  const sd = Math.sqrt(trials * (1 / n) * (1 - 1 / n)) || 1;
  const cells: WorstCell[] = [];
  for (let card = 0; card < n; card++) {
    for (let p = 0; p < n; p++) {
      const observed = position[card * n + p]!;
      cells.push({
        card,
        position: p,
        observed,
        expected,
        ratio: observed / expected,
        z: (observed - expected) / sd,
      });
    }
  }
  cells.sort((a, b) => Math.abs(b.z) - Math.abs(a.z));
  return cells.slice(0, limit);
}
