import { FairdealError } from '../errors.ts';
import { bytesToHex } from '../random/hex.ts';
import { randomBytes32 } from '../random/random-bytes.ts';
import { secureRandom } from '../random/secure.ts';
import type { RandomSource } from '../random/source.ts';
import { ed25519PublicKeyAsync, ed25519SignAsync, ed25519VerifyAsync } from './ed25519.ts';
import { sameOptions } from './header.ts';
import { FAIR_V3, normalizeHeaderV3 } from './header-v3.ts';
import { fromHex } from './hex.ts';
import {
  announceMessageV3,
  commitMessageV3,
  receiptMessageV3,
  rosterHashV3,
  rosterMessageV3,
} from './messages-v3.ts';
import {
  draftCommitV3,
  draftRevealV3,
  type SeatCommitV3,
  type SeatRevealV3,
} from './seat-drafts-v3.ts';
import type { AnnouncementV3, ReceiptV3, RosterV3 } from './signed-round.ts';
import type { VoidRecordV3 } from './transcript-v3.ts';
import { problem, type VerifyProblem } from './verify-problems.ts';

/**
 * A seat's Ed25519 key pair, made on the player's own device. `privateKey` is SECRET: it never
 * leaves the device (the service only ever sees `publicKey`).
 */
export interface SeatKeyPair {
  /** 32 bytes, hex: what the seat is claimed with and the header binds. */
  readonly publicKey: string;
  /** 32-byte RFC 8032 private key, hex. SECRET. */
  readonly privateKey: string;
}

export type { SeatCommitV3 } from './seat-drafts-v3.ts';

const bad = (message: string) => new FairdealError('BAD_SIGNATURE', message);

/**
 * A new seat key from the secure source (Web Crypto; Node and browsers alike).
 *
 * @example
 * ```ts
 * const key = await createSeatKey(); // send key.publicKey when claiming the seat; keep the rest
 * ```
 * @throws {FairdealError} `RANDOM_UNAVAILABLE`, `BAD_SIGNATURE` without Web Crypto.
 */
export async function createSeatKey(source: RandomSource = secureRandom): Promise<SeatKeyPair> {
  const seed = randomBytes32(source);
  const publicKey = bytesToHex(await ed25519PublicKeyAsync(seed));
  return { publicKey, privateKey: bytesToHex(seed) };
}

/**
 * What a seat checks before committing: a v3 announcement in canonical form, signed by the
 * dealer (the one it trusts, if given), with this seat's own key at this seat and nobody else's
 * key twice. Check its preset, options and seats too: they are what you agree to.
 *
 * @example
 * ```ts
 * await checkAnnouncementV3(announcement, { seat: 0, publicKey: key.publicKey });
 * ```
 * @throws {FairdealError} `BAD_SIGNATURE`, `BAD_OPTION`, `BAD_TRANSCRIPT` naming what is wrong.
 */
export async function checkAnnouncementV3(
  a: AnnouncementV3,
  o: { readonly seat: number; readonly publicKey: string; readonly dealer?: string },
): Promise<void> {
  if (a?.algorithm !== FAIR_V3) throw bad(`not a ${FAIR_V3} announcement`);
  const header = normalizeHeaderV3(a);
  if (!sameOptions(header.options, a.options)) {
    throw new FairdealError('BAD_OPTION', 'the announcement options are not in canonical form');
  }
  if (header.mode !== 'fair') throw bad('a practice hand takes no commitment');
  if (o.dealer !== undefined && a.dealer !== o.dealer)
    throw bad('the announcement is not from the dealer you trust');
  if (header.seats[o.seat]?.key !== o.publicKey) {
    throw bad(
      `seat ${o.seat} of this announcement does not hold your key: someone else sits there`,
    );
  }
  const cs = fromHex(a.commitment, 32, 'commitment');
  const ok = await ed25519VerifyAsync(
    fromHex(a.dealer, 32, 'dealer'),
    announceMessageV3(header, cs, a.at),
    fromHex(a.signature, 64, 'signature'),
  );
  if (!ok) throw bad("the announcement is not signed by the dealer's key");
}

/**
 * The seat's commit step: a fresh salt, the commitment C_k to the seed, signed with the seat's
 * key. Call {@link checkAnnouncementV3} first.
 *
 * @example
 * ```ts
 * const mine = await commitAsSeat(announcement, 0, 'lucky7', key);
 * send({ commitment: mine.commitment, signature: mine.signature }); // keep mine
 * ```
 * @throws {FairdealError} `BAD_OPTION` for a bad seed, `BAD_TRANSCRIPT` for a bad announcement.
 */
export async function commitAsSeat(
  a: AnnouncementV3,
  seat: number,
  seed: string,
  key: SeatKeyPair,
  source: RandomSource = secureRandom,
): Promise<SeatCommitV3> {
  const d = draftCommitV3(a, seat, seed, source);
  return d.signed(await ed25519SignAsync(fromHex(key.privateKey, 32, 'privateKey'), d.message));
}

