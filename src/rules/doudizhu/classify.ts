import type { Card } from '../../cards/index.ts';
import type { Play, PlayType } from './play-types.ts';
import { playFromCounts } from './play-types.ts';
import { BIG_JOKER, CHAIN_TOP, RANK_COUNT, rankCounts, SMALL_JOKER } from './ranks.ts';
import type { DoudizhuRules } from './rules.ts';
import { resolveRules } from './rules.ts';

/**
 * What combination the cards form (牌型), with its deciding rank, or `null` when they form none
 * ("not a legal combination": e.g. `3 4`, a straight through the 2, a trio with the two jokers
 * as its "pair" — two jokers are a rocket, never a pair). An empty list is `null` too: a pass is
 * not a combination.
 *
 * @example
 * ```ts
 * classify(parseCards('3S 3H 3D 4C'))?.type;      // 'trio-single'
 * classify(parseCards('BJ RJ'))?.type;            // 'rocket'
 * classify(parseCards('QS KS AS 2S 3S'));         // null: no wrapping through the 2
 * ```
 * @throws {TypeError} if `cards` is not an array of Cards or a rule flag is not a boolean.
 * @throws {FairdealError} `BAD_OPTION` for an unknown rule.
 */
export function classify(cards: readonly Card[], rules?: Partial<DoudizhuRules>): Play | null {
  return classifyCounts(rankCounts(cards), resolveRules(rules));
}

/**
 * {@link classify} on per-rank counts (15 numbers, see `rankCounts`): the form the rules engine
 * works on, also handy for rank-only sources such as DouZero moves.
 *
 * @example
 * ```ts
 * const counts = new Array(15).fill(0); counts[13] = 1; counts[14] = 1;
 * classifyCounts(counts, DEFAULT_RULES)?.type; // 'rocket'
 * ```
 * @throws {RangeError} if `counts` is not 15 non-negative integers.
 */
export function classifyCounts(counts: readonly number[], rules: DoudizhuRules): Play | null {
  if (counts.length !== RANK_COUNT) throw new RangeError('counts must have 15 entries');
  const fourPlayers = rules.variant === 'doudizhu-4p';
  const present: number[] = [];
  let size = 0;
  for (let r = 0; r < RANK_COUNT; r++) {
    const k = counts[r]!;
    if (!Number.isInteger(k) || k < 0) throw new RangeError('counts must be non-negative integers');
    if (k > 0) {
      present.push(r);
      size += k;
    }
  }
  if (size === 0) return null;
  // One deck has one card of each joker and four of every other rank; two decks twice as many.
  const decks = fourPlayers ? 2 : 1;
  for (const r of present) if (counts[r]! > (r >= SMALL_JOKER ? decks : 4 * decks)) return null;
  const of = (type: PlayType, rank: number, length = 1) =>
    playFromCounts(type, rank, length, counts);

  const rocketSize = 2 * decks;
  if (
    size === rocketSize &&
    counts[SMALL_JOKER] === decks &&
    counts[BIG_JOKER] === decks &&
    present.length === 2
  ) {
    return of('rocket', BIG_JOKER);
  }
  if (present.length === 1) {
    const r = present[0]!;
    if (size === 1) return of('single', r);
    if (size === 2) return of('pair', r);
    if (size === 3) return of('trio', r);
    return of('bomb', r); // 4 (or, with two decks, up to 8) cards of one rank
  }
  // Everything else has at least two ranks; find the rank held three or four times.
  const withCount = (k: number) => present.filter((r) => counts[r] === k);
  const trios = withCount(3);
  const fours = withCount(4);

  if (size === 4 && trios.length === 1) return of('trio-single', trios[0]!);
  if (size === 5 && trios.length === 1 && present.length === 2) return of('trio-pair', trios[0]!);
  if (rules.fourWithTwo && fours.length === 1 && (size === 6 || size === 8)) {
    const four = fours[0]!;
    const rest = present.filter((r) => r !== four);
    if (size === 6) {
      const split = rest.length === 1; // the two singles are one rank's pair split up
      if (split && rules.distinctKickers) return null;
      if (rocketAsKickers(counts, rules)) return null;
      return of('four-two-singles', four);
    }
    if (rest.length === 2 && rest.every((r) => counts[r] === 2)) {
      // Four players: BJ BJ + RJ RJ are two pairs only in shape; together they are the rocket.
      if (rocketAsKickers(counts, rules)) return null;
      return of('four-two-pairs', four);
    }
  }

  const chain = chainOf(counts, present);
  if (chain !== null) return of(chain.type, present[0]!, present.length);

  if (size % 4 === 0 && size >= 8) {
    const wings = airplaneWithSingles(counts, size / 4, rules);
    if (wings >= 0) return of('airplane-singles', wings, size / 4);
  }
  if (size % 5 === 0 && size >= 10) {
    const start = airplaneWithPairs(counts, size / 5, rules);
    if (start >= 0) return of('airplane-pairs', start, size / 5);
  }
  return null;
}

