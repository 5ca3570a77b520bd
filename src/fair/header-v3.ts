import { FairdealError } from '../errors.ts';
import { canonicalFairOptions } from './canonical-options.ts';
import type { CanonicalWriter } from './canonical-writer.ts';
import { type FairOptions, writeOptions } from './deal-options.ts';
import { fromHex } from './hex.ts';
import { checkHand, checkId } from './validate.ts';

/** The fairdeal-v3 algorithm id (docs/FAIR.md, "fairdeal-v3"). */
export const FAIR_V3 = 'fairdeal-v3' as const;

/**
 * `fair`: every seat commits and reveals, and a hand is dealt only from every seat's seed.
 * `practice`: nobody commits; the dealer alone chooses the deck, and every verdict says so.
 */
export type FairModeV3 = 'fair' | 'practice';

/** One seat of a v3 hand: the player's id and the Ed25519 public key made on their device. */
export interface SeatV3 {
  readonly player: string;
  /** 32-byte Ed25519 public key, lowercase hex; `null` only at a practice hand. */
  readonly key: string | null;
}

/**
 * Everything a v3 server commitment fixes besides the server seed: mode, table, hand, prev,
 * preset, canonical options, the dealer's public key and the seats, each with its key. The seats
 * ARE the roster: nobody without a seat can commit, and nobody can be added once a seat signed.
 */
export interface FairHeaderV3 {
  readonly mode: FairModeV3;
  readonly table: string;
  readonly hand: number;
  readonly prev: string | null;
  readonly preset: string;
  /** Canonical (docs/FAIR.md §4). */
  readonly options: FairOptions;
  /** The dealer's 32-byte Ed25519 public key, hex. */
  readonly dealer: string;
  readonly seats: readonly SeatV3[];
}

const bad = (message: string, field: string): FairdealError =>
  new FairdealError('BAD_OPTION', message, { field });

/**
 * Checks a v3 header given by a caller and returns it with canonical options. Seats: exactly
 * `options.seats` of them, player ids unique; at a fair hand every seat has a key and no key is
 * used twice (two seats under one key are one party, not two).
 *
 * @example
 * ```ts
 * normalizeHeaderV3({ mode: 'fair', table: 't', hand: 1, prev: null, preset: 'doudizhu', options: {},
 *   dealer: dealerKeyHex, seats: [{ player: 'a', key: ka }, { player: 'b', key: kb }, { player: 'c', key: kc }] });
 * ```
 * @throws {FairdealError} `BAD_OPTION` for a bad id, mode, seat list or key; `UNKNOWN_PRESET`;
 *   `BAD_TRANSCRIPT` for a malformed `prev`.
 */
export function normalizeHeaderV3(h: {
  readonly mode?: FairModeV3;
  readonly table: string;
  readonly hand: number;
  readonly prev?: string | null;
  readonly preset: string;
  readonly options?: FairOptions;
  readonly dealer: string;
  readonly seats: readonly SeatV3[];
}): FairHeaderV3 {
  const mode = h.mode ?? 'fair';
  if (mode !== 'fair' && mode !== 'practice') {
    throw bad(`mode must be 'fair' or 'practice', got ${String(mode).slice(0, 32)}`, 'mode');
  }
  const table = checkId(h.table, 'table');
  const hand = checkHand(h.hand);
  const prev = h.prev ?? null;
  if (prev !== null) fromHex(prev, 32, 'prev');
  const options = canonicalFairOptions(h.preset, h.options ?? {});
  keyOf(h.dealer, 'dealer');
  const seats = checkSeatsV3(h.seats, options.seats as number, mode, h.dealer);
  return { mode, table, hand, prev, preset: h.preset, options, dealer: h.dealer, seats };
}

function keyOf(value: unknown, field: string): Uint8Array {
  try {
    return fromHex(value, 32, field);
  } catch {
    throw bad(`${field} must be a 32-byte Ed25519 public key in lowercase hex`, field);
  }
}

/**
 * The seat list rules of a v3 header (see {@link normalizeHeaderV3}); returns a copy.
 *
 * @example
 * ```ts
 * checkSeatsV3([{ player: 'a', key: ka }], 1, 'fair', dealerKeyHex);
 * ```
 * @throws {FairdealError} `BAD_OPTION` naming the seat.
 */
export function checkSeatsV3(
  seats: unknown,
  count: number,
  mode: FairModeV3,
  dealer: string,
): SeatV3[] {
  if (!Array.isArray(seats)) throw bad('seats must be a list of {player, key}', 'seats');
  if (seats.length !== count) {
    throw bad(`seats lists ${seats.length} seats, the deal has ${count}`, 'seats');
  }
  const players = new Set<string>();
  const keys = new Set<string>([dealer]);
  return seats.map((s: unknown, i) => {
    const field = `seats[${i}]`;
    if (typeof s !== 'object' || s === null) throw bad(`${field} must be {player, key}`, field);
    const { player, key } = s as { player?: unknown; key?: unknown };
    const id = checkId(player, `${field}.player`);
    if (players.has(id)) throw bad(`player '${id}' has two seats`, field);
    players.add(id);
    if (key === null && mode === 'practice') return { player: id, key: null };
    keyOf(key, `${field}.key`);
    if (keys.has(key as string)) {
      throw bad(
        `${field}.key is used by another seat or by the dealer: each seat holds its own key`,
        field,
      );
    }
    keys.add(key as string);
    return { player: id, key: key as string };
  });
}

/**
 * Writes the canonical v3 header: `str("fairdeal-v3") ‖ str(mode) ‖ str(table) ‖ u64(hand) ‖
 * bytes(prev | empty) ‖ str(preset) ‖ options ‖ bytes(dealer key) ‖ u32(#seats) ‖
 * (str(player) ‖ bytes(key | empty))…`.
 *
 * @example
 * ```ts
 * writeHeaderV3(new CanonicalWriter(), header);
 * ```
 * @throws {FairdealError} `BAD_TRANSCRIPT`/`BAD_OPTION` for malformed fields.
 */
export function writeHeaderV3(w: CanonicalWriter, h: FairHeaderV3): CanonicalWriter {
  w.str(FAIR_V3)
    .str(h.mode)
    .str(h.table)
    .u64(h.hand)
    .bytes(h.prev === null ? new Uint8Array(0) : fromHex(h.prev, 32, 'prev'))
    .str(h.preset);
  writeOptions(w, h.options);
  w.bytes(fromHex(h.dealer, 32, 'dealer')).u32(h.seats.length);
  for (const s of h.seats) {
    w.str(s.player).bytes(s.key === null ? new Uint8Array(0) : fromHex(s.key, 32, 'seat key'));
  }
  return w;
}
