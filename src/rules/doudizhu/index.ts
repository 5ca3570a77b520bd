/**
 * fairdeal/doudizhu — the rules of Dou Dizhu (斗地主) as pure functions: hand types, comparison,
 * every legal play, bidding (classic and rob-the-landlord), turns and scoring, for the
 * three-player game and the two-deck four-player game, with the common house rules of online
 * rooms as flags (rob the landlord, doubling, show-hand). Browser-safe, no I/O: a table enforces
 * the game by calling these on its state; a bot or a page lists the legal plays every turn.
 * docs/DOUDIZHU.md has the rules and their sources.
 *
 * @example
 * ```ts
 * import { deal } from 'fairdeal';
 * import { bid, botPlay, cardsFor, doudizhuSeatView, legalMoves, play, startBidding } from 'fairdeal/doudizhu';
 *
 * let s = startBidding(deal('doudizhu', { seed: 'table 7' }));
 * s = bid(s, 0, 3);                                  // seat 0 is landlord, takes the kitty
 * const move = legalMoves(s)[0]!;                     // a rank pattern
 * s = play(s, 0, cardsFor(s.hands[0]!, move));        // concrete cards
 * const view = doudizhuSeatView(s, 1);                // what seat 1 may know, no more
 * const reply = botPlay(view);                        // the bot's answer, from that view only
 * ```
 */

export { beats } from './beats.ts';
export { bid, startBidding } from './bidding.ts';
export { botBid } from './bot/bot-bid.ts';
export { botPlay } from './bot/bot-play.ts';
export type { DoudizhuSeatView } from './bot/seat-view.ts';
export { doudizhuSeatView } from './bot/seat-view.ts';
export { cardsFor } from './cards-for.ts';
export { classify, classifyCounts } from './classify.ts';
export { double, legalDoubles } from './doubling.ts';
export { legalPlays, legalPlaysFromCounts } from './legal-plays.ts';
export type { PlayRecord } from './play-record.ts';
export type { Play, PlayType } from './play-types.ts';
export { formatPlay, PASS, PLAY_TYPE_NAMES, playKey } from './play-types.ts';
export type { RankIndex } from './ranks.ts';
export {
  BIG_JOKER,
  CHAIN_TOP,
  RANK_COUNT,
  RANK_LABELS,
  rankCounts,
  rankIndex,
  SMALL_JOKER,
  TWO,
} from './ranks.ts';
export type { DoudizhuRules, DoudizhuVariant } from './rules.ts';
export { DEFAULT_RULES, resolveRules } from './rules.ts';
export type { DoudizhuScore } from './score.ts';
export { scoreHand } from './score.ts';
export { canShowHand, showHand } from './show-hand.ts';
export type { Bid, BidRecord, DoubleChoice, DoudizhuState, Phase } from './state.ts';
export { legalMoves, pass, play } from './turns.ts';
