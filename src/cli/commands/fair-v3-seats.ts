import type { SeatV3 } from '../../fair/index.ts';
import { InputError } from '../read-input.ts';
import { escapeText } from './escape-text.ts';

/**
 * A seat as the command line shows it: counted from 1, with its player (`seat 2 (bob)`), as
 * `fairdeal verify` and describeVerdict do. The JSON messages keep the library's 0-based index.
 *
 * @example
 * ```ts
 * seatName(announcement.seats, 1); // "seat 2 (bob)"
 * ```
 * @throws never.
 */
export function seatName(seats: readonly SeatV3[], k: number): string {
  const player = seats[k]?.player;
  return player === undefined ? `seat ${k + 1}` : `seat ${k + 1} (${escapeText(player)})`;
}

/**
 * The 0-based index of the seat whose player is `player` (`--seat alice`, `--kick bob`).
 *
 * @example
 * ```ts
 * seatIndexOf(announcement.seats, 'bob'); // 1
 * ```
 * @throws {InputError} naming the seats there are.
 */
export function seatIndexOf(seats: readonly SeatV3[], player: string): number {
  const k = seats.findIndex((s) => s.player === player);
  if (k < 0) {
    throw new InputError(
      `there is no seat '${escapeText(player)}' at this hand: its seats are ${seats.map((s) => `'${escapeText(s.player)}'`).join(', ')}`,
    );
  }
  return k;
}

/**
 * The seat a message names by number, held to the hand's seats.
 *
 * @example
 * ```ts
 * seatOfMessage(seats, message.seat, 'alice-commit.json'); // 0
 * ```
 * @throws {InputError} for a seat this hand does not have.
 */
export function seatOfMessage(seats: readonly SeatV3[], seat: number, file: string): number {
  if (!Number.isSafeInteger(seat) || seat < 0 || seat >= seats.length) {
    throw new InputError(
      `${escapeText(file)} names seat index ${seat}: this hand has seats 0 to ${seats.length - 1}`,
    );
  }
  return seat;
}

/**
 * A list of seats for a message: `seat 2 (bob), seat 3 (carol)`.
 *
 * @example
 * ```ts
 * seatList(seats, round.waitingFor);
 * ```
 * @throws never.
 */
export function seatList(seats: readonly SeatV3[], list: readonly number[]): string {
  return list.map((k) => seatName(seats, k)).join(', ');
}
