// The terminal game's computer seats before issue 26, kept as the baseline the bot is measured
// against (bench/bots.ts, src/rules/doudizhu/bot/bot-strength.test.ts): bids on jokers, 2s and
// bombs; leading, the lowest rank, as many cards of it as one play takes (bombs last);
// following, the smallest play that beats (bombs last), but never over a fellow farmer.
import type { Bid, DoudizhuState, Play } from '../../src/rules/doudizhu/index.ts';
import { legalMoves, rankCounts } from '../../src/rules/doudizhu/index.ts';

const isBomb = (p: Play) => p.type === 'bomb' || p.type === 'rocket';

/** Whether play a is the smaller answer: no bomb before a bomb, then fewer cards, then rank. */
function smaller(a: Play, b: Play): boolean {
  if (isBomb(a) !== isBomb(b)) return !isBomb(a);
  if (a.size !== b.size) return a.size < b.size;
  return a.rank < b.rank;
}

/** The simple bot's move for `seat`, the seat to act (it reads only that seat's own hand). */
export function simpleMove(s: DoudizhuState, seat: number): Play {
  const moves = legalMoves(s);
  const lead = s.lead;
  if (lead !== null) {
    const partner = seat !== s.landlord && lead.seat !== s.landlord;
    const answers = moves.filter((m) => m.type !== 'pass');
    if (partner || answers.length === 0) return moves.find((m) => m.type === 'pass')!;
    return answers.reduce((best, m) => (smaller(m, best) ? m : best));
  }
  const calm = moves.filter((m) => !isBomb(m));
  const pool = calm.length > 0 ? calm : moves;
  return pool.reduce((best, m) =>
    m.rank < best.rank || (m.rank === best.rank && m.size > best.size) ? m : best,
  );
}

/** The simple bot's bid: points for jokers, 2s and bombs. */
export function simpleBid(s: DoudizhuState, seat: number): Bid {
  const counts = rankCounts(s.hands[seat]!);
  const decks = s.rules.variant === 'doudizhu-4p' ? 2 : 1;
  let points = 3 * counts[14]! + 2 * counts[13]! + counts[12]! / decks;
  for (let r = 0; r < 13; r++) if (counts[r]! >= 4) points += 2;
  if (s.rules.robLandlord) {
    if (s.caller === null) return points >= 4 ? 'call' : 'pass';
    return points >= 7 ? 'rob' : 'pass';
  }
  const want = points >= 8 ? 3 : points >= 6 ? 2 : points >= 4 ? 1 : 0;
  return want > s.highestBid ? (want as 1 | 2 | 3) : 'pass';
}
