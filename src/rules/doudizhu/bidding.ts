import type { Card } from '../../cards/index.ts';
import { FairdealError } from '../../errors.ts';
import { sortHand } from '../../games/sort-hand.ts';
import type { DoudizhuRules } from './rules.ts';
import { resolveRules } from './rules.ts';
import type { Bid, DoudizhuState } from './state.ts';

/** Cards per seat and in the kitty, by variant (the `doudizhu` and `doudizhu-4p` presets). */
const SHAPE = {
  doudizhu: { seats: 3, hand: 17, kitty: 3, copies: 1 },
  'doudizhu-4p': { seats: 4, hand: 25, kitty: 8, copies: 2 },
} as const;

/**
 * Starts a hand from a deal (e.g. `deal('doudizhu', { seed })` or `deal('doudizhu-4p')`): the
 * bidding phase, with `firstBidder` to bid first (default seat 0, the seat that received the first
 * card: the dealer's successor in the direction of play; a table that rotates the first bidder,
 * or lets the holder of a face-up card start, passes it here). Three hands make the three-player
 * game, four hands the two-deck four-player game.
 *
 * @example
 * ```ts
 * const state = startBidding(deal('doudizhu', { seed: 'table 7' }));
 * state.phase; // 'bidding'
 * state.turn;  // 0
 * ```
 * @throws {FairdealError} `BAD_DEAL` if the hands and kitty are not a whole Dou Dizhu deal
 *   (17 × 3 + 3 from one 54-card deck, or 25 × 4 + 8 from two), or do not fit `rules.variant`.
 * @throws {RangeError} if `firstBidder` is not a seat.
 * @throws {TypeError} for cards that are not Cards or rule flags that are not booleans.
 */
export function startBidding(
  deal: { readonly hands: readonly (readonly Card[])[]; readonly kitty: readonly Card[] },
  options: { readonly firstBidder?: number; readonly rules?: Partial<DoudizhuRules> } = {},
): DoudizhuState {
  if (deal === null || typeof deal !== 'object' || !Array.isArray(deal.hands)) {
    throw new TypeError('startBidding needs a deal with hands and a kitty');
  }
  const seats = deal.hands.length;
  const variant = options.rules?.variant ?? (seats === 4 ? 'doudizhu-4p' : 'doudizhu');
  const rules = resolveRules({ ...options.rules, variant });
  const shape = SHAPE[rules.variant];
  if (seats !== shape.seats) {
    throw new FairdealError(
      'BAD_DEAL',
      `${rules.variant} is played by ${shape.seats} seats, the deal has ${seats} hands`,
    );
  }
  checkCards(deal, shape);
  const firstBidder = options.firstBidder ?? 0;
  if (!Number.isInteger(firstBidder) || firstBidder < 0 || firstBidder >= seats) {
    throw new RangeError(`firstBidder must be a seat from 0 to ${seats - 1}`);
  }
  const toBid = Array.from({ length: seats }, (_, i) => (firstBidder + i) % seats);
  return {
    rules,
    seats,
    phase: 'bidding',
    turn: firstBidder,
    hands: deal.hands.map((h) => [...h]),
    kitty: [...deal.kitty],
    kittyShown: false,
    firstBidder,
    bids: [],
    highestBid: 0,
    leader: null,
    robs: 0,
    caller: null,
    toBid,
    callerHadFinalSay: false,
    landlord: null,
    base: 0,
    doubled: new Array<boolean>(seats).fill(false),
    toDouble: [],
    shown: false,
    plays: [],
    lead: null,
    passes: 0,
    bombs: 0,
    winner: null,
    score: null,
  };
}

function checkCards(
  deal: { readonly hands: readonly (readonly Card[])[]; readonly kitty: readonly Card[] },
  shape: (typeof SHAPE)[keyof typeof SHAPE],
): void {
  if (!Array.isArray(deal.kitty)) throw new TypeError('the deal needs a kitty (an array of Cards)');
  const seen = new Set<string>();
  const piles = [
    ...deal.hands.map((h, i) => [`hand ${i}`, h] as const),
    ['kitty', deal.kitty] as const,
  ];
  for (const [name, pile] of piles) {
    if (!Array.isArray(pile)) throw new TypeError(`${name} must be an array of Cards`);
    const want = name === 'kitty' ? shape.kitty : shape.hand;
    if (pile.length !== want) {
      throw new FairdealError(
        'BAD_DEAL',
        `${name} has ${pile.length} cards, Dou Dizhu deals ${want}`,
      );
    }
    for (const card of pile as readonly Card[]) {
      if (card === null || typeof card !== 'object' || typeof card.id !== 'string') {
        throw new TypeError(`${name} holds something that is not a Card`);
      }
      if (card.deck > shape.copies || seen.has(card.id)) {
        throw new FairdealError(
          'BAD_DEAL',
          `card ${card.id} is not one of the deck's, or is dealt twice`,
        );
      }
      seen.add(card.id);
    }
  }
}

