import { FairdealError } from '../errors.ts';
import { bytesToHex } from '../random/hex.ts';
import { randomBytes32 } from '../random/random-bytes.ts';
import { secureRandom } from '../random/secure.ts';
import type { RandomSource } from '../random/source.ts';
import { clientCommitmentV2, rosterHash } from './commit-v2.ts';
import { constantTimeEqual } from './constant-time-equal.ts';
import { fromHex } from './hex.ts';
import { checkId, checkText, compareUtf8 } from './validate.ts';

/** What a player keeps (seed, salt) and publishes (commitment) for one hand. */
export interface ClientCommit {
  readonly player: string;
  readonly seed: string;
  /** Hex 32-byte random salt: keep it with the seed, reveal both together. */
  readonly salt: string;
  /** Hex commitment: publish it before the roster closes. */
  readonly commitment: string;
  /** The server commitment this belongs to. */
  readonly serverCommitment: string;
}

/**
 * The player's side of the commit step (fairdeal-v2): draws a fresh 32-byte salt from a secure
 * source and commits to the seed *and* the dealer's announcement (its commitment C_s). Check the
 * announcement's preset, options and seating before calling: they are what you agree to.
 *
 * @example
 * ```ts
 * const mine = commitClientSeed(announcement, 'alice', 'lucky7');
 * send(mine.commitment); // later: checkRoster(roster, mine), then reveal seed and salt
 * ```
 * @throws {FairdealError} `BAD_OPTION` for a bad player id or seed; `BAD_TRANSCRIPT` for a
 *   malformed announcement commitment; {TypeError} for wrong types.
 */
export function commitClientSeed(
  announcement: { readonly commitment: string },
  player: string,
  seed: string,
  source: RandomSource = secureRandom,
): ClientCommit {
  const csHex = announcement?.commitment;
  const cs = fromHex(csHex, 32, 'announcement commitment');
  checkId(player, 'player id');
  checkText(seed, 'client seed');
  const salt = randomBytes32(source);
  return {
    player,
    seed,
    salt: bytesToHex(salt),
    commitment: bytesToHex(clientCommitmentV2(cs, player, salt, seed)),
    // The text fromHex accepted: lowercase hex of these very bytes, so bytesToHex(cs) would equal it.
    serverCommitment: csHex,
  };
}

/**
 * What a player's tool checks before revealing (docs/FAIR.md §2): the published roster belongs
 * to the announcement they committed to, is in canonical order without duplicates, hashes to its
 * `rosterHash`, and holds their own commitment unaltered (which is itself recomputed from seed
 * and salt). Keep the roster: the transcript must carry the same one.
 *
 * @example
 * ```ts
 * checkRoster(publishedRoster, mine); // throws unless it is safe to reveal
 * ```
 * @throws {FairdealError} `BAD_TRANSCRIPT` naming what is wrong.
 */
export function checkRoster(
  roster: {
    readonly commitment: string;
    readonly roster: readonly { readonly player: string; readonly commitment: string }[];
    readonly rosterHash: string;
  },
  mine: ClientCommit,
): void {
  const bad = (why: string): never => {
    throw new FairdealError('BAD_TRANSCRIPT', `do not reveal: ${why}`);
  };
  const cs = fromHex(roster?.commitment, 32, 'roster commitment');
  if (!constantTimeEqual(cs, fromHex(mine.serverCommitment, 32, 'server commitment'))) {
    bad('the roster belongs to another announcement');
  }
  if (!Array.isArray(roster.roster)) bad('the roster is not a list');
  roster.roster.forEach((e, i) => {
    if (i > 0 && compareUtf8(roster.roster[i - 1]!.player, e.player) >= 0) {
      bad('the roster is not in canonical order, or lists a player twice');
    }
  });
  const own = clientCommitmentV2(cs, mine.player, fromHex(mine.salt, 32, 'salt'), mine.seed);
  if (!constantTimeEqual(own, fromHex(mine.commitment, 32, 'commitment'))) {
    bad('your saved seed and salt do not match your commitment');
  }
  const entry = roster.roster.find((e) => e.player === mine.player);
  if (entry === undefined) bad(`'${mine.player}' is not in the roster`);
  if (!constantTimeEqual(fromHex(entry!.commitment, 32, 'commitment'), own)) {
    bad(`the roster holds another commitment for '${mine.player}'`);
  }
  if (
    !constantTimeEqual(rosterHash(cs, roster.roster), fromHex(roster.rosterHash, 32, 'rosterHash'))
  ) {
    bad('the roster hash does not match the roster');
  }
}
