import { secureRandom } from '../random/secure.ts';
import type { RandomSource } from '../random/source.ts';
import { clientCommitment, type HandRef } from './commitments.ts';
import { toHex } from './hex.ts';

/** What a player keeps (seed, salt) and publishes (commitment) for one hand. */
export interface ClientCommit {
  readonly player: string;
  readonly seed: string;
  /** Hex 32-byte random salt: keep it with the seed, reveal both together. */
  readonly salt: string;
  /** Hex commitment: publish it before anyone reveals. */
  readonly commitment: string;
}

/**
 * The player's side of the commit step: draws a fresh 32-byte salt and commits to the seed.
 *
 * @example
 * ```ts
 * const mine = commitClientSeed({ table: 't1', hand: 1 }, 'alice', 'lucky7');
 * send(mine.commitment); // later: round.reveal('alice', mine.seed, mine.salt)
 * ```
 * @throws {TypeError} / {FairdealError} `BAD_OPTION` for a bad table, player or seed;
 *   {RangeError} for a bad hand number.
 */
export function commitClientSeed(
  ref: HandRef,
  player: string,
  seed: string,
  source: RandomSource = secureRandom,
): ClientCommit {
  const words = new Uint32Array(8);
  source.fillUint32(words);
  const salt = new Uint8Array(words.buffer);
  return {
    player,
    seed,
    salt: toHex(salt),
    commitment: toHex(clientCommitment(ref, player, salt, seed)),
  };
}
