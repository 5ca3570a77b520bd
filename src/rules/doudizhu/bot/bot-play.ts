import { FairdealError } from '../../../errors.ts';
import { classifyCounts } from '../classify.ts';
import { legalPlaysFromCounts } from '../legal-plays.ts';
import type { Play } from '../play-types.ts';
import { PASS } from '../play-types.ts';
import { RANK_COUNT, rankCounts } from '../ranks.ts';
import type { Combo } from './hand-planner.ts';
import { comboCounts, HandPlanner } from './hand-planner.ts';
import type { DoudizhuSeatView } from './seat-view.ts';
import { unseenCounts } from './unseen-counts.ts';

/** An opponent with this many cards or fewer is about to go out: stop them at any price. */
const DANGER = 2;
/** An opponent with this many cards or fewer is worth a bomb when nothing else beats them. */
const BOMB_DANGER = 4;
/** How many ranks one more card in a led play is worth: shed long plays before short ones. */
const SIZE_BONUS = 3;

const isBomb = (p: { readonly type: string }) => p.type === 'bomb' || p.type === 'rocket';

/**
 * The bot's play for the seat to act: a rank pattern (`PASS` to pass; pick the cards with
 * `cardsFor(view.hand, play)`). It sees only `view` — its own cards, the card counts, the plays
 * and the shown kitty — and is pure and deterministic: the same view, the same play.
 *
 * How it plays: it splits its hand into the fewest, strongest plays (chains, trios with kickers,
 * bombs and the rocket kept whole), judging each against the cards it has not seen yet (card
 * counting). Leading, it plays its whole hand if that is one play; if all but one of its plays are
 * sure winners, it plays the winners first and goes out with the last; a farmer whose partner
 * sits next with one or two cards leads its lowest single or pair to it; otherwise it leads its
 * lowest play, longer ones first, but never one an opponent could go out on (as many cards as the
 * opponent holds) when it has another. Following, it never beats its partner farmer, unless the
 * landlord plays next, is about to go out, and it can take the trick for sure; against an
 * opponent, whenever it has an answer that is not a bomb, the one that costs its plan least (its
 * strongest answer instead when an opponent is about to go out); a bomb or the rocket only when
 * nothing else beats and an opponent is down to four cards, or when at most one of its plays
 * could lose after it. Ties: a lead goes to the longer play, then the lower rank; an answer to
 * the first in `legalPlays` order (lower ranks first).
 *
 * @example
 * ```ts
 * let s = startBidding(deal('doudizhu', { seed: 'table 7' }));
 * s = bid(s, 0, 3);
 * const move = botPlay(doudizhuSeatView(s, 0));       // the landlord leads
 * s = play(s, 0, cardsFor(s.hands[0]!, move));
 * ```
 * @throws {FairdealError} `WRONG_PHASE` outside the play, `NOT_YOUR_TURN` when the view's seat
 *   is not the seat to act.
 */
export function botPlay(view: DoudizhuSeatView): Play {
  if (view.phase !== 'playing') {
    throw new FairdealError('WRONG_PHASE', `no playing now: the hand is ${view.phase}`, {
      phase: view.phase,
    });
  }
  if (view.turn !== view.seat) {
    throw new FairdealError('NOT_YOUR_TURN', `seat ${view.turn} plays now, not seat ${view.seat}`, {
      turn: view.turn,
      seat: view.seat,
    });
  }
  const counts = rankCounts(view.hand);
  const planner = new HandPlanner(unseenCounts(view), view.rules.variant === 'doudizhu-4p');
  const table = new Table(view);
  const previous = view.lead?.play ?? null;
  if (previous === null || previous.type === 'pass') return lead(view, counts, planner, table);
  return follow(view, counts, planner, table, previous);
}

/** Who sits where, from the seat's point of view. */
class Table {
  readonly landlord: number;
  readonly isLandlord: boolean;
  readonly next: number;
  readonly opponents: readonly number[];
  /** The fewest cards an opponent holds. */
  readonly closest: number;

  constructor(view: DoudizhuSeatView) {
    this.landlord = view.landlord ?? -1;
    this.isLandlord = view.seat === this.landlord;
    this.next = (view.seat + 1) % view.seats;
    const opponents: number[] = [];
    for (let s = 0; s < view.seats; s++) {
      if (s !== view.seat && (this.isLandlord || s === this.landlord)) opponents.push(s);
    }
    this.opponents = opponents;
    this.closest = Math.min(...opponents.map((s) => view.handSizes[s]!));
  }

  isPartner(seat: number): boolean {
    return !this.isLandlord && seat !== this.landlord;
  }
}

function lead(view: DoudizhuSeatView, counts: number[], planner: HandPlanner, table: Table): Play {
  const rules = view.rules;
  const whole = classifyCounts(counts, rules);
  if (whole !== null) return whole;
  const partner = table.next;
  if (table.isPartner(partner)) {
    const left = view.handSizes[partner]!;
    const width = left === 1 ? 1 : left === 2 ? 2 : 0;
    if (width > 0) {
      for (let r = 0; r < RANK_COUNT; r++) {
        if (counts[r]! >= width && counts[r]! < 4) return ofRanks(r, width, rules);
      }
    }
  }
  const plan = planner.plan(counts);
  const sure = plan.combos.filter((c) => c.win === 1);
  const others = plan.combos.filter((c) => c.win < 1);
  if (others.length <= 1 && sure.length > 0) {
    // Winners first (bombs last: they double the stake only once the hand is won anyway), the
    // one loser as the last play, which then empties the hand.
    const first = sure.reduce((best, c) => (byWinnerOrder(c, best) < 0 ? c : best));
    return playOf(first, rules);
  }
  // Bombs are kept for answers (and double the stake): led only when nothing else is left.
  const calm = others.filter((c) => !isBomb(c));
  const pool = calm.length > 0 ? calm : others.length > 0 ? others : plan.combos;
  const risky = (c: Combo) =>
    c.win < 1 && table.opponents.some((s) => view.handSizes[s]! === c.size);
  const safe = pool.filter((c) => !risky(c));
  if (safe.length > 0) {
    const score = (c: Combo) => c.rank - SIZE_BONUS * (c.size - 1);
    const before = (a: Combo, b: Combo) =>
      score(a) !== score(b)
        ? score(a) < score(b)
        : a.size !== b.size
          ? a.size > b.size
          : a.rank < b.rank;
    return playOf(
      safe.reduce((best, c) => (before(c, best) ? c : best)),
      rules,
    );
  }
  // Every play could let an opponent out: lead the one most likely to hold, longest first.
  return playOf(
    plan.combos.reduce((best, c) =>
      c.win > best.win || (c.win === best.win && c.size > best.size) ? c : best,
    ),
    rules,
  );
}

