// How the page names a player: by the name they chose, or by their seat when the service named
// it for them ("seat-0" until someone claims seat 1) — never "seat-0 (Seat 1)".
import { fill, type Lang, label, lang } from './i18n.ts';

/**
 * The name the page shows for seat `seat` (0-based) whose player is `name`: the name itself, or
 * "Seat 1" / "座位 1" when there is none or it is the service's default (`seat-0` for seat 0).
 *
 * @example
 * ```ts
 * seatName('seat-0', 0, 'zh'); // '座位 1'
 * seatName('ann', 0, 'en'); // 'ann'
 * ```
 */
export function seatName(
  name: string | null | undefined,
  seat: number,
  language: Lang = lang(),
): string {
  if (isDefaultName(name, seat)) return fill(label(language, 'seat.n'), { n: seat + 1 });
  return name as string;
}

/**
 * Whether `name` is no name at all, or the service's default for seat `seat` (`seat-<seat>`,
 * src/server/tables/create-table.ts).
 *
 * @example
 * ```ts
 * isDefaultName('seat-2', 2); // true
 * ```
 */
export function isDefaultName(name: string | null | undefined, seat: number): boolean {
  return name === null || name === undefined || name === '' || name === `seat-${seat}`;
}

/**
 * A player named without their seat (a list of names from the service): the service's default
 * `seat-2` is "Seat 3"; any other name is itself.
 *
 * @example
 * ```ts
 * playerName('seat-2', 'en'); // 'Seat 3'
 * ```
 */
export function playerName(name: string, language: Lang = lang()): string {
  const m = /^seat-(\d+)$/.exec(name);
  return m === null ? name : seatName(name, Number(m[1]), language);
}
