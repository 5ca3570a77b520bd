import type { Deal } from '../../index.ts';
import {
  type Bid,
  bid,
  type DoudizhuRules,
  type DoudizhuScore,
  type DoudizhuState,
  pass,
  play,
  startBidding,
} from '../../rules/doudizhu/index.ts';
import { ApiError } from '../deck/api-error.ts';
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

const BIDS: readonly unknown[] = ['pass', 1, 2, 3, 'call', 'rob'];

/**
 * One Dou Dizhu step at the table, enforced by the rules library: a bid, a play or a pass.
 *
 * @example
 * ```ts
 * game = doudizhuStep(game, 0, { type: 'bid', bid: 3 });
 * ```
 * @throws {ApiError} 400 for a malformed request; {FairdealError} `BAD_BID`, `NOT_YOUR_TURN`,
 *   `WRONG_PHASE`, `ILLEGAL_PLAY` (with `detail.reason`).
 */
export function doudizhuStep(
  game: DoudizhuState,
  seat: number,
  action: { readonly type: string; readonly bid?: unknown; readonly cards?: unknown },
): DoudizhuState {
  switch (action.type) {
    case 'bid':
      // An unknown bid value is the rules' BAD_BID (422, reason unknown-bid), like any bad bid.
      if (
        !BIDS.includes(action.bid) &&
        typeof action.bid !== 'number' &&
        typeof action.bid !== 'string'
      ) {
        throw new ApiError(400, 'BAD_REQUEST', 'bid must be pass, 1, 2, 3, call or rob.');
      }
      return bid(game, seat, action.bid as Bid);
    case 'play':
      return play(game, seat, cardsOf(cardList(action.cards)));
    case 'pass':
      return pass(game, seat);
    default:
      throw new ApiError(
        400,
        'UNKNOWN_ACTION',
        'At a Dou Dizhu table the actions are bid, play, pass (and next-hand).',
      );
  }
}

/**
 * Checks a request's card list: an array of 1 to 108 card id strings.
 *
 * @example
 * ```ts
 * cardList(['3S', '3H']);
 * ```
 * @throws {ApiError} 400 otherwise.
 */
export function cardList(value: unknown): string[] {
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    value.length > 108 ||
    !value.every((c) => typeof c === 'string' && c.length <= 8)
  ) {
    throw new ApiError(400, 'BAD_REQUEST', 'cards must be a list of card ids, e.g. ["3S","3H"].');
  }
  return value as string[];
}
