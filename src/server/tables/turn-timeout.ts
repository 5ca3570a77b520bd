import { ApiError } from '../deck/api-error.ts';
import { darkTimeout } from './dark-timeout.ts';
import { defaultMove } from './default-move.ts';
import { doudizhuMove, type Stepped } from './doudizhu-move.ts';
import type { StepContext } from './hand-flow.ts';
import type { TableDocument } from './table-doc.ts';

/**
 * The turn clock of the seat to act ran out: the service makes its default move for it
 * (default-move.ts: pass when bidding or following, the smallest legal lead when leading) and
 * marks the seat away (its next turns are short until it acts again: seat-presence.ts). The
 * public log says so first — `{ type: 'timeout', seat }`, then the move — so every seat, the
 * hand's record and whoever checks it later see that the clock moved, not the player.
 *
 * Run by the service's sweep when the deadline passes (sweep-due.ts), or by a `timeout` request
 * from any seat or the host after it. Never before: the deadline is checked here, inside the
 * version-checked change, so with several processes exactly one acts on each expiry — the
 * others run again on the changed table, whose clock is a new one, and find nothing due.
 *
 * @example
 * ```ts
 * const { next, action } = timeoutTurn(doc, ctx); // after doc.hand.clock.deadline
 * ```
 * @throws {ApiError} 409 `WRONG_PHASE` when no turn clock runs, `TOO_EARLY` before its deadline.
 */
export function timeoutTurn(doc: TableDocument, ctx: StepContext): Stepped {
  const hand = doc.hand;
  const clock = hand?.clock ?? null;
  if (hand === null || hand.phase !== 'playing' || hand.game === null || clock === null) {
    throw new ApiError(409, 'WRONG_PHASE', 'No turn clock is running at this table.');
  }
  if (ctx.now < clock.deadline) {
    throw new ApiError(409, 'TOO_EARLY', `Seat ${clock.seat}'s turn clock has not run out.`);
  }
  if (hand.dark !== undefined) return darkTimeout(doc, hand, clock.seat, ctx);
  const move = defaultMove(hand.game);
  if (move === null || hand.game.turn !== clock.seat) {
    // A clock is only started where a default move exists, for the seat to act (turn-clock.ts).
    throw new ApiError(409, 'WRONG_PHASE', 'No turn clock is running at this table.');
  }
  const seat = clock.seat;
  const away = doc.players.map((_, k) => k === seat || doc.away?.[k] === true);
  const timedOut = {
    ...doc,
    away,
    hand: { ...hand, log: [...hand.log, { type: 'timeout', seat }] },
  };
  return doudizhuMove(timedOut, timedOut.hand, seat, move, ctx);
}
