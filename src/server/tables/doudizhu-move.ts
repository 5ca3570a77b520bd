import type { ReceiptV3 } from '../../fair/index.ts';
import type { ActionBody } from './bodies.ts';
import { doudizhuStep } from './doudizhu-table.ts';
import { endHand, type StepContext } from './hand-flow.ts';
import type { HandDocument, HandRecord, PublicAction, TableDocument } from './table-doc.ts';
import { startClock } from './turn-clock.ts';

/** A step's result: the next document, the public action and, when the hand ended, its record. */
export interface Stepped {
  readonly next: TableDocument;
  readonly action: PublicAction;
  readonly ended?: HandRecord;
  readonly receipt?: ReceiptV3;
}

/**
 * One Dou Dizhu move by `seat` at the table — a bid, a doubling choice, the landlord's show, a
 * play or a pass, checked by the rules library — with its public log entries (the kitty when the landlord takes it), the next seat's
 * turn clock (tables/turn-clock.ts), and the end of the hand when it finishes or is redealt.
 * The seat's own request and the turn clock running out (tables/turn-timeout.ts) both move here.
 *
 * @example
 * ```ts
 * const { next, action } = doudizhuMove(doc, doc.hand, 0, { type: 'bid', bid: 3 }, ctx);
 * ```
 * @throws {ApiError} / {FairdealError} as doudizhuStep (`NOT_YOUR_TURN`, `ILLEGAL_PLAY`, …).
 */
export function doudizhuMove(
  doc: TableDocument,
  hand: HandDocument,
  seat: number,
  b: ActionBody,
  ctx: StepContext,
): Stepped {
  const before = hand.game!;
  const game = doudizhuStep(before, seat, b);
  const actions: PublicAction[] = [];
  if (b.type === 'bid') actions.push({ type: 'bid', seat, bid: b.bid });
  if (b.type === 'pass') actions.push({ type: 'pass', seat });
  if (b.type === 'double') actions.push({ type: 'double', seat, choice: b.choice });
  if (b.type === 'show-hand') {
    // 明牌: the landlord's hand is public from now on (public-view.ts); the log says which cards.
    actions.push({ type: 'show-hand', seat, cards: game.hands[seat]!.map((c) => c.id) });
  }
  if (b.type === 'play') {
    actions.push({ type: 'play', seat, cards: game.plays.at(-1)!.cards.map((c) => c.id) });
  }
  if (!before.kittyShown && game.kittyShown) {
    // The landlord takes the kitty, shown to every seat (docs/DOUDIZHU.md).
    actions.push({ type: 'kitty', seat: game.landlord, cards: game.kitty.map((c) => c.id) });
  }
  // Every move ends a turn: the seat to act next (the same one, when its bid made it landlord)
  // starts a fresh clock.
  const next: HandDocument = {
    ...hand,
    game,
    log: [...hand.log, ...actions],
    clock: startClock(doc, game, ctx.now),
  };
  const tableNext = { ...doc, hand: next };
  if (game.phase === 'finished' || game.phase === 'redeal') {
    const end: PublicAction = {
      type: game.phase === 'finished' ? 'hand-ended' : 'redeal',
      seat: game.winner,
    };
    const { doc: next, record } = endHand(tableNext, ctx, end);
    return { next, action: end, ended: record };
  }
  return { next: tableNext, action: actions.at(-1)! };
}
