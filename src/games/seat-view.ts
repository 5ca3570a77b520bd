import { checkDeal, type DealInfoJSON } from './deal-json.ts';
import type { Deal } from './deal-types.ts';

/** What one seat may see of a deal (plain JSON, cards by id). */
export interface SeatView {
  readonly preset: string;
  readonly title: string;
  /** The seat this view is for, and its name. */
  readonly seat: number;
  readonly seatName: string;
  readonly seatNames: readonly string[];
  readonly dealer: number;
  /** This seat's own hand, sorted. */
  readonly hand: readonly string[];
  /** Every seat's number of cards (this seat's included): the only thing known of other hands. */
  readonly handCounts: readonly number[];
  /** Face-up shared cards (community cards, the rummies' up-card). */
  readonly board: readonly string[];
  /** Face-down piles and the stock: counts only. */
  readonly kittyCount: number;
  readonly burnsCount: number;
  readonly stockCount: number;
  /** Public facts: bridge board, up-card (face up for everyone), cut card, level, trump. */
  readonly info: DealInfoJSON;
}

/**
 * One seat's view of a deal: its own hand, the public cards and every seat's card count — never
 * another seat's cards, the kitty, the burns or the stock's order, and not the deal's record
 * (a seeded deal's seed would give every card away). The projection a dealer service sends to a
 * player and a web page shows.
 *
 * @example
 * ```ts
 * const view = seatView(deal('holdem', { seats: 6 }), 2);
 * view.hand.length;  // 2
 * view.board.length; // 5
 * ```
 * @throws {TypeError} if `deal` is not a Deal or `seat` is not a number.
 * @throws {RangeError} if `seat` is not a seat of the deal.
 */
export function seatView(deal: Deal, seat: number): SeatView {
  checkDeal(deal);
  if (typeof seat !== 'number') throw new TypeError('seat must be a number');
  if (!Number.isInteger(seat) || seat < 0 || seat >= deal.hands.length) {
    throw new RangeError(`seat must be an integer from 0 to ${deal.hands.length - 1}, got ${seat}`);
  }
  const { upCard, bridge, cutCard, level, trump } = deal.info;
  const info: DealInfoJSON = {
    ...(bridge === undefined ? {} : { bridge }),
    ...(upCard === undefined ? {} : { upCard: upCard.id }),
    ...(cutCard === undefined ? {} : { cutCard }),
    ...(level === undefined ? {} : { level }),
    ...(trump === undefined ? {} : { trump }),
  };
  return {
    preset: deal.preset,
    title: deal.title,
    seat,
    seatName: deal.seatNames[seat] ?? `Seat ${seat + 1}`,
    seatNames: deal.seatNames.slice(),
    dealer: deal.dealer,
    hand: deal.hands[seat]!.map((c) => c.id),
    handCounts: deal.hands.map((h) => h.length),
    board: deal.board.map((c) => c.id),
    kittyCount: deal.kitty.length,
    burnsCount: deal.burns.length,
    stockCount: deal.stock.length,
    info,
  };
}
