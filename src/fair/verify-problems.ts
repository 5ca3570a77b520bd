import { FairdealError } from '../errors.ts';
import type { DealtIds } from './preset-deal.ts';
import type { DealtCard } from './transcript.ts';

/**
 * Every kind of verification problem, stable across versions (docs/FAIR.md §10, "Problem
 * codes"). The `message` of a problem is English for a log or a terminal; a program (the web
 * page, in its language) words a problem from its `code` and `params` instead, so a code added
 * here without words there fails its test (src/web/problem-words.test.ts).
 *
 * @example
 * ```ts
 * VERIFY_PROBLEM_CODES.includes('hash'); // true
 * ```
 */
export const VERIFY_PROBLEM_CODES = Object.freeze([
  // the record's shape
  'malformed',
  'options-not-canonical',
  'roster-size',
  // seeds and commitments
  'server-commitment',
  'out-of-order',
  'not-in-roster',
  'seed-commitment',
  'plain-seed',
  // a fairdeal-v3 hand's steps
  'practice-shape',
  'commit-count',
  'missing-commit',
  'roster-early',
  'roster-hash',
  'reveal-early',
  'reveal-count',
  'no-roster',
  'missing-reveal',
  'void-seats',
  'void-seats-wrong',
  'after-roster',
  'before-announced',
  'before-roster',
  'void-early',
  // the deal
  'card-count',
  'card',
  'card-destination',
  'hash',
  // signatures
  'commit-signature',
  'reveal-signature',
  'dealer-signature',
  'async-only',
  // what the checker kept from before the hand
  'not-announced-commitment',
  'not-announced',
  'announcement-version',
  'untrusted-dealer',
  'not-published-roster',
  // a chain of hands
  'chain-empty',
  'chain-downgrade',
  'chain-table',
  'chain-gap',
  'chain-link',
  // a void record against a seat's receipts
  'dropped-message',
] as const);

/** One of {@link VERIFY_PROBLEM_CODES}. */
export type VerifyProblemCode = (typeof VERIFY_PROBLEM_CODES)[number];

/** One thing that does not match, named precisely enough to act on. */
export interface VerifyProblem {
  /** Which part: `format`, `options`, `server.commitment`, `reveals[2].commitment`, `cards[17]`, `hash`, … */
  readonly field: string;
  /** What kind of problem (docs/FAIR.md §10, "Problem codes"). */
  readonly code: VerifyProblemCode;
  /** One line for humans, in English, e.g. "card at position 17 is 7H, the seeds give QS". */
  readonly message: string;
  /**
   * The values the message names, for words in another language: `position`, `listed`, `dealt`
   * (cards as `7H`, destinations as `hand:0`), `seat` (0-based), `player`, counts. Absent when the
   * code and field say it all.
   */
  readonly params?: Readonly<Record<string, string | number>>;
}

/**
 * A problem, its params left out when there are none.
 *
 * @example
 * ```ts
 * problem('hash', 'hash', 'the hash field does not match the content');
 * ```
 * @throws never.
 */
export function problem(
  field: string,
  code: VerifyProblemCode,
  message: string,
  params?: Readonly<Record<string, string | number>>,
): VerifyProblem {
  return params === undefined ? { field, code, message } : { field, code, message, params };
}

/**
 * Compares the transcript's cards with the re-dealt ones, position by position.
 *
 * @example
 * ```ts
 * const problems: VerifyProblem[] = [];
 * // verify passes plan.cardsOfKey(key); the transcript's own cards compare equal to themselves:
 * compareCards(t.cards, { cards: t.cards.map((c) => c.card), to: t.cards.map((c) => c.to) }, problems);
 * problems.length; // 0 (one problem per card that differs)
 * ```
 * @throws never.
 */
export function compareCards(
  got: readonly DealtCard[],
  want: DealtIds,
  problems: VerifyProblem[],
): void {
  const dealt = want.cards;
  if (got.length !== dealt.length) {
    problems.push(
      problem(
        'cards',
        'card-count',
        `the transcript lists ${got.length} cards, the seeds deal ${dealt.length}`,
        { listed: got.length, dealt: dealt.length },
      ),
    );
  }
  const n = Math.min(got.length, dealt.length);
  for (let i = 0; i < n; i++) {
    const g = got[i]!;
    const card = dealt[i]!;
    const to = want.to[i]!;
    if (g.card !== card) {
      problems.push(
        problem(
          `cards[${i}]`,
          'card',
          `card at position ${i} is ${g.card}, the seeds give ${card}`,
          { position: i, listed: g.card, dealt: card },
        ),
      );
    } else if (g.to !== to) {
      problems.push(
        problem(
          `cards[${i}].to`,
          'card-destination',
          `card ${g.card} at position ${i} went to ${g.to}, the preset deals it to ${to}`,
          { position: i, card: g.card, listed: g.to, dealt: to },
        ),
      );
    }
  }
}

/**
 * A problem from a thrown error (`malformed`): its `detail.field` if it names one, else
 * `fallback`.
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
  return problem(
    typeof field === 'string' ? field : fallback,
    'malformed',
    error instanceof Error ? error.message : String(error),
  );
}
