import type { Compass } from '../cards/index.ts';
import { COMPASS } from '../cards/index.ts';

/** Who is vulnerable: nobody, North–South, East–West, or both sides. */
export type Vulnerability = 'None' | 'NS' | 'EW' | 'All';

// The standard 16-board cycle (Laws of Duplicate Bridge, Law 2): boards 1–16, then it repeats.
const CYCLE: readonly Vulnerability[] = [
  'None',
  'NS',
  'EW',
  'All',
  'NS',
  'EW',
  'All',
  'None',
  'EW',
  'All',
  'None',
  'NS',
  'All',
  'None',
  'NS',
  'EW',
];

function check(board: number): void {
  if (!Number.isSafeInteger(board) || board < 1) {
    throw new RangeError(`board number must be a positive integer, got ${board}`);
  }
}

/**
 * The dealer of a duplicate board: board 1 North, 2 East, 3 South, 4 West, and so on.
 *
 * @example
 * ```ts
 * boardDealer(6); // 'E'
 * ```
 * @throws {RangeError} unless `board` is a positive integer.
 */
export function boardDealer(board: number): Compass {
  check(board);
  return COMPASS[(board - 1) % 4]!;
}

/**
 * The vulnerability of a duplicate board (the 16-board cycle of Law 2).
 *
 * @example
 * ```ts
 * boardVulnerability(1);  // 'None'
 * boardVulnerability(7);  // 'All'
 * boardVulnerability(17); // 'None' (the cycle repeats)
 * ```
 * @throws {RangeError} unless `board` is a positive integer.
 */
export function boardVulnerability(board: number): Vulnerability {
  check(board);
  return CYCLE[(board - 1) % 16]!;
}