const CLASSIC_BIDS: readonly Bid[] = ['pass', 1, 2, 3];
const ROB_BIDS: readonly Bid[] = ['pass', 'call', 'rob'];

/**
 * One seat's bid, in turn. Classic (叫分): each seat bids once, in seat order from the first
 * bidder, `pass` or more than the highest bid so far; a 3 ends the bidding at once; the highest
 * bidder becomes landlord with the bid as base; if every seat passes the hand is redealt
 * (`phase: 'redeal'`). Rob the landlord (`rules.robLandlord`, 抢地主): in seat order a seat may
 * `call` (叫地主) or `pass` (不叫) until someone calls; then each later seat that has not yet
 * spoken may `rob` (抢地主, doubling the stake) or `pass` (不抢), and if anyone robbed, the first
 * caller has a last say (`rob` back or `pass`); the last to call or rob is landlord, with base
 * 2^robs; nobody calls → redeal. The landlord then takes the kitty, shown to all, and leads
 * (with the `doubling` rule, after the doubling round: `phase: 'doubling'`, see `double`).
 *
 * @example
 * ```ts
 * let s = startBidding(deal('doudizhu', { seed: 'x' }));
 * s = bid(s, 0, 1); s = bid(s, 1, 'pass'); s = bid(s, 2, 3);
 * s.landlord; // 2 — s.hands[2].length is 20, s.kittyShown is true
 * ```
 * @throws {FairdealError} `WRONG_PHASE` if the hand is not in the bidding.
 * @throws {FairdealError} `NOT_YOUR_TURN` if `seat` is not the seat to bid.
 * @throws {FairdealError} `BAD_BID` for a bid these rules do not know or that is not higher than
 *   the highest bid (`detail.reason`: `unknown-bid`, `too-low`, `nothing-to-rob`, `already-called`).
 */
export function bid(state: DoudizhuState, seat: number, value: Bid): DoudizhuState {
  if (state.phase !== 'bidding') {
    throw new FairdealError('WRONG_PHASE', `no bidding now: the hand is ${state.phase}`, {
      phase: state.phase,
    });
  }
  if (seat !== state.turn) {
    throw new FairdealError('NOT_YOUR_TURN', `seat ${state.turn} bids now, not seat ${seat}`, {
      turn: state.turn,
      seat,
    });
  }
  const rob = state.rules.robLandlord;
  if (!(rob ? ROB_BIDS : CLASSIC_BIDS).includes(value)) {
    const allowed = (rob ? ROB_BIDS : CLASSIC_BIDS).join(', ');
    throw badBid('unknown-bid', `bid ${String(value)} is not one of ${allowed}`);
  }
  const bids = [...state.bids, { seat, bid: value }];
  let toBid = state.toBid.slice(1);
  let { highestBid, leader, robs, caller, callerHadFinalSay } = state;
  if (!rob) {
    if (typeof value === 'number') {
      if (value <= highestBid) {
        throw badBid('too-low', `bid ${value} must be higher than ${highestBid}, or pass`);
      }
      highestBid = value;
      leader = seat;
      if (value === 3) toBid = [];
    }
  } else if (caller === null) {
    if (value === 'rob') throw badBid('nothing-to-rob', 'nobody has called yet: call or pass');
    if (value === 'call') {
      caller = seat;
      leader = seat;
    }
  } else {
    if (value === 'call') throw badBid('already-called', `seat ${caller} has called: rob or pass`);
    if (value === 'rob') {
      robs++;
      leader = seat;
    }
  }
  if (toBid.length === 0 && rob && caller !== null && robs > 0 && !callerHadFinalSay) {
    callerHadFinalSay = true;
    if (leader !== caller) toBid = [caller];
  }
  const next = { ...state, bids, toBid, highestBid, leader, robs, caller, callerHadFinalSay };
  if (toBid.length > 0) return { ...next, turn: toBid[0]! };
  if (leader === null) return { ...next, phase: 'redeal', turn: -1 };
  const hands = state.hands.map((hand, i) =>
    i === leader ? sortHand([...hand, ...state.kitty], 'doudizhu') : hand,
  );
  // Doubling: the farmers choose in the order of play from the landlord's successor, the
  // landlord last, knowing theirs (its double is against every farmer at once).
  const toDouble =
    state.rules.doubling === true
      ? Array.from({ length: state.seats }, (_, i) => (leader + 1 + i) % state.seats)
      : [];
  return {
    ...next,
    phase: toDouble.length > 0 ? 'doubling' : 'playing',
    turn: toDouble[0] ?? leader,
    hands,
    kittyShown: true,
    landlord: leader,
    base: rob ? 2 ** robs : highestBid,
    toDouble,
  };
}

function badBid(reason: string, message: string): FairdealError {
  return new FairdealError('BAD_BID', message, { reason });
}
