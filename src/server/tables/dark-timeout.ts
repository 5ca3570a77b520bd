import type { ActionBody } from './bodies.ts';
import { voidDarkHand } from './dark-end.ts';
import { darkMove } from './dark-play.ts';
import { defaultMove } from './default-move.ts';
import type { Stepped } from './doudizhu-move.ts';
import { openNextIfSeated, type StepContext } from './hand-flow.ts';
import type { HandDocument, TableDocument } from './table-doc.ts';

/**
 * A dark table's turn clock ran out (its deadline checked by the caller, turn-timeout.ts). The
 * service moves for the seat where a move needs no card — a bid of `pass`, `no-double`, a pass
 * when it follows — logged as a `timeout` and the seat marked away, as at any table. A seat that
 * leads must play a card, which only its own device can open: the service cannot play for it, so
 * the hand is void and the seat named as the one that stopped (docs/DARK.md §8, stage `share`).
 *
 * @example
 * ```ts
 * const { next, action } = darkTimeout(doc, doc.hand, doc.hand.clock.seat, ctx);
 * ```
 * @throws as darkMove (never for a move the rules offered).
 */
export function darkTimeout(
  doc: TableDocument,
  hand: HandDocument,
  seat: number,
  ctx: StepContext,
): Stepped {
  const game = hand.game!;
  const leads = game.phase === 'playing' && game.lead === null;
  const move = leads ? null : defaultMove(game);
  if (move === null || move.type === 'play') {
    const v = voidDarkHand(doc, ctx, 'withheld', [seat], null);
    return { next: openNextIfSeated(v.doc, ctx), action: v.action, ended: v.record };
  }
  const away = doc.players.map((_, k) => k === seat || doc.away?.[k] === true);
  const timedOut: TableDocument = {
    ...doc,
    away,
    hand: { ...hand, log: [...hand.log, { type: 'timeout', seat }] },
  };
  return darkMove(timedOut, timedOut.hand!, seat, move as ActionBody, ctx);
}
