import {
  type Bid,
  botBid,
  botPlay,
  cardsFor,
  type DoudizhuState,
  doudizhuSeatView,
  legalPlays,
} from '../../rules/doudizhu/index.ts';
import { ApiError } from '../deck/api-error.ts';
import { defaultMove } from './default-move.ts';
import { doudizhuMove, type Stepped } from './doudizhu-move.ts';
import type { StepContext } from './hand-flow.ts';
import type { TableDocument } from './table-doc.ts';
import { timeoutTurn } from './turn-timeout.ts';

/** A move the house's bot makes: an action a seat could send. */
export type BotMove =
  | { readonly type: 'bid'; readonly bid: Bid }
  | { readonly type: 'double'; readonly choice: 'double' | 'no-double' }
  | { readonly type: 'pass' }
  | { readonly type: 'play'; readonly cards: string[] };

/**
 * What the house's bot does as `seat` (docs/TABLES.md, "Bots"), from that seat's own view of the
 * hand only (`doudizhuSeatView`: its cards, the public plays — never another seat's cards): it
 * bids with `botBid`, plays or passes with `botPlay` (fairdeal/doudizhu), and in the doubling
 * round (加倍) doubles when it holds a bomb or the rocket. It never shows its hand (明牌 is a
 * choice the bot declines by leading).
 *
 * @example
 * ```ts
 * botMove(game, game.turn); // { type: 'bid', bid: 2 } while bidding
 * ```
 * @returns null when `seat` is not the seat to act or nobody is.
 * @throws never for a state made by the rules library.
 */
export function botMove(game: DoudizhuState, seat: number): BotMove | null {
  if (game.turn !== seat) return null;
  const view = doudizhuSeatView(game, seat);
  if (game.phase === 'bidding') return { type: 'bid', bid: botBid(view) };
  if (game.phase === 'doubling') {
    const strong = legalPlays(game.hands[seat]!, null, game.rules).some(
      (p) => p.type === 'bomb' || p.type === 'rocket',
    );
    return { type: 'double', choice: strong ? 'double' : 'no-double' };
  }
  if (game.phase !== 'playing') return null;
  const p = botPlay(view);
  if (p.type === 'pass') return { type: 'pass' };
  return { type: 'play', cards: cardsFor(game.hands[seat]!, p).map((c) => c.id) };
}

/**
 * The seat to act's clock ran out: the house's bot moves ({@link botMove}), or for a person the
 * clock's default move (turn-timeout.ts). The sweep runs it (sweep-due.ts), and so does a
 * `timeout` request from anyone after the deadline; never before — the deadline is checked here,
 * inside the version-checked change, so with several processes exactly one moves for the bot
 * (the others find a new clock, not yet due). A bot is never marked away and its move is logged
 * as its own, not as a timeout.
 *
 * @example
 * ```ts
 * const { next, action } = dueTurn(doc, ctx); // after doc.hand.clock.deadline
 * ```
 * @throws {ApiError} 409 `WRONG_PHASE` when no clock runs, `TOO_EARLY` before its deadline.
 */
export function dueTurn(doc: TableDocument, ctx: StepContext): Stepped {
  const hand = doc.hand;
  const clock = hand?.clock ?? null;
  if (
    hand === null ||
    hand.phase !== 'playing' ||
    hand.game === null ||
    clock === null ||
    doc.bots?.includes(clock.seat) !== true
  ) {
    return timeoutTurn(doc, ctx);
  }
  if (ctx.now < clock.deadline) {
    throw new ApiError(409, 'TOO_EARLY', `Seat ${clock.seat}'s turn clock has not run out.`);
  }
  const move = botMove(hand.game, clock.seat);
  if (move === null) return timeoutTurn(doc, ctx);
  try {
    return doudizhuMove(doc, hand, clock.seat, move, ctx);
  } catch {
    // The bot's move is the library's and legal by construction; were it ever refused, the
    // clock's default move keeps the table going rather than leaving it due forever.
    const fallback = defaultMove(hand.game);
    if (fallback === null) throw new ApiError(409, 'WRONG_PHASE', 'No move is due.');
    return doudizhuMove(doc, hand, clock.seat, fallback, ctx);
  }
}
