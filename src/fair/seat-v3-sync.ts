import { secureRandom } from '../random/secure.ts';
import type { RandomSource } from '../random/source.ts';
import { ed25519Sign } from './ed25519.ts';
import { fromHex } from './hex.ts';
import { draftCommitV3, draftRevealV3, type SeatRevealV3 } from './seat-drafts-v3.ts';
import type { SeatCommitV3, SeatKeyPair } from './seat-v3.ts';
import type { AnnouncementV3, RosterV3 } from './signed-round.ts';

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
  const d = draftCommitV3(a, seat, seed, source);
  return d.signed(ed25519Sign(fromHex(key.privateKey, 32, 'privateKey'), d.message));
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
): SeatRevealV3 {
  const d = draftRevealV3(mine, roster);
  return d.signed(ed25519Sign(fromHex(key.privateKey, 32, 'privateKey'), d.message));
}
