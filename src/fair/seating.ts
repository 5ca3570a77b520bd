import { FairdealError } from '../errors.ts';
import type { CanonicalWriter } from './canonical-writer.ts';
import { checkId } from './validate.ts';

/**
 * Who sits where (docs/FAIR.md §5): a list with one entry per seat, seat 0 first — a player id,
 * or `null` for a seat bound to nobody (a bot, the house, a demonstration) — or the rule
 * `'roster'`: seat k is the k-th player of the closed roster in canonical order. Committed with
 * the server seed, so nobody can re-seat players once the deck is known.
 */
export type Seating = readonly (string | null)[] | 'roster';

/**
 * Checks a seating against the number of seats and returns a copy.
 *
 * @example
 * ```ts
 * checkSeating(['alice', 'bob', null], 3);
 * ```
 * @throws {FairdealError} `BAD_OPTION` for a wrong length, a duplicate or a bad id.
 * @throws {TypeError} if it is neither a list nor `'roster'`.
 */
export function checkSeating(seating: unknown, seats: number): Seating {
  if (seating === 'roster') return 'roster';
  if (!Array.isArray(seating)) {
    throw new TypeError("seating must be a list of player ids (or null) or 'roster'");
  }
  if (seating.length !== seats) {
    throw new FairdealError(
      'BAD_OPTION',
      `seating lists ${seating.length} seats, the deal has ${seats}`,
      { field: 'seating' },
    );
  }
  const seen = new Set<string>();
  return seating.map((p: unknown, i) => {
    if (p === null) return null;
    const id = checkId(p, `seating[${i}]`);
    if (seen.has(id)) {
      throw new FairdealError('BAD_OPTION', `player '${id}' has two seats`, { field: 'seating' });
    }
    seen.add(id);
    return id;
  });
}

/**
 * Writes a seating canonically: `u8('r')` for the roster rule, else `u8('s') ‖ u32(n) ‖
 * (u8(0) | u8(1) ‖ str(player))…`.
 *
 * @example
 * ```ts
 * writeSeating(new CanonicalWriter(), 'roster');
 * ```
 * @throws never for a checked seating.
 */
export function writeSeating(w: CanonicalWriter, seating: Seating): CanonicalWriter {
  if (seating === 'roster') return w.u8(0x72);
  w.u8(0x73).u32(seating.length);
  for (const p of seating) {
    if (p === null) w.u8(0);
    else w.u8(1).str(p);
  }
  return w;
}

/**
 * The player of each seat: the list itself, or the roster's players in canonical order.
 *
 * @example
 * ```ts
 * seatPlayers('roster', ['ann', 'bob']); // ['ann', 'bob']
 * ```
 * @throws never.
 */
export function seatPlayers(
  seating: Seating,
  rosterPlayers: readonly string[],
): readonly (string | null)[] {
  return seating === 'roster' ? [...rosterPlayers] : [...seating];
}
