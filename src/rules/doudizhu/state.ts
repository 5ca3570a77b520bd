import type { Card } from '../../cards/index.ts';
import type { PlayRecord } from './play-record.ts';
import type { DoudizhuRules } from './rules.ts';
import type { DoudizhuScore } from './score.ts';

/**
 * A bid: `pass` (不叫 / 不抢), 1, 2 or 3 points (classic 叫分), or with the rob-the-landlord rule
 * `call` (叫地主) and `rob` (抢地主).
 */
export type Bid = 'pass' | 1 | 2 | 3 | 'call' | 'rob';

/** A seat's choice in the doubling round (加倍 / 不加倍), with the `doubling` rule. */
export type DoubleChoice = 'double' | 'no-double';

/**
 * Where a hand is: bidding, doubling (with the `doubling` rule: after the bidding, before the
 * play), playing, finished (someone emptied their hand, `score` is set), or `redeal` (everyone
 * passed in the bidding: the table deals again).
 */
export type Phase = 'bidding' | 'doubling' | 'playing' | 'finished' | 'redeal';

/** One bid as made. */
export interface BidRecord {
  readonly seat: number;
  readonly bid: Bid;
}

/**
 * The whole state of a Dou Dizhu hand: a plain, immutable value. Every step (`bid`, `play`,
 * `pass`) returns a new state and leaves the old one as it was, so a table can keep, compare,
 * store or replay them. Seats are numbered in the direction of play (docs/GAMES.md): after seat
 * s comes seat (s + 1) mod seats.
 */
export interface DoudizhuState {
  readonly rules: DoudizhuRules;
  readonly seats: number;
  readonly phase: Phase;
  /** The seat to act (bid, double or play); -1 when the hand is finished or must be redealt. */
  readonly turn: number;
  /** Each seat's cards (the landlord's include the kitty once bidding is over). */
  readonly hands: readonly (readonly Card[])[];
  /** The kitty (底牌): face down while bidding, shown to every seat once the landlord takes it. */
  readonly kitty: readonly Card[];
  /** Whether the kitty has been turned up (the landlord is known). */
  readonly kittyShown: boolean;
  /** The seat that bid first. */
  readonly firstBidder: number;
  /** Every bid in order. */
  readonly bids: readonly BidRecord[];
  /** Classic bidding: the highest bid so far (0 for none). */
  readonly highestBid: number;
  /** The seat that would become landlord if the bidding ended now (null: nobody has bid). */
  readonly leader: number | null;
  /** Rob the landlord: how many times the landlord was robbed (each doubles the base). */
  readonly robs: number;
  /** Rob the landlord: the seat that called first (叫地主), null before anyone calls. */
  readonly caller: number | null;
  /** Seats still to bid, in order. */
  readonly toBid: readonly number[];
  /** Rob the landlord: whether the first caller has had the final say already. */
  readonly callerHadFinalSay: boolean;
  /** The landlord (地主), once bidding is over. */
  readonly landlord: number | null;
  /** The stake fixed by the bidding: the winning bid (classic) or 2^robs (rob the landlord). */
  readonly base: number;
  /** Doubling: which seats doubled (加倍), by seat; all false without the rule. */
  readonly doubled: readonly boolean[];
  /** Doubling: the seats still to choose, in order (empty outside the doubling phase). */
  readonly toDouble: readonly number[];
  /** Show-hand: whether the landlord showed its hand face up (明牌): every seat may see it. */
  readonly shown: boolean;
  /** Every turn of the play, passes included. */
  readonly plays: readonly PlayRecord[];
  /** The play to beat; null when the seat to act leads. */
  readonly lead: PlayRecord | null;
  /** Passes in a row since the play to beat. */
  readonly passes: number;
  /** Bombs and rockets played so far (each doubles the score). */
  readonly bombs: number;
  /** The seat that emptied its hand. */
  readonly winner: number | null;
  /** The score, once finished. */
  readonly score: DoudizhuScore | null;
}
