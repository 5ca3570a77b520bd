import { FairdealError } from '../errors.ts';
import { utf8Length } from '../fair/utf8.ts';
import { MAX_TEXT_BYTES } from '../fair/validate.ts';
import { concat, str, u32 } from './bytes.ts';

/** The protocol version of dark deals; the first string of every hash input. */
export const DARK_VERSION = 'fairdeal-dark-v1';

/**
 * What one dark hand is: every proof and commitment is bound to it, so a key, share or step
 * from another table, hand, game or seat count never verifies here (docs/DARK.md §2).
 */
export interface DarkContext {
  /** The table's id (a non-empty string of at most 1024 UTF-8 bytes). */
  readonly table: string;
  /** The hand's number at the table (an integer in [0, 2^32 − 1]). */
  readonly hand: number;
  /** The preset dealt (`doudizhu`). */
  readonly preset: string;
  /** The number of seats. */
  readonly seats: number;
}

/** Checks a context's fields. @throws {FairdealError} `BAD_OPTION` naming the field. */
export function checkContext(context: DarkContext): DarkContext {
  const { table, hand, preset, seats } = context;
  const bad = (field: string, why: string): never => {
    throw new FairdealError('BAD_OPTION', `dark deal: ${field} ${why}`, { field });
  };
  // The bound of every transcript string (docs/FAIR.md §3), so a seat and a verifier agree.
  if (typeof table !== 'string' || table.length === 0 || utf8Length(table) > MAX_TEXT_BYTES) {
    bad('table', `must be a non-empty string of at most ${MAX_TEXT_BYTES} UTF-8 bytes`);
  }
  if (!Number.isInteger(hand) || hand < 0 || hand > 0xffffffff) {
    bad('hand', 'must be an integer in [0, 2^32 - 1]');
  }
  if (typeof preset !== 'string' || preset.length === 0) bad('preset', 'must be a preset name');
  if (!Number.isInteger(seats) || seats < 2 || seats > 16) {
    bad('seats', 'must be an integer in [2, 16]');
  }
  return { table, hand, preset, seats };
}

/** ctx = str(version) ‖ str(table) ‖ u32(hand) ‖ str(preset) ‖ u32(seats) (docs/DARK.md §2). */
export function contextBytes(context: DarkContext): Uint8Array {
  return concat(
    str(DARK_VERSION),
    str(context.table),
    u32(context.hand),
    str(context.preset),
    u32(context.seats),
  );
}
