import type { Deal } from '../../index.ts';
import {
  type Bid,
  bid,
  type DoudizhuRules,
  type DoudizhuScore,
  type DoudizhuState,
  double,
  pass,
  play,
  showHand,
  startBidding,
} from '../../rules/doudizhu/index.ts';
import { ApiError } from '../deck/api-error.ts';
import type { ActionBody } from './bodies.ts';
import { cardsOf } from './card-ids.ts';

/**
 * The rules state of a freshly dealt Dou Dizhu hand (the rules library checks the deal's shape).
 *
 * @example
 * ```ts
 * startDoudizhu(deal, 0, { robLandlord: true }).phase; // 'bidding'
 * ```
 * @throws {FairdealError} `BAD_DEAL` if the deal is not a Dou Dizhu deal.
 */
export function startDoudizhu(
  deal: Deal,
  firstBidder: number,
  rules: Readonly<Record<string, boolean>> = {},
): DoudizhuState {
  return startBidding(deal, { firstBidder, rules: rules as Partial<DoudizhuRules> });
}

/** The score once finished, else null. @throws never. */
export function scoreHandSafe(game: DoudizhuState): DoudizhuScore | null {
  return game.score ?? null;
}

/**
 * One Dou Dizhu step at the table, enforced by the rules library: a bid, a play or a pass, and
 * with the house rules a doubling choice (`doubling`, 加倍) or the landlord's show (`showHand`, 明牌).
 *
 * @example
 * ```ts
 * game = doudizhuStep(game, 0, { type: 'bid', bid: 3 });
 * ```
 * @throws {ApiError} 400 `UNKNOWN_ACTION` for an action of another game; {FairdealError} `BAD_BID`, `NOT_YOUR_TURN`,
 *   `WRONG_PHASE`, `ILLEGAL_PLAY` (with `detail.reason`).
 */
export function doudizhuStep(game: DoudizhuState, seat: number, action: ActionBody): DoudizhuState {
  switch (action.type) {
    case 'bid':
      // An unknown bid value is the rules' BAD_BID (422, reason unknown-bid), like any bad bid.
      return bid(game, seat, action.bid as Bid);
    case 'play':
      return play(game, seat, cardsOf(action.cards));
    case 'pass':
      return pass(game, seat);
    case 'double':
      return double(game, seat, action.choice);
    case 'show-hand':
      return showHand(game, seat);
    default:
      throw new ApiError(
        400,
        'UNKNOWN_ACTION',
        'At a Dou Dizhu table the actions are bid, double, show-hand, play, pass (and next-hand).',
      );
  }
}
