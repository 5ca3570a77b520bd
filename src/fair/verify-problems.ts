import { FairdealError } from '../errors.ts';
import type { DealtCard } from './transcript.ts';

/** One thing that does not match, named precisely enough to act on. */
export interface VerifyProblem {
  /** Which part: `format`, `options`, `server.commitment`, `reveals[2].commitment`, `cards[17]`, `hash`, … */
  readonly field: string;
  /** One line for humans, e.g. "card at position 17 is 7H, the seeds give QS". */
  readonly message: string;
}

/**
 * Compares the transcript's cards with the re-dealt ones, position by position.
 *
 * @example
 * ```ts
 * const problems: VerifyProblem[] = [];
 * compareCards(t.cards, expected, problems); // one problem per card that differs
 * ```
 * @throws never.
 */
export function compareCards(
  got: readonly DealtCard[],
  want: readonly DealtCard[],
  problems: VerifyProblem[],
): void {
  if (got.length !== want.length) {
    problems.push({
      field: 'cards',
      message: `the transcript lists ${got.length} cards, the seeds deal ${want.length}`,
    });
  }
  const n = Math.min(got.length, want.length);
  for (let i = 0; i < n; i++) {
    const g = got[i]!;
    const w = want[i]!;
    if (g.card !== w.card) {
      problems.push({
        field: `cards[${i}]`,
        message: `card at position ${i} is ${g.card}, the seeds give ${w.card}`,
      });
    } else if (g.to !== w.to) {
      problems.push({
        field: `cards[${i}].to`,
        message: `card ${g.card} at position ${i} went to ${g.to}, the preset deals it to ${w.to}`,
      });
    }
  }
}

/**
 * A problem from a thrown error: its `detail.field` if it names one, else `fallback`.
 *
 * @example
 * ```ts
 * try {
 *   parseTranscript(text);
 * } catch (error) {
 *   problemOf(error, 'format'); // the field the error names, else 'format'
 * }
 * ```
 * @throws never.
 */
export function problemOf(error: unknown, fallback: string): VerifyProblem {
  const field = error instanceof FairdealError ? error.detail?.field : undefined;
  return {
    field: typeof field === 'string' ? field : fallback,
    message: error instanceof Error ? error.message : String(error),
  };
}
