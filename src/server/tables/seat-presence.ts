import type { TableDocument } from './table-doc.ts';
import type { Viewer } from './viewer.ts';

/**
 * A seat that acts is there: an away seat (its turn clock ran out, tables/turn-timeout.ts) is
 * back, and if it is the seat to act, its clock starts again at the table's full turn instead of
 * the short one of a seat away. Called before the seat's action runs, in the same change, so a
 * refused action changes nothing — it is not a way back (send `back`) — and for every action but
 * `timeout` (apply-action.ts). The host, or a seat that is not away, changes nothing.
 *
 * Why an action and not any request: reads are safe (a page that reads the table after every
 * event must not bring back a player who walked away), and an action is a version-checked change
 * every process sees — an open event stream lives in one process only (docs/TABLES.md, "Clocks").
 *
 * @example
 * ```ts
 * doc = markPresent(doc, { kind: 'seat', seat: 1 }, ctx.now);
 * ```
 * @throws never.
 */
export function markPresent(doc: TableDocument, viewer: Viewer, now: number): TableDocument {
  if (viewer.kind !== 'seat' || doc.away?.[viewer.seat] !== true) return doc;
  const seat = viewer.seat;
  const away = doc.players.map((_, k) => k !== seat && doc.away?.[k] === true);
  const hand = doc.hand;
  const clock = hand?.clock ?? null;
  const turnMs = doc.turnMs ?? 0;
  if (hand === null || clock === null || clock.seat !== seat || turnMs <= 0) {
    return { ...doc, away };
  }
  return { ...doc, away, hand: { ...hand, clock: { seat, deadline: now + turnMs, ms: turnMs } } };
}
