import { FAIR_ALGORITHM as FAIR_V1 } from './algorithm.ts';
import { constantTimeEqual } from './constant-time-equal.ts';
import { fromHex } from './hex.ts';
import type { VerifyProblem } from './verify.ts';
import { verify } from './verify.ts';
import { problem } from './verify-problems.ts';

/** A problem of one hand of a chain: `index` is its position in the array given (−1: the chain). */
export interface ChainProblem extends VerifyProblem {
  readonly index: number;
}

/** The verdict of {@link verifyChain}. */
export type ChainResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly problems: readonly ChainProblem[] };

/**
 * Verifies a table's history: every transcript on its own ({@link verify}), all on one table,
 * each hand number exactly one more than the previous (a gap means a hand was removed), and each
 * `prev` equal to the previous transcript's hash — so removing, inserting, re-ordering or editing
 * any hand breaks a link. An empty list fails: verifying nothing proves nothing. The first
 * transcript's `prev` is not checked (a history may start mid-table); pass the whole history
 * from `prev: null` to check its start too. Versions (docs/FAIR.md §10, "Chains"): a table may
 * go from fairdeal-v1 to v2 once, never back — a v1 hand after a v2 hand is a downgrade to a
 * version that commits to neither options nor seating, and is refused (`algorithm`).
 *
 * @example
 * ```ts
 * const r = verifyChain([hand1, hand2, hand3]);
 * ```
 * @throws never (problems are returned).
 */
export function verifyChain(transcripts: readonly unknown[]): ChainResult {
  if (!Array.isArray(transcripts) || transcripts.length === 0) {
    return {
      ok: false,
      problems: [
        {
          index: -1,
          ...problem('chain', 'chain-empty', 'the chain is empty: nothing was verified'),
        },
      ],
    };
  }
  const problems: ChainProblem[] = [];
  let previous: { table: string; hand: number; hash: string } | undefined;
  let sawV2 = false;
  transcripts.forEach((input, index) => {
    const r = verify(input);
    if (!r.ok) {
      for (const p of r.problems) problems.push({ ...p, index });
      previous = undefined;
      return;
    }
    const t = r.transcript;
    if (t.algorithm === FAIR_V1 && sawV2) {
      problems.push({
        index,
        ...problem(
          'algorithm',
          'chain-downgrade',
          `hand ${t.hand} is fairdeal-v1 after a fairdeal-v2 hand: a chain never goes back to v1`,
          { hand: t.hand },
        ),
      });
    }
    if (t.algorithm !== FAIR_V1) sawV2 = true;
    if (previous !== undefined) {
      if (t.table !== previous.table) {
        problems.push({
          index,
          ...problem(
            'table',
            'chain-table',
            `hand ${t.hand} is from table '${t.table}', not '${previous.table}'`,
            { hand: t.hand, table: t.table, previous: previous.table },
          ),
        });
      }
      if (t.hand !== previous.hand + 1) {
        problems.push({
          index,
          ...problem(
            'hand',
            'chain-gap',
            `hand ${t.hand} does not follow hand ${previous.hand} (the next hand is ${previous.hand + 1})`,
            { hand: t.hand, previous: previous.hand },
          ),
        });
      }
      const linked =
        t.prev !== null &&
        constantTimeEqual(fromHex(t.prev, 32, 'prev'), fromHex(previous.hash, 32, 'hash'));
      if (!linked) {
        problems.push({
          index,
          ...problem(
            'prev',
            'chain-link',
            `hand ${t.hand} does not link to the hash of hand ${previous.hand}`,
            { hand: t.hand, previous: previous.hand },
          ),
        });
      }
    }
    previous = { table: t.table, hand: t.hand, hash: t.hash };
  });
  return problems.length === 0 ? { ok: true } : { ok: false, problems };
}
