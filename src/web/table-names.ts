// How the table page names a seat: the display name its claimer chose (any script: `names` in the
// view), else its player id, else its seat label ("Seat 1" / "座位 1", seat-name.ts) — never the
// service's default id `seat-0`.
import type { TableView } from '../client/index.ts';
import { seatName } from './seat-name.ts';

/**
 * The name the table page shows for seat `seat` of `tv`.
 *
 * @example
 * ```ts
 * displayName({ ...view, names: ['张三', null, null], players: ['seat-0', 'bob', 'seat-2'] }, 0); // '张三'
 * displayName(view, 2); // 'Seat 3'
 * ```
 */
export function displayName(tv: Pick<TableView, 'names' | 'players'>, seat: number): string {
  const chosen = tv.names?.[seat];
  if (typeof chosen === 'string' && chosen !== '') return chosen;
  return seatName(tv.players[seat], seat);
}
