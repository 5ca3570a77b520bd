import type { Card } from '../../../cards/index.ts';
import type { PlayRecord } from '../play-record.ts';
import type { DoudizhuRules } from '../rules.ts';
import type { BidRecord, DoudizhuState, Phase } from '../state.ts';

/**
 * What one seat of a Dou Dizhu hand may know: its own cards, how many cards every seat holds,
 * the bidding, every play, and the kitty once it is turned up — and nothing else. It has no
 * field for another seat's cards, so a function that takes only this (the bot) cannot read them:
 * the type is the boundary, and `doudizhuSeatView` copies what it keeps, so the view holds no
 * reference into the full state either.
 */
export interface DoudizhuSeatView {
  readonly rules: DoudizhuRules;
  readonly seats: number;
  /** The seat this view belongs to. */
  readonly seat: number;
  readonly phase: Phase;
  /** The seat to act; -1 when the hand is over. */
  readonly turn: number;
  /** This seat's own cards. */
  readonly hand: readonly Card[];
  /** How many cards each seat holds (every seat sees the backs). */
  readonly handSizes: readonly number[];
  /** The kitty once it is shown to every seat; null while it lies face down. */
  readonly kitty: readonly Card[] | null;
  readonly firstBidder: number;
  readonly bids: readonly BidRecord[];
  /** Classic bidding: the highest bid so far (0 for none). */
  readonly highestBid: number;
  /** Rob the landlord: the seat that called first, null before anyone calls. */
  readonly caller: number | null;
  /** Rob the landlord: how many robs so far. */
  readonly robs: number;
  readonly landlord: number | null;
  readonly base: number;
  /** Every turn of the play, passes included (all public: the cards were laid face up). */
  readonly plays: readonly PlayRecord[];
  /** The play to beat; null when the seat to act leads. */
  readonly lead: PlayRecord | null;
  readonly passes: number;
  readonly bombs: number;
}

/**
 * One seat's view of a Dou Dizhu state (see {@link DoudizhuSeatView}): what a table hands a bot,
 * or a page, for that seat. The other seats' cards and a face-down kitty are left out.
 *
 * @example
 * ```ts
 * const state = startBidding(deal('doudizhu', { seed: 'table 7' }));
 * const view = doudizhuSeatView(state, 1);
 * view.hand.length;  // 17: seat 1's own cards
 * view.handSizes;    // [17, 17, 17]
 * view.kitty;        // null: face down until the landlord takes it
 * ```
 * @throws {RangeError} if `seat` is not a seat of the hand.
 */
export function doudizhuSeatView(state: DoudizhuState, seat: number): DoudizhuSeatView {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.seats) {
    throw new RangeError(`seat must be a seat from 0 to ${state.seats - 1}`);
  }
  return Object.freeze({
    rules: state.rules,
    seats: state.seats,
    seat,
    phase: state.phase,
    turn: state.turn,
    hand: Object.freeze([...state.hands[seat]!]),
    handSizes: Object.freeze(state.hands.map((h) => h.length)),
    kitty: state.kittyShown ? Object.freeze([...state.kitty]) : null,
    firstBidder: state.firstBidder,
    bids: state.bids,
    highestBid: state.highestBid,
    caller: state.caller,
    robs: state.robs,
    landlord: state.landlord,
    base: state.base,
    plays: state.plays,
    lead: state.lead,
    passes: state.passes,
    bombs: state.bombs,
  });
}
