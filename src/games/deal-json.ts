import type { Card } from '../cards/index.ts';
import type { Deal, DealInfo, DealRecord } from './deal-types.ts';

/** {@link DealInfo} as plain JSON: the up-card by id. */
export type DealInfoJSON = Omit<DealInfo, 'upCard'> & { readonly upCard?: string };

/** A whole deal as plain JSON, cards by id (`AS`, `AS#2`). */
export interface DealJSON {
  readonly preset: string;
  readonly title: string;
  readonly seats: number;
  readonly dealer: number;
  readonly seatNames: readonly string[];
  readonly hands: readonly string[][];
  readonly kitty: readonly string[];
  readonly board: readonly string[];
  readonly burns: readonly string[];
  /** Undealt cards, top first: the order of the rest of the game. */
  readonly stock: readonly string[];
  readonly info: DealInfoJSON;
  readonly record: DealRecord;
}

const ids = (cards: readonly Card[]): string[] => cards.map((c) => c.id);

/**
 * The whole deal as plain JSON (cards by id), for files, logs of finished games and the CLI's
 * `--json`. It shows every hand and the stock's order, so it is the table's view after the game,
 * never something to send to a player during it: for that, use {@link seatView}. The shuffled
 * `deck` and its `route` are left out (hands, kitty, board, burns and stock hold the same cards).
 *
 * @example
 * ```ts
 * JSON.stringify(dealToJSON(deal('doudizhu', { seed: 'table 7' })));
 * ```
 * @throws {TypeError} if `deal` is not a Deal.
 */
export function dealToJSON(deal: Deal): DealJSON {
  checkDeal(deal);
  const { upCard, ...info } = deal.info;
  return {
    preset: deal.preset,
    title: deal.title,
    seats: deal.hands.length,
    dealer: deal.dealer,
    seatNames: deal.seatNames.slice(),
    hands: deal.hands.map(ids),
    kitty: ids(deal.kitty),
    board: ids(deal.board),
    burns: ids(deal.burns),
    stock: ids(deal.stock),
    info: upCard === undefined ? info : { ...info, upCard: upCard.id },
    record: deal.record,
  };
}

/** A cheap structural check: enough to turn a wrong argument into a TypeError, not a crash. */
export function checkDeal(deal: Deal): void {
  if (
    deal === null ||
    typeof deal !== 'object' ||
    !Array.isArray(deal.hands) ||
    !Array.isArray(deal.stock) ||
    !Array.isArray(deal.kitty) ||
    !Array.isArray(deal.board) ||
    !Array.isArray(deal.burns) ||
    typeof deal.info !== 'object'
  ) {
    throw new TypeError('expected a Deal (from deal() or dealFromDeck())');
  }
}
