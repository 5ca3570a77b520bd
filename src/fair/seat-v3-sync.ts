import { bytesToHex } from '../random/hex.ts';
import { randomBytes32 } from '../random/random-bytes.ts';
import { secureRandom } from '../random/secure.ts';
import type { RandomSource } from '../random/source.ts';
import { ed25519Sign } from './ed25519.ts';
import { fromHex } from './hex.ts';
import { clientCommitmentV3, commitMessageV3, revealMessageV3 } from './messages-v3.ts';
import type { SeatCommitV3, SeatKeyPair } from './seat-v3.ts';
import type { AnnouncementV3, RosterV3 } from './signed-round.ts';
import { checkText } from './validate.ts';

/**
 * The seat's commit step, synchronously (Node only: it signs with node:crypto, loaded lazily so
 * the module stays browser-safe): what {@link commitAsSeat} makes, for a party that must commit
 * inside one synchronous step — a service's own bot seat, inside the table's version-checked
 * change (docs/TABLES.md, "Bots"). A person's device uses the async one.
 *
 * @example
 * ```ts
 * const mine = commitAsSeatSync(announcement, 2, seed, botKey); // keep mine sealed until the reveal
 * ```
 * @throws {FairdealError} `BAD_OPTION` for a bad seed, `BAD_TRANSCRIPT` for a bad announcement,
 *   `BAD_SIGNATURE` where there is no synchronous Ed25519 (a browser).
 */
export function commitAsSeatSync(
  a: AnnouncementV3,
  seat: number,
  seed: string,
  key: SeatKeyPair,
  source: RandomSource = secureRandom,
): SeatCommitV3 {
  const cs = fromHex(a?.commitment, 32, 'announcement commitment');
  checkText(seed, 'client seed');
  const salt = randomBytes32(source);
  const ck = clientCommitmentV3(cs, seat, salt, seed);
  const signature = ed25519Sign(
    fromHex(key.privateKey, 32, 'privateKey'),
    commitMessageV3(cs, seat, ck),
  );
  return {
    seat,
    seed,
    salt: bytesToHex(salt),
    commitment: bytesToHex(ck),
    signature: bytesToHex(signature),
    serverCommitment: a.commitment,
  };
}

/**
 * The seat's reveal, synchronously (Node only), signed over the roster: what
 * {@link revealAsSeat} makes, for a service's own bot seat.
 *
 * @example
 * ```ts
 * const reveal = revealAsSeatSync(mine, roster, botKey); // { seat, seed, salt, signature }
 * ```
 * @throws {FairdealError} `BAD_TRANSCRIPT` for a malformed roster, `BAD_SIGNATURE` as above.
 */
export function revealAsSeatSync(
  mine: SeatCommitV3,
  roster: RosterV3,
  key: SeatKeyPair,
): { seat: number; seed: string; salt: string; signature: string } {
  const cs = fromHex(mine.serverCommitment, 32, 'serverCommitment');
  const r = fromHex(roster.hash, 32, 'roster hash');
  const salt = fromHex(mine.salt, 32, 'salt');
  const signature = ed25519Sign(
    fromHex(key.privateKey, 32, 'privateKey'),
    revealMessageV3(cs, r, mine.seat, salt, mine.seed),
  );
  return { seat: mine.seat, seed: mine.seed, salt: mine.salt, signature: bytesToHex(signature) };
}
