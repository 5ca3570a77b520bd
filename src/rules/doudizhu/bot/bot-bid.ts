import { FairdealError } from '../../../errors.ts';
import { rankCounts } from '../ranks.ts';
import type { Bid } from '../state.ts';
import { HandPlanner } from './hand-planner.ts';
import type { DoudizhuSeatView } from './seat-view.ts';
import { unseenCounts } from './unseen-counts.ts';

/**
 * Hand strength (minus the plan's cost, see `HandPlanner`; 17-card hands range from about −9 to
 * +3) from which the bot bids 1, 2 and 3 (classic), calls and robs (rob the landlord). Measured
 * in seeded self-play (the bot against itself, landlord fixed, 3,000 deals): a 17-card hand of
 * strength −4 to −3 wins about half its hands as landlord, −3 to −2 57 %, −2 to −1 63 %: the
 * three kitty cards are worth about four plays' cost. Bidding 1 just below even odds and 3 at
 * about 60 % did as well as any nearby setting in whole seeded games against itself (none was
 * better by more than the noise).
 */
const BID_AT = [-4.5, -3.5, -2.5] as const;
const CALL_AT = BID_AT[0];
const ROB_AT = -3;

/**
 * The bot's bid for the seat to act, from its own 17 (or 25) cards only: how strong the hand is
 * once split into plays (sure winners against the unseen cards — rocket, bombs, 2s, aces — pay
 * for the plays that would lose), bidding higher the stronger it is. Classic: 1, 2 or 3 when the
 * hand reaches that bid's strength and the bid is above the highest so far, else pass. Rob the
 * landlord: call at a call's strength, rob at a rob's. Pure and deterministic.
 *
 * @example
 * ```ts
 * const s = startBidding(deal('doudizhu', { seed: 'table 7' }));
 * botBid(doudizhuSeatView(s, 0)); // 'pass', 1, 2 or 3
 * ```
 * @throws {FairdealError} `WRONG_PHASE` outside the bidding, `NOT_YOUR_TURN` when the view's
 *   seat is not the seat to bid.
 */
export function botBid(view: DoudizhuSeatView): Bid {
  if (view.phase !== 'bidding') {
    throw new FairdealError('WRONG_PHASE', `no bidding now: the hand is ${view.phase}`, {
      phase: view.phase,
    });
  }
  if (view.turn !== view.seat) {
    throw new FairdealError('NOT_YOUR_TURN', `seat ${view.turn} bids now, not seat ${view.seat}`, {
      turn: view.turn,
      seat: view.seat,
    });
  }
  const strength = handStrength(view);
  if (view.rules.robLandlord) {
    if (view.caller === null) return strength >= CALL_AT ? 'call' : 'pass';
    return strength >= ROB_AT ? 'rob' : 'pass';
  }
  let want = 0;
  for (let b = 0; b < BID_AT.length; b++) if (strength >= BID_AT[b]!) want = b + 1;
  return want > view.highestBid ? (want as 1 | 2 | 3) : 'pass';
}

/** Minus the cost of the hand's best plan against every card it does not hold. */
export function handStrength(view: DoudizhuSeatView): number {
  const planner = new HandPlanner(unseenCounts(view), view.rules.variant === 'doudizhu-4p');
  return -planner.plan(rankCounts(view.hand)).cost;
}