/** Straight, pair chain or bare airplane: every rank the same count, consecutive, none past A. */
function chainOf(counts: readonly number[], present: readonly number[]): { type: PlayType } | null {
  const k = counts[present[0]!]!;
  if (present.some((r) => counts[r] !== k)) return null;
  const first = present[0]!;
  const last = present[present.length - 1]!;
  if (last > CHAIN_TOP || last - first !== present.length - 1) return null;
  const n = present.length;
  if (k === 1 && n >= 5) return { type: 'straight' };
  if (k === 2 && n >= 3) return { type: 'pair-chain' };
  if (k === 3 && n >= 2) return { type: 'airplane' };
  return null;
}

/**
 * The chain start of an airplane of `length` trios with `length` single wings, or -1. The chain's
 * ranks are held exactly three times; the wings are the other cards. Wings never include a trio
 * next to the chain (those cards would lengthen it: such a play reads as the longer airplane,
 * if its size fits one, else as nothing), nor a bomb or the rocket unless the rules allow.
 */
function airplaneWithSingles(counts: readonly number[], length: number, rules: DoudizhuRules) {
  if (rocketAsKickers(counts, rules)) return -1;
  for (let start = 0; start + length - 1 <= CHAIN_TOP; start++) {
    let isChain = true;
    for (let r = start; r < start + length; r++) if (counts[r] !== 3) isChain = false;
    if (!isChain) continue;
    let ok = true;
    for (let r = 0; r < RANK_COUNT && ok; r++) {
      if (r >= start && r < start + length) continue;
      const k = counts[r]!;
      if (k === 0) continue;
      if (rules.distinctKickers && k > 1) ok = false;
      if (k >= 4 && !rules.wingsMayContainBomb) ok = false;
      const adjacent = (r === start - 1 || r === start + length) && r <= CHAIN_TOP;
      if (adjacent && k >= 3) ok = false;
    }
    if (ok) return start;
  }
  return -1;
}

/**
 * The chain start of an airplane of `length` trios with `length` pairs of other ranks, or -1.
 * The pairs are never the rocket (four players: BJ BJ + RJ RJ) unless the rules allow.
 */
function airplaneWithPairs(counts: readonly number[], length: number, rules: DoudizhuRules) {
  if (rocketAsKickers(counts, rules)) return -1;
  for (let start = 0; start + length - 1 <= CHAIN_TOP; start++) {
    let ok = true;
    let pairs = 0;
    for (let r = 0; r < RANK_COUNT && ok; r++) {
      const k = counts[r]!;
      if (r >= start && r < start + length) ok = k === 3;
      else if (k === 2) pairs++;
      else if (k !== 0) ok = false;
    }
    if (ok && pairs === length) return start;
  }
  return -1;
}

/**
 * Whether a play with kickers (four with two, an airplane with wings) would use the rocket as
 * kickers where the rules forbid it. Jokers are never part of a chain or a four, so when the
 * cards hold every joker of the deck(s) — BJ RJ, or with two decks BJ BJ RJ RJ, which are two
 * pairs in shape — the kickers are the rocket, single or pair kickers alike.
 */
function rocketAsKickers(counts: readonly number[], rules: DoudizhuRules): boolean {
  const decks = rules.variant === 'doudizhu-4p' ? 2 : 1;
  return (
    !rules.kickersMayContainRocket && counts[SMALL_JOKER] === decks && counts[BIG_JOKER] === decks
  );
}
