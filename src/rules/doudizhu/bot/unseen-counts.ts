import { RANK_COUNT, rankCounts, SMALL_JOKER } from '../ranks.ts';
import type { DoudizhuSeatView } from './seat-view.ts';

/**
 * Card counting from public information only: per rank, how many cards this seat has not seen —
 * the whole deck less its own hand and every card laid so far. They are in the other hands (or
 * the face-down kitty); which seat holds which is unknown.
 */
export function unseenCounts(view: DoudizhuSeatView): number[] {
  const decks = view.rules.variant === 'doudizhu-4p' ? 2 : 1;
  const unseen = new Array<number>(RANK_COUNT);
  for (let r = 0; r < RANK_COUNT; r++) unseen[r] = (r >= SMALL_JOKER ? 1 : 4) * decks;
  const own = rankCounts(view.hand);
  for (let r = 0; r < RANK_COUNT; r++) unseen[r]! -= own[r]!;
  for (const record of view.plays) for (const r of record.play.ranks) unseen[r]!--;
  return unseen;
}
