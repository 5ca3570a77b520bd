import type { ActionView } from '../../client/index.ts';
import type { PublicAction } from './table-doc.ts';

/**
 * A public action as shown: only the fields that may be shown. `cards` are only ever recorded
 * for cards everyone sees (plays, discards, moves, a turned-up kitty, a hand the landlord shows);
 * draws and burns carry a count.
 *
 * @example
 * ```ts
 * actionView({ type: 'draw', seat: 1, count: 2 }); // { type: 'draw', seat: 1, count: 2 }
 * ```
 * @throws never.
 */
export function actionView(a: PublicAction): ActionView {
  const out: { -readonly [K in keyof ActionView]: ActionView[K] } = { type: a.type, seat: a.seat };
  if (a.count !== undefined) out.count = a.count;
  if (a.cards !== undefined) out.cards = [...a.cards];
  if (a.bid !== undefined) out.bid = a.bid;
  if (a.choice !== undefined) out.choice = a.choice;
  if (a.pile !== undefined) out.pile = a.pile;
  if (a.to !== undefined) out.to = a.to;
  return out;
}
