// Seeded Dou Dizhu matches between two strategies, for the bot's measurement (bench/bots.ts)
// and its test (src/rules/doudizhu/bot/bot-strength.test.ts). Everything is a function of the
// seeds: the same seeds, the same games.
import { deal } from '../../src/index.ts';
import type { Bid, DoudizhuState, Play } from '../../src/rules/doudizhu/index.ts';
import {
  bid,
  botBid,
  botPlay,
  cardsFor,
  doudizhuSeatView,
  pass,
  play,
  startBidding,
} from '../../src/rules/doudizhu/index.ts';
import { simpleBid, simpleMove } from './doudizhu-simple-bot.ts';

/** How a seat bids and plays, given the state and its seat. */
export interface Strategy {
  readonly name: string;
  readonly bid: (s: DoudizhuState, seat: number) => Bid;
  readonly play: (s: DoudizhuState, seat: number) => Play;
}

/** fairdeal/doudizhu's bot, handed only the seat's view (never the state). */
export const BOT: Strategy = {
  name: 'bot',
  bid: (s, seat) => botBid(doudizhuSeatView(s, seat)),
  play: (s, seat) => botPlay(doudizhuSeatView(s, seat)),
};

/** The terminal game's computer seats before issue 26. */
export const SIMPLE: Strategy = { name: 'simple', bid: simpleBid, play: simpleMove };

/** Plays a hand in its playing phase to the end, each seat by its strategy. */
export function playOut(state: DoudizhuState, seats: readonly Strategy[]): DoudizhuState {
  let s = state;
  while (s.phase === 'playing') {
    const seat = s.turn;
    const move = seats[seat]!.play(s, seat);
    s = move.type === 'pass' ? pass(s, seat) : play(s, seat, cardsFor(s.hands[seat]!, move));
  }
  return s;
}

/** One finished game of a match, from strategy A's side. */
export interface GameResult {
  /** Whether A held the landlord's seat. */
  readonly aLandlord: boolean;
  /** Whether A's side won. */
  readonly aWon: boolean;
  /** Points A's side won (+) or lost (−): the landlord's delta, or the farmers' together. */
  readonly aPoints: number;
}

/**
 * The card play alone, bidding left out, as a duplicate match: deal i (seed `${seed} ${i}`)
 * makes seat i mod 3 landlord at a base of 1 and is played twice, A as landlord against two B
 * farmers, then B as landlord against two A farmers — the same cards each way round, so each
 * strategy holds each hand from each side exactly once.
 */
export function duplicateGames(
  seed: string,
  deals: number,
  a: Strategy,
  b: Strategy,
): GameResult[] {
  const out: GameResult[] = [];
  for (let i = 0; i < deals; i++) {
    const landlord = i % 3;
    let s = startBidding(deal('doudizhu', { seed: `${seed} ${i}` }), { firstBidder: landlord });
    s = bid(s, landlord, 1);
    s = bid(s, (landlord + 1) % 3, 'pass');
    s = bid(s, (landlord + 2) % 3, 'pass');
    for (const aLandlord of [true, false]) {
      const seats = [0, 1, 2].map((seat) => ((seat === landlord) === aLandlord ? a : b));
      const end = playOut(s, seats).score!;
      const aWon = end.landlordWon === aLandlord;
      const points = end.deltas[landlord]!;
      out.push({ aLandlord, aWon, aPoints: aLandlord ? points : -points });
    }
  }
  return out;
}

/**
 * Whole hands, bidding included: deal i puts A in seat i mod 3 against two B seats (seat 0 bids
 * first); if everyone passes, the cards are dealt again from `${seed} ${i} / redeal n`, as the
 * terminal game does. A's points are its own seat's.
 */
export function biddingGames(seed: string, deals: number, a: Strategy, b: Strategy): GameResult[] {
  const out: GameResult[] = [];
  for (let i = 0; i < deals; i++) {
    const seatA = i % 3;
    const seats = [0, 1, 2].map((seat) => (seat === seatA ? a : b));
    for (let round = 0; ; round++) {
      const dealSeed = round === 0 ? `${seed} ${i}` : `${seed} ${i} / redeal ${round}`;
      let s = startBidding(deal('doudizhu', { seed: dealSeed }));
      while (s.phase === 'bidding') s = bid(s, s.turn, seats[s.turn]!.bid(s, s.turn));
      if (s.phase === 'redeal') continue;
      const end = playOut(s, seats).score!;
      const aLandlord = end.landlord === seatA;
      out.push({ aLandlord, aWon: end.landlordWon === aLandlord, aPoints: end.deltas[seatA]! });
      break;
    }
  }
  return out;
}
