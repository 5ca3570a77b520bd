import { bytesToHex } from '../random/hex.ts';
import { randomBytes32 } from '../random/random-bytes.ts';
import type { RandomSource } from '../random/source.ts';
import { fromHex } from './hex.ts';
import { clientCommitmentV3, commitMessageV3, revealMessageV3 } from './messages-v3.ts';
import type { AnnouncementV3, RosterV3 } from './signed-round.ts';
import { checkText } from './validate.ts';

/** What a seat keeps (seed, salt: secret until the reveal) and sends (commitment, signature). */
export interface SeatCommitV3 {
  readonly seat: number;
  readonly seed: string;
  readonly salt: string;
  readonly commitment: string;
  readonly signature: string;
  /** C_s of the hand it belongs to. */
  readonly serverCommitment: string;
}

/** A seat step before its signature: the bytes to sign, and the step once signed. */
export interface SeatDraft<T> {
  readonly message: Uint8Array;
  readonly signed: (signature: Uint8Array) => T;
}

/** What a seat's reveal sends. */
export interface SeatRevealV3 {
  readonly seat: number;
  readonly seed: string;
  readonly salt: string;
  readonly signature: string;
}

/**
 * A seat's commit up to its signature (docs/FAIR.md §V3.2): a fresh salt, C_k and the message
 * the seat signs. One place for what both the device's async step (`commitAsSeat`) and the
 * service's synchronous bot step (`commitAsSeatSync`) sign, so the two cannot drift apart.
 *
 * @example
 * ```ts
 * const d = draftCommitV3(announcement, 0, 'lucky7', secureRandom);
 * const mine = d.signed(sign(d.message)); // sign: the seat's Ed25519 signing
 * ```
 * @throws {FairdealError} `BAD_OPTION` for a bad seed, `BAD_TRANSCRIPT` for a bad announcement.
 */
export function draftCommitV3(
  a: AnnouncementV3,
  seat: number,
  seed: string,
  source: RandomSource,
): SeatDraft<SeatCommitV3> {
  const cs = fromHex(a?.commitment, 32, 'announcement commitment');
  checkText(seed, 'client seed');
  const salt = randomBytes32(source);
  const ck = clientCommitmentV3(cs, seat, salt, seed);
  return {
    message: commitMessageV3(cs, seat, ck),
    signed: (signature) => ({
      seat,
      seed,
      salt: bytesToHex(salt),
      commitment: bytesToHex(ck),
      signature: bytesToHex(signature),
      serverCommitment: a.commitment,
    }),
  };
}

/**
 * A seat's reveal up to its signature, over the roster it checked (docs/FAIR.md §V3.3).
 *
 * @example
 * ```ts
 * const d = draftRevealV3(mine, roster);
 * send(d.signed(sign(d.message)));
 * ```
 * @throws {FairdealError} `BAD_TRANSCRIPT` for a malformed roster or kept commit.
 */
export function draftRevealV3(mine: SeatCommitV3, roster: RosterV3): SeatDraft<SeatRevealV3> {
  const cs = fromHex(mine.serverCommitment, 32, 'serverCommitment');
  const r = fromHex(roster.hash, 32, 'roster hash');
  const salt = fromHex(mine.salt, 32, 'salt');
  return {
    message: revealMessageV3(cs, r, mine.seat, salt, mine.seed),
    signed: (signature) => ({
      seat: mine.seat,
      seed: mine.seed,
      salt: mine.salt,
      signature: bytesToHex(signature),
    }),
  };
}