/**
 * What a seat checks before revealing: the roster belongs to its hand, holds one signed
 * commitment per seat (each signature checked against that seat's key), its own unaltered, and
 * hashes to R, which the dealer signed. Keep it: the transcript must carry the same R.
 *
 * @example
 * ```ts
 * await checkRosterV3(roster, announcement, mine); // throws unless it is safe to reveal
 * ```
 * @throws {FairdealError} `BAD_SIGNATURE` or `BAD_TRANSCRIPT` naming what is wrong.
 */
export async function checkRosterV3(
  roster: RosterV3,
  a: AnnouncementV3,
  mine: SeatCommitV3,
): Promise<void> {
  if (roster?.commitment !== a.commitment || mine.serverCommitment !== a.commitment) {
    throw bad('the roster belongs to another hand');
  }
  const cs = fromHex(a.commitment, 32, 'commitment');
  if (!Array.isArray(roster.commits) || roster.commits.length !== a.seats.length) {
    throw bad(`the roster must hold one commitment per seat (${a.seats.length})`);
  }
  const cks = roster.commits.map((c, k) => fromHex(c?.commitment, 32, `commits[${k}].commitment`));
  if (roster.commits[mine.seat]?.commitment !== mine.commitment) {
    throw bad('the roster does not hold your commitment at your seat');
  }
  const checks = await Promise.all(
    roster.commits.map((c, k) =>
      ed25519VerifyAsync(
        fromHex(a.seats[k]!.key, 32, 'seat key'),
        commitMessageV3(cs, k, cks[k]!),
        fromHex(c.signature, 64, `commits[${k}].signature`),
      ),
    ),
  );
  const forged = checks.findIndex((ok) => !ok);
  if (forged >= 0) throw bad(`the commitment of seat ${forged} is not signed by that seat's key`);
  const r = rosterHashV3(cs, cks);
  if (bytesToHex(r) !== roster.hash) throw bad('the roster hash does not match its commitments');
  const ok = await ed25519VerifyAsync(
    fromHex(a.dealer, 32, 'dealer'),
    rosterMessageV3(cs, r, roster.at),
    fromHex(roster.signature, 64, 'signature'),
  );
  if (!ok) throw bad("the roster is not signed by the dealer's key");
}

/**
 * The seat's reveal, signed over the roster it checked (so it proves every seat had committed).
 *
 * @example
 * ```ts
 * send(await revealAsSeat(mine, roster, key)); // { seat, seed, salt, signature }
 * ```
 * @throws {FairdealError} `BAD_TRANSCRIPT` for a malformed roster.
 */
export async function revealAsSeat(
  mine: SeatCommitV3,
  roster: RosterV3,
  key: SeatKeyPair,
): Promise<SeatRevealV3> {
  const d = draftRevealV3(mine, roster);
  return d.signed(await ed25519SignAsync(fromHex(key.privateKey, 32, 'privateKey'), d.message));
}

/**
 * Whether a receipt is the dealer's signature (`dealer`, hex) over what it says.
 *
 * @example
 * ```ts
 * if (!(await checkReceiptV3(receipt, announcement.dealer))) complain();
 * ```
 * @throws never for well-formed hex; {FairdealError} `BAD_TRANSCRIPT` otherwise.
 */
export async function checkReceiptV3(receipt: ReceiptV3, dealer: string): Promise<boolean> {
  if (receipt?.kind !== 'commit' && receipt?.kind !== 'reveal') return false;
  return ed25519VerifyAsync(
    fromHex(dealer, 32, 'dealer'),
    receiptMessageV3(
      fromHex(receipt.commitment, 32, 'commitment'),
      receipt.kind,
      receipt.seat,
      fromHex(receipt.seatSignature, 64, 'seatSignature'),
      receipt.at,
    ),
    fromHex(receipt.signature, 64, 'signature'),
  );
}

/**
 * Holds a void record to the receipts a seat (anyone) kept: a receipt the dealer signed for a
 * seat's commit or reveal of this very hand, where the record says that seat never committed or
 * revealed, proves the dealer dropped it. Returns one problem per such receipt ([]: no receipt
 * contradicts the record). Run `verifyAsync(record)` too: this checks only the contradiction.
 *
 * @example
 * ```ts
 * const caught = await disputeVoidV3(record, myReceipts); // non-empty: the dealer dropped a message
 * ```
 * @throws {FairdealError} `BAD_TRANSCRIPT` for malformed hex.
 */
export async function disputeVoidV3(
  record: VoidRecordV3,
  receipts: readonly ReceiptV3[],
): Promise<VerifyProblem[]> {
  const out: VerifyProblem[] = [];
  for (const r of receipts) {
    if (r.commitment !== record.server.commitment) continue;
    if (!(await checkReceiptV3(r, record.dealer))) continue;
    const list = r.kind === 'commit' ? record.commits : record.reveals;
    const recorded = list[r.seat];
    if ((recorded === undefined || recorded === null) && record.void.seats.includes(r.seat)) {
      out.push(
        problem(
          `${r.kind === 'commit' ? 'commits' : 'reveals'}[${r.seat}]`,
          'dropped-message',
          `the dealer signed a receipt for the ${r.kind} of seat ${r.seat} at ${new Date(r.at).toISOString()}, yet recorded that seat as ${record.void.reason}: the dealer dropped it`,
          { step: r.kind, seat: r.seat, at: r.at, reason: record.void.reason },
        ),
      );
    }
  }
  return out;
}
