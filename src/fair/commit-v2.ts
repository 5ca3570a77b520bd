import { FairdealError } from '../errors.ts';
import { sha256 } from '../random/sha256.ts';
import { CanonicalWriter } from './canonical-writer.ts';
import { type FairHeader, writeHeader } from './header.ts';
import { fromHex } from './hex.ts';
import { sortByUtf8 } from './utf8.ts';
import { checkId, checkText } from './validate.ts';

const playerOf = (entry: { readonly player: string }): string => entry.player;

/** Domain labels of fairdeal-v2 (docs/FAIR.md §5–§9): each hash in its own lane. */
export const LABELS_V2 = {
  serverCommit: 'fairdeal-v2/commit/server',
  clientCommit: 'fairdeal-v2/commit/client',
  roster: 'fairdeal-v2/roster',
  deckKey: 'fairdeal-v2/deck-key',
  transcript: 'fairdeal-v2/transcript',
} as const;

/** One entry of the published roster: a player and the commitment the dealer accepted. */
export interface RosterEntry {
  readonly player: string;
  /** Hex SHA-256 client commitment. */
  readonly commitment: string;
}

/**
 * The v2 server commitment `C_s = SHA-256(str(label) ‖ header ‖ bytes(serverSeed))`: it binds
 * the server seed together with the table, hand, prev, preset, canonical options and seating,
 * so none of them can be changed once a player has seen it.
 *
 * @example
 * ```ts
 * const cs = serverCommitmentV2(header, serverSeed); // 32 bytes: C_s
 * ```
 * @throws {FairdealError} `BAD_SEED` if the seed is not 32 bytes; as writeHeader otherwise.
 */
export function serverCommitmentV2(header: FairHeader, serverSeed: Uint8Array): Uint8Array {
  if (!(serverSeed instanceof Uint8Array) || serverSeed.length !== 32) {
    throw new FairdealError('BAD_SEED', 'server seed must be 32 bytes');
  }
  const w = new CanonicalWriter().str(LABELS_V2.serverCommit);
  writeHeader(w, header);
  return w.bytes(serverSeed).use(sha256);
}

/**
 * {@link serverCommitmentV2} of a header already encoded (`headerBytes(header)`): the same
 * message, `str(label) ‖ header ‖ bytes(serverSeed)`, with the header's bytes copied in.
 * Internal: FairRound and verify encode the header once for C_s and the transcript hash.
 *
 * @example
 * ```ts
 * serverCommitmentOfHeader(headerBytes(header), serverSeed); // = serverCommitmentV2(header, serverSeed)
 * ```
 * @throws {FairdealError} `BAD_SEED` if the seed is not 32 bytes.
 */
export function serverCommitmentOfHeader(header: Uint8Array, serverSeed: Uint8Array): Uint8Array {
  if (!(serverSeed instanceof Uint8Array) || serverSeed.length !== 32) {
    throw new FairdealError('BAD_SEED', 'server seed must be 32 bytes');
  }
  return new CanonicalWriter()
    .str(LABELS_V2.serverCommit)
    .fields(header)
    .bytes(serverSeed)
    .use(sha256);
}

/**
 * A player's v2 commitment `C_p = SHA-256(str(label) ‖ bytes(C_s) ‖ str(player) ‖ bytes(salt) ‖
 * str(seed))`. It contains the server commitment, so it belongs to one announcement only: a
 * "restarted" hand under a new server seed cannot reuse a seed revealed for the old one.
 *
 * @example
 * ```ts
 * const cp = clientCommitmentV2(cs, 'alice', salt, 'lucky7'); // cs: C_s; salt: 32 random bytes
 * ```
 * @throws {FairdealError} `BAD_SEED` if the salt or the server commitment is not 32 bytes;
 *   `BAD_OPTION` for a bad player id or seed.
 */
export function clientCommitmentV2(
  serverCommitment: Uint8Array,
  player: string,
  salt: Uint8Array,
  seed: string,
): Uint8Array {
  if (!(salt instanceof Uint8Array) || salt.length !== 32) {
    throw new FairdealError('BAD_SEED', 'client commitment salt must be 32 bytes');
  }
  if (!(serverCommitment instanceof Uint8Array) || serverCommitment.length !== 32) {
    throw new FairdealError('BAD_SEED', 'server commitment must be 32 bytes');
  }
  return new CanonicalWriter()
    .str(LABELS_V2.clientCommit)
    .bytes(serverCommitment)
    .str(checkId(player, 'player id'))
    .bytes(salt)
    .str(checkText(seed, 'client seed'))
    .use(sha256);
}

/**
 * The roster hash `R = SHA-256(str(label) ‖ bytes(C_s) ‖ u32(n) ‖ (str(player) ‖ bytes(C_p))…)`
 * over the entries in canonical order (UTF-8 bytes of the player id). Published when the roster
 * closes, bound into the deck key and the transcript.
 *
 * @example
 * ```ts
 * rosterHash(cs, [{ player: 'alice', commitment: aliceCommitment }]); // commitments in hex
 * ```
 * @throws {FairdealError} `BAD_OPTION` for a duplicate player; `BAD_TRANSCRIPT` for bad hex.
 */
export function rosterHash(
  serverCommitment: Uint8Array,
  roster: readonly RosterEntry[],
): Uint8Array {
  const sorted = sortRoster(roster);
  return sortedRosterHash(
    serverCommitment,
    sorted,
    sorted.map((e) => fromHex(e.commitment, 32, 'roster commitment')),
  );
}

/**
 * {@link rosterHash} of entries already in canonical order, with their commitments already
 * parsed (`commitments[i]` is the bytes of `sorted[i].commitment`): FairRound and verify hold
 * both, and parsing the hex again was a tenth of a fair hand's time (issue 11). Internal.
 *
 * @example
 * ```ts
 * sortedRosterHash(cs, [{ player: 'alice' }], [clientCommitmentV2(cs, 'alice', salt, 'lucky7')]);
 * ```
 * @throws never (callers pass commitments that fromHex parsed as 32 bytes).
 */
export function sortedRosterHash(
  serverCommitment: Uint8Array,
  sorted: readonly { readonly player: string }[],
  commitments: readonly Uint8Array[],
): Uint8Array {
  const w = new CanonicalWriter().str(LABELS_V2.roster).bytes(serverCommitment).u32(sorted.length);
  for (let i = 0; i < sorted.length; i++) w.str(sorted[i]!.player).bytes(commitments[i]!);
  return w.use(sha256);
}

/**
 * Roster entries in canonical order, checked for duplicates.
 *
 * @example
 * ```ts
 * sortRoster([{ player: 'bob' }, { player: 'alice' }]); // alice, bob
 * ```
 * @throws {FairdealError} `BAD_OPTION` for a duplicate player id.
 */
export function sortRoster<T extends { readonly player: string }>(entries: readonly T[]): T[] {
  const out = sortByUtf8([...entries], playerOf);
  for (let i = 1; i < out.length; i++) {
    if (out[i]!.player === out[i - 1]!.player) {
      throw new FairdealError('BAD_OPTION', `player '${out[i]!.player}' appears twice`);
    }
  }
  return out;
}
