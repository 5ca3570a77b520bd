import type { DoudizhuState } from '../../rules/doudizhu/index.ts';
import { hasDefaultMove } from './default-move.ts';
import type { TableDocument, TurnClock } from './table-doc.ts';

/** The table option's default: seconds a seat has for each bid or play. */
export const DEFAULT_TURN_S = 30;

/**
 * How long an away seat's turn is (ms; never longer than the table's turn): a seat whose clock
 * ran out once is played by its clock until it is back, and three players should not wait the
 * whole turn, every turn, for one who left (docs/TABLES.md, "Clocks").
 */
export const AWAY_TURN_MS = 3_000;

/**
 * How long the house's bot takes for each bid, choice or play (ms): its turn is a clock of this
 * length, so the sweep moves for it (bot-turn.ts) — stored as the table's `dueAt`, it survives a
 * restart, and with several processes exactly one acts — and the people at the table see the
 * turn pass to it before it plays (docs/TABLES.md, "Bots").
 */
export const BOT_DELAY_MS = 1_000;

/**
 * The clock of a fresh turn: the seat to act in `game` has the table's turn (an away seat
 * {@link AWAY_TURN_MS}; the house's bot {@link BOT_DELAY_MS}, even at a table with no clock) from
 * `now`. Null when the table has no clock (`turnSeconds` 0, or a table
 * opened before clocks) or when nobody is to act — or in a phase the clock has no default move
 * for (default-move.ts): a clock runs only where the service can move when it runs out.
 *
 * @example
 * ```ts
 * startClock(doc, game, now); // { seat: 1, deadline: now + 30_000, ms: 30_000 }
 * // the house's bot to act: { seat: 2, deadline: now + BOT_DELAY_MS, ms: BOT_DELAY_MS }
 * ```
 * @throws never.
 */
export function startClock(doc: TableDocument, game: DoudizhuState, now: number): TurnClock | null {
  if (!hasDefaultMove(game)) return null;
  const seat = game.turn;
  // The house's bot moves when its clock runs out (bot-turn.ts), with or without a table clock.
  if (doc.bots?.includes(seat) === true) {
    return { seat, deadline: now + BOT_DELAY_MS, ms: BOT_DELAY_MS };
  }
  const turnMs = doc.turnMs ?? 0;
  if (turnMs <= 0) return null;
  const ms = doc.away?.[seat] === true ? Math.min(AWAY_TURN_MS, turnMs) : turnMs;
  return { seat, deadline: now + ms, ms };
}
