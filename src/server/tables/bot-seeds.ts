import {
  bytesToHex,
  commitAsSeatSync,
  revealAsSeatSync,
  type SeatCommitMessage,
  type SeatCommitV3,
  type SeatRevealMessage,
} from '../../fair/index.ts';
import { botKey, type SealingContext } from './bot-seats.ts';
import { secureBytes } from './random-bytes.ts';
import type { HandDocument, TableDocument } from './table-doc.ts';

/**
 * A house bot's commitment for the hand just announced: a fresh 256-bit seed from the secure
 * source — the house's seed, which is why the verdict names the seat (describeVerdict) — and a
 * salt, committed and signed with the bot's own key exactly as a person's device does
 * (commitAsSeat). The message goes through the same `commitSeat` check as a person's; the seed
 * and salt are returned sealed, for the hand to keep until the reveal (`botSeeds`).
 *
 * @example
 * ```ts
 * const { message, sealed } = botCommit(doc, hand, 2, ctx);
 * ```
 * @throws as commitAsSeatSync; Error for a seat without a bot key.
 */
export function botCommit(
  doc: TableDocument,
  hand: HandDocument,
  seat: number,
  ctx: SealingContext,
): { message: SeatCommitMessage; sealed: string } {
  const seed = bytesToHex(secureBytes(32));
  const mine = commitAsSeatSync(hand.announcement, seat, seed, botKey(doc, seat, ctx));
  return {
    message: { commitment: mine.commitment, signature: mine.signature },
    sealed: ctx.seal(JSON.stringify(mine)),
  };
}

/**
 * A house bot's reveal, once the roster closed: its sealed seed and salt, signed over the roster
 * with its key (revealAsSeat), for `revealSeat` to check like any seat's.
 *
 * @example
 * ```ts
 * const message = botReveal(doc, hand, 2, ctx); // { seed, salt, signature }
 * ```
 * @throws Error when the hand kept no seed for the seat (it did not commit here).
 */
export function botReveal(
  doc: TableDocument,
  hand: HandDocument,
  seat: number,
  ctx: SealingContext,
): SeatRevealMessage {
  const sealed = hand.botSeeds?.[seat];
  if (typeof sealed !== 'string' || hand.roster === null) {
    throw new Error(`seat ${seat} has no sealed seed to reveal`);
  }
  const mine = JSON.parse(ctx.open(sealed)) as SeatCommitV3;
  const r = revealAsSeatSync(mine, hand.roster, botKey(doc, seat, ctx));
  return { seed: r.seed, salt: r.salt, signature: r.signature };
}
