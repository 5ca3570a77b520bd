import { cardsFor, type DoudizhuState, legalPlays, type Play } from '../../rules/doudizhu/index.ts';

/** The move the service makes for a seat whose turn clock ran out: an action a seat could send. */
export type DefaultMove =
  | { readonly type: 'bid'; readonly bid: 'pass' }
  | { readonly type: 'double'; readonly choice: 'no-double' }
  | { readonly type: 'pass' }
  | { readonly type: 'play'; readonly cards: string[] };

/**
 * What the turn clock plays for the seat to act when it runs out (docs/TABLES.md, "Clocks"):
 *
 * - bidding: `pass` (no bid; 不叫 / 不抢);
 * - the doubling round (the `doubling` rule): `no-double` (不加倍) — the clock never raises the
 *   seat's stake;
 * - following a play: `pass` (不要);
 * - leading: the **smallest legal lead** — of `legalPlays(hand, null)` the play of the lowest
 *   rank (Dou Dizhu's order, 3 … A, 2, BJ, RJ), and of those the one of fewest cards. Every
 *   card is a legal single, so this is always the single of the lowest rank the seat holds; the
 *   card is the first of that rank in the seat's hand (`cardsFor`: the hand's dealt order).
 *
 * The clock never shows the landlord's hand (明牌 is the player's choice; the lead is its decline).
 *
 * The smallest lead gives away the least: a clock that led the seat's best combination would
 * spend its hand for it. It never breaks the rules (the library checks it like any play).
 *
 * @example
 * ```ts
 * defaultMove(game); // { type: 'play', cards: ['3D'] } when leading with 3D 3S 7H …
 * ```
 * @returns null in a phase with no seat to act (finished, redeal) or one this file does not know.
 * @throws never for a state made by the rules library.
 */
export function defaultMove(game: DoudizhuState): DefaultMove | null {
  if (!hasDefaultMove(game)) return null;
  if (game.phase === 'bidding') return { type: 'bid', bid: 'pass' };
  if (game.phase === 'doubling') return { type: 'double', choice: 'no-double' };
  if (game.lead !== null) return { type: 'pass' };
  const hand = game.hands[game.turn]!;
  let best: Play | undefined;
  for (const p of legalPlays(hand, null, game.rules)) {
    if (best === undefined || p.rank < best.rank || (p.rank === best.rank && p.size < best.size)) {
      best = p;
    }
  }
  if (best === undefined) return null;
  return { type: 'play', cards: cardsFor(hand, best).map((c) => c.id) };
}

/**
 * Whether {@link defaultMove} has a move for the seat to act (without listing the legal plays):
 * a seat is to act, bidding, doubling or playing. A phase added to the rules gets a clock only once it is
 * added here and there.
 *
 * @example
 * ```ts
 * hasDefaultMove(game); // false once the hand is finished
 * ```
 * @throws never.
 */
export function hasDefaultMove(game: DoudizhuState): boolean {
  return (
    game.turn >= 0 &&
    (game.phase === 'bidding' || game.phase === 'doubling' || game.phase === 'playing')
  );
}
