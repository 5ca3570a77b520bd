// A seat's fairdeal-v3 steps, taken by its own browser as soon as the hand allows them
// (docs/FAIR.md §V3.2): check the dealer's announcement (signed by the service's key, this
// browser's key at this seat), commit to a fresh seed with a signature, then — once the roster is
// published — check it (every seat's signed commitment, ours unaltered, the dealer's signature)
// and reveal, signed over that roster. The seed and salt stay in localStorage until the reveal is
// on record, so a reload can still reveal; the dealer's signed receipts are checked and kept, to
// dispute a void record that would drop this seat's message (table-verdicts.ts).

import type { TableView } from '../client/index.ts';
import {
  checkAnnouncementV3,
  checkReceiptV3,
  checkRosterV3,
  commitAsSeat,
  type ReceiptV3,
  revealAsSeat,
} from '../fair/index.ts';
import { freshSeed } from '../index.ts';
import { t, tf } from './i18n.ts';
import { tableStorage } from './table-storage.ts';

/** What the steps need from the table view. */
export interface SeatSide {
  readonly id: string;
  readonly seat: number;
  /** Sends an action (the version is added); resolves with the answer. */
  act(body: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** The dealer key this browser trusts: the service's published one. */
  dealer(): Promise<string>;
  /** Shows a problem that stops the steps (the player must know why nothing happens). */
  stop(message: string): void;
}

async function keepReceipt(side: SeatSide, n: number, answer: Record<string, unknown>) {
  const receipt = answer.receipt as ReceiptV3 | undefined;
  if (receipt === undefined) return;
  const kept = tableStorage.kept(side.id, side.seat, n);
  if (kept !== null) {
    kept.receipts.push(receipt);
    tableStorage.setKept(side.id, side.seat, n, kept);
  }
  if (!(await checkReceiptV3(receipt, await side.dealer()))) {
    side.stop(tf('table.badReceipt', { kind: receipt.kind }));
  }
}

/**
 * Takes the next fair step this seat owes in `tv`, if any: a commit or a reveal. Resolves once
 * it was sent (the answer's view arrives through `act`), or at once with nothing to do.
 *
 * @example
 * ```ts
 * await seatStep(side, view);
 * ```
 * @throws {TableApiError} when the service refuses the step (a stale version: the caller reads
 *   the table again and calls again).
 */
export async function seatStep(side: SeatSide, tv: TableView): Promise<void> {
  const hand = tv.hand;
  if (hand === null || tv.mode !== 'fair') return;
  const { id, seat } = side;
  const n = hand.n;
  const a = hand.announcement;
  const mine = tableStorage.secret(id, seat, n);
  const revealed = hand.reveals[seat] !== null && hand.reveals[seat] !== undefined;
  if (revealed || hand.phase === 'playing' || hand.phase === 'ended' || hand.phase === 'void') {
    // On record (or never to be): the seed is public or of no use now.
    if (mine !== null) tableStorage.setSecret(id, seat, n, null);
    return;
  }
  const key = tableStorage.key(id, seat);
  if (hand.phase === 'committing' && hand.commits[seat] === null) {
    if (key === null) return side.stop(t('table.noKey'));
    try {
      await checkAnnouncementV3(a, { seat, publicKey: key.publicKey, dealer: await side.dealer() });
    } catch (e) {
      return side.stop(`${t('table.badAnnouncement')} ${e instanceof Error ? e.message : e}`);
    }
    let commit = mine;
    if (commit === null || commit.serverCommitment !== a.commitment) {
      commit = await commitAsSeat(a, seat, freshSeed(), key);
      // Kept BEFORE it is sent: a commitment on record whose seed was lost could never reveal.
      tableStorage.setSecret(id, seat, n, commit);
    }
    const answer = await side.act({
      type: 'commit',
      commitment: commit.commitment,
      signature: commit.signature,
    });
    await keepReceipt(side, n, answer);
    return;
  }
  if (hand.phase === 'revealing' && hand.roster !== null) {
    if (key === null) return side.stop(t('table.noKey'));
    if (mine === null || mine.serverCommitment !== a.commitment) {
      return side.stop(t('table.lostSeed'));
    }
    try {
      // The library refuses a roster that does not hold our commitment, or is not the dealer's.
      await checkRosterV3(hand.roster, a, mine);
    } catch (e) {
      return side.stop(`${t('table.badRoster')} ${e instanceof Error ? e.message : e}`);
    }
    const reveal = await revealAsSeat(mine, hand.roster, key);
    const answer = await side.act({
      type: 'reveal',
      seed: reveal.seed,
      salt: reveal.salt,
      signature: reveal.signature,
    });
    await keepReceipt(side, n, answer);
  }
}