function byWinnerOrder(a: Combo, b: Combo): number {
  if (isBomb(a) !== isBomb(b)) return isBomb(a) ? 1 : -1;
  if (a.size !== b.size) return b.size - a.size;
  return a.rank - b.rank;
}

function follow(
  view: DoudizhuSeatView,
  counts: number[],
  planner: HandPlanner,
  table: Table,
  previous: Play,
): Play {
  const answers = legalPlaysFromCounts(counts, previous, view.rules).filter(
    (m) => m.type !== 'pass',
  );
  if (answers.length === 0) return PASS;
  const out = answers.find((a) => a.size === view.hand.length);
  if (out !== undefined) return out;
  const leader = view.lead!.seat;
  if (table.isPartner(leader)) {
    const landlordNext = table.next === table.landlord;
    const landlordClose = view.handSizes[table.landlord]! <= DANGER;
    if (!landlordNext || !landlordClose || playWin(planner, previous) === 1) return PASS;
    const sure = answers.filter((a) => !isBomb(a) && playWin(planner, a) === 1);
    return sure.length > 0 ? cheapest(sure, counts, planner).play : PASS;
  }
  const scored = answers.map((play) => ({ play, delta: delta(counts, play, planner) }));
  const calm = scored.filter((s) => !isBomb(s.play));
  const bombs = scored.filter((s) => isBomb(s.play));
  const urgent = table.closest <= DANGER || view.handSizes[leader]! <= DANGER;
  if (calm.length > 0) {
    if (!urgent) return lowest(calm)!.play;
    // The opponent would go out on the lead: the answer most likely to keep it, cheapest first.
    return calm.reduce((b, s) => {
      const ws = playWin(planner, s.play);
      const wb = playWin(planner, b.play);
      return ws > wb || (ws === wb && s.delta < b.delta) ? s : b;
    }).play;
  }
  if (bombs.length > 0) {
    const bomb = lowest(bombs)!;
    if (urgent || view.handSizes[leader]! <= BOMB_DANGER) return bomb.play;
    const after = planner.plan(minus(counts, bomb.play));
    if (after.combos.filter((c) => c.win < 1).length <= 1) return bomb.play;
  }
  return PASS;
}

interface Scored {
  readonly play: Play;
  readonly delta: number;
}

/** The first of the lowest delta (answers come in `legalPlays` order: lower ranks first). */
function lowest(scored: readonly Scored[]): Scored | null {
  let best: Scored | null = null;
  for (const s of scored) if (best === null || s.delta < best.delta) best = s;
  return best;
}

function cheapest(plays: readonly Play[], counts: number[], planner: HandPlanner): Scored {
  return lowest(plays.map((play) => ({ play, delta: delta(counts, play, planner) })))!;
}

/** How much the plan of the hand worsens (positive) or improves (negative) by playing `play`. */
function delta(counts: number[], play: Play, planner: HandPlanner): number {
  return planner.plan(minus(counts, play)).cost - planner.plan(counts).cost;
}

function minus(counts: readonly number[], play: Play): number[] {
  const left = counts.slice();
  for (const r of play.ranks) left[r]!--;
  return left;
}

/** The win chance of a laid play in its own type, against the unseen cards. */
function playWin(planner: HandPlanner, play: Play): number {
  switch (play.type) {
    case 'rocket':
      return 1;
    case 'bomb':
      return planner.bombBeatable(play.rank, play.size) ? 0.7 : 1;
    case 'single':
      return planner.win(1, play.rank, 1, false);
    case 'pair':
      return planner.win(2, play.rank, 1, false);
    case 'trio':
    case 'trio-single':
    case 'trio-pair':
      return planner.win(3, play.rank, 1, false);
    case 'four-two-singles':
    case 'four-two-pairs':
      return planner.win(4, play.rank, 1, false);
    case 'straight':
      return planner.win(1, play.rank, play.length, true);
    case 'pair-chain':
      return planner.win(2, play.rank, play.length, true);
    default:
      return planner.win(3, play.rank, play.length, true);
  }
}

/** `width` cards of rank `r` as a play. */
function ofRanks(r: number, width: number, rules: DoudizhuSeatView['rules']): Play {
  const counts = new Array<number>(RANK_COUNT).fill(0);
  counts[r] = width;
  return classifyCounts(counts, rules)!;
}

/**
 * A planned play as the rules read it. The planner only builds shapes the default rules allow;
 * should a house rule refuse one (say, kickers), the main part alone is played.
 */
function playOf(combo: Combo, rules: DoudizhuSeatView['rules']): Play {
  const play = classifyCounts(comboCounts(combo), rules);
  if (play !== null) return play;
  return classifyCounts(comboCounts({ ...combo, kickers: [], kickerWidth: 0 }), rules)!;
}
