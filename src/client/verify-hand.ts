import {
  describeVerdict,
  disputeVoidV3,
  type FairVerdict,
  type VerdictDescription,
  type VerifyProblem,
  type VoidRecordV3,
  verifyAsync,
} from '../fair/index.ts';
import type { KeptHand } from './seat-memory.ts';
import type { TablesClient } from './tables-client.ts';
import type { HandOutcome } from './wire.ts';

/** What one device's check of a hand's record came to. */
export interface HandVerdict {
  readonly n: number;
  /** What the service says became of the hand (`dealt`, `withheld`, `kicked`). */
  readonly outcome: HandOutcome;
  /** The verdict, when the record verified; null when it did not (see `problems`). */
  readonly verdict: FairVerdict | null;
  /** describeVerdict's words for it (the same as the CLI, the page and `/v1/verify`). */
  readonly words: VerdictDescription | null;
  /** True only for a record proven fair that no receipt disputes. */
  readonly green: boolean;
  /** Why the record failed verification, or []: each with its `code` (docs/FAIR.md §10). */
  readonly problems: readonly VerifyProblem[];
  /**
   * Receipts kept by this device that contradict a void record: the dealer signed a receipt for
   * a message the record says never came (it dropped it). Non-empty means the record is a lie.
   * Each is a problem with code `dropped-message`.
   */
  readonly disputes: readonly VerifyProblem[];
  /** The record as published (to keep, or to check again with `fairdeal verify`). */
  readonly transcript: unknown;
}

/**
 * Checks a finished or void hand's record on this device, trusting nothing the service says
 * about it: the record is re-dealt and every signature checked by fairdeal/fair's `verifyAsync`
 * (Web Crypto; Node and browsers), held to the dealer key this device trusts and to what it saw
 * published before the seeds (`kept`: the announcement's commitment and the roster's hash); a
 * void record is also held to the receipts it kept (`disputeVoidV3`). Green only for proven fair.
 *
 * @example
 * ```ts
 * const v = await verifyHand(client, tableId, 1, { dealer: dealerKey, kept: memory.kept(1) });
 * console.log(v.words?.headline ?? v.problems.map((p) => p.message).join('; ')); // 'PROVEN FAIR'
 * ```
 * @throws {TableClientError} when the record cannot be read (the hand is not over, no answer).
 */
export async function verifyHand(
  client: TablesClient,
  tableId: string,
  n: number,
  o: { readonly dealer: string; readonly kept?: KeptHand | null },
): Promise<HandVerdict> {
  const answer = await client.transcript(tableId, n);
  const kept = o.kept ?? null;
  const result = await verifyAsync(answer.transcript, {
    dealer: o.dealer,
    ...(kept === null ? {} : { commitment: kept.commitment }),
    ...(kept?.rosterHash === undefined ? {} : { rosterHash: kept.rosterHash }),
  });
  const base = { n, outcome: answer.outcome, transcript: answer.transcript };
  if (!result.ok) {
    return {
      ...base,
      verdict: null,
      words: null,
      green: false,
      problems: result.problems,
      disputes: [],
    };
  }
  let disputes: VerifyProblem[] = [];
  const record = result.transcript as { readonly kind?: string };
  if (record.kind === 'void') {
    const found = await disputeVoidV3(record as VoidRecordV3, kept?.receipts ?? []);
    disputes = found;
  }
  const words = describeVerdict(result.verdict);
  return {
    ...base,
    verdict: result.verdict,
    words,
    green: words.green && disputes.length === 0,
    problems: [],
    disputes,
  };
}
