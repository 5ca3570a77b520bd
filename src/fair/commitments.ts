import { FairdealError } from '../errors.ts';
import { sha256 } from '../random/sha256.ts';
import { LABELS } from './algorithm.ts';
import { CanonicalWriter } from './canonical-writer.ts';
import { checkHand, checkText } from './validate.ts';

/** Where a commitment belongs: a hand is (table, hand number); commitments never move between hands. */
export interface HandRef {
  /** Table or game id: any non-empty string, up to 1024 UTF-8 bytes. */
  readonly table: string;
  /** Hand number within the table, a non-negative integer. */
  readonly hand: number;
}

/**
 * The server's commitment to its seed for one hand:
 * `SHA-256(str("fairdeal-v1/commit/server") ‖ str(table) ‖ u64(hand) ‖ bytes(serverSeed))`
 * (docs/FAIR.md, "Commitments"). Binding table and hand means a commitment published for one
 * hand can never be presented as the commitment of another.
 *
 * @example
 * ```ts
 * // v1 is internal (verifies v1 transcripts); fairdeal/fair's serverCommitment is v2:
 * // import { serverCommitment as serverCommitmentV1 } from './commitments.ts';
 * const c = serverCommitmentV1({ table: 't1', hand: 1 }, seed); // 32 bytes
 * ```
 * @throws {TypeError} / {FairdealError} `BAD_OPTION` for a bad table id; {RangeError} for a bad
 *   hand number; {FairdealError} `BAD_SEED` if the seed is not 32 bytes.
 */
export function serverCommitment(ref: HandRef, serverSeed: Uint8Array): Uint8Array {
  checkServerSeed(serverSeed);
  return sha256(
    new CanonicalWriter()
      .str(LABELS.serverCommit)
      .str(checkText(ref.table, 'table'))
      .u64(checkHand(ref.hand))
      .bytes(serverSeed)
      .finish(),
  );
}

/**
 * A player's commitment to their client seed:
 * `SHA-256(str("fairdeal-v1/commit/client") ‖ str(table) ‖ u64(hand) ‖ str(player) ‖ bytes(salt) ‖ str(seed))`.
 *
 * The 32-byte random salt makes the commitment hiding even for a guessable seed ("lucky7"):
 * without it, a server's accomplice could brute-force the others' seeds from their commitments,
 * then pick their own seed last with full knowledge of the deck it yields.
 *
 * @example
 * ```ts
 * // v1 is internal: import { clientCommitment as clientCommitmentV1 } from './commitments.ts';
 * const c = clientCommitmentV1({ table: 't1', hand: 1 }, 'alice', salt, 'lucky7');
 * ```
 * @throws {TypeError} / {FairdealError} `BAD_OPTION` for bad ids or seed; {FairdealError}
 *   `BAD_SEED` if the salt is not 32 bytes.
 */
export function clientCommitment(
  ref: HandRef,
  player: string,
  salt: Uint8Array,
  seed: string,
): Uint8Array {
  checkSalt(salt);
  return sha256(
    new CanonicalWriter()
      .str(LABELS.clientCommit)
      .str(checkText(ref.table, 'table'))
      .u64(checkHand(ref.hand))
      .str(checkText(player, 'player id'))
      .bytes(salt)
      .str(checkText(seed, 'client seed'))
      .finish(),
  );
}

function checkServerSeed(seed: Uint8Array): void {
  if (!(seed instanceof Uint8Array) || seed.length !== 32) {
    throw new FairdealError('BAD_SEED', 'server seed must be 32 bytes');
  }
}

function checkSalt(salt: Uint8Array): void {
  if (!(salt instanceof Uint8Array) || salt.length !== 32) {
    throw new FairdealError('BAD_SEED', 'client commitment salt must be 32 bytes');
  }
}
