import type { Card } from '../../cards/index.ts';
import type { Play, PlayType } from './play-types.ts';
import { PASS, playFromCounts } from './play-types.ts';
import { BIG_JOKER, CHAIN_TOP, RANK_COUNT, rankCounts, SMALL_JOKER, TWO } from './ranks.ts';
import type { DoudizhuRules } from './rules.ts';
import { resolveRules } from './rules.ts';

/**
 * Every legal answer a hand has to the play to beat, each exactly once, as rank patterns
 * ({@link Play}; pick the cards with `cardsFor`). Leading (`previous` null or a pass): every
 * combination the hand holds, no pass. Following: the combinations of the same type and length
 * that rank higher, every bomb that beats it, the rocket, and the pass. These are exactly the
 * sub-multisets of the hand that `classify` accepts and `beats` lets through (a property test
 * checks it against a brute force over all sub-multisets). Order: by type (single, pair, trio,
 * trio with kickers, chains, airplanes, four with two), then bombs (fewer cards first, then
 * rank), the rocket, and the pass last; within a type by deciding rank, then chain length.
 *
 * @example
 * ```ts
 * legalPlays(parseCards('3S 3H 4D'), null).map(formatPlay); // ['3', '4', '3 3']
 * legalPlays(parseCards('3S 3H 4D'), classify(parseCards('5S'))).map(formatPlay); // ['pass']
 * ```
 * @throws {TypeError} if `hand` is not an array of Cards or a rule flag is not a boolean.
 * @throws {FairdealError} `BAD_OPTION` for an unknown rule.
 */
export function legalPlays(
  hand: readonly Card[],
  previous: Play | null = null,
  rules?: Partial<DoudizhuRules>,
): Play[] {
  return legalPlaysFromCounts(rankCounts(hand), previous, resolveRules(rules));
}

interface Context {
  readonly c: readonly number[];
  readonly rules: DoudizhuRules;
  readonly decks: number;
  readonly out: Play[];
  /** Scratch counts of the play being built. */
  readonly pc: number[];
}

/**
 * {@link legalPlays} on per-rank counts (15 numbers, see `rankCounts`): the fast path a bot or a
 * benchmark calls.
 *
 * @example
 * ```ts
 * legalPlaysFromCounts(rankCounts(hand), null, DEFAULT_RULES).length;
 * ```
 * @throws never for well-formed counts and rules.
 */
export function legalPlaysFromCounts(
  counts: readonly number[],
  previous: Play | null,
  rules: DoudizhuRules,
): Play[] {
  const ctx: Context = {
    c: counts,
    rules,
    decks: rules.variant === 'doudizhu-4p' ? 2 : 1,
    out: [],
    pc: new Array<number>(RANK_COUNT).fill(0),
  };
  if (previous === null || previous.type === 'pass') {
    for (const type of LEAD_ORDER) generate(ctx, type, -1, 0);
    bombs(ctx, null);
    rocket(ctx);
    return ctx.out;
  }
  if (previous.type !== 'rocket') {
    if (previous.type !== 'bomb') generate(ctx, previous.type, previous.rank, previous.length);
    bombs(ctx, previous);
    rocket(ctx);
  }
  ctx.out.push(PASS);
  return ctx.out;
}

const LEAD_ORDER: readonly PlayType[] = [
  'single',
  'pair',
  'trio',
  'trio-single',
  'trio-pair',
  'straight',
  'pair-chain',
  'airplane',
  'airplane-singles',
  'airplane-pairs',
  'four-two-singles',
  'four-two-pairs',
];

function emit(ctx: Context, type: PlayType, rank: number, length: number): void {
  ctx.out.push(playFromCounts(type, rank, length, ctx.pc));
}

/** Plays of one non-bomb type whose deciding rank is above `min` (and chain length `len`, if not 0). */
function generate(ctx: Context, type: PlayType, min: number, len: number): void {
  const { c, pc } = ctx;
  switch (type) {
    case 'single':
    case 'pair':
    case 'trio': {
      const k = type === 'single' ? 1 : type === 'pair' ? 2 : 3;
      for (let r = min + 1; r < RANK_COUNT; r++) {
        if (c[r]! < k) continue;
        pc[r] = k;
        emit(ctx, type, r, 1);
        pc[r] = 0;
      }
      return;
    }
    case 'trio-single':
    case 'trio-pair': {
      const k = type === 'trio-single' ? 1 : 2;
      for (let r = min + 1; r <= TWO; r++) {
        if (c[r]! < 3) continue;
        pc[r] = 3;
        for (let x = 0; x < RANK_COUNT; x++) {
          if (x === r || c[x]! < k) continue;
          pc[x] = k;
          emit(ctx, type, r, 1);
          pc[x] = 0;
        }
        pc[r] = 0;
      }
      return;
    }
    case 'straight':
      chains(ctx, type, 1, 5, min, len, null);
      return;
    case 'pair-chain':
      chains(ctx, type, 2, 3, min, len, null);
      return;
    case 'airplane':
      chains(ctx, type, 3, 2, min, len, null);
      return;
    case 'airplane-singles':
      chains(ctx, type, 3, 2, min, len, singleWings);
      return;
    case 'airplane-pairs':
      chains(ctx, type, 3, 2, min, len, pairWings);
      return;
    case 'four-two-singles':
    case 'four-two-pairs':
      if (ctx.rules.fourWithTwo) fourWithTwo(ctx, type, min);
      return;
    default:
      return; // bomb, rocket and pass are handled by the caller
  }
}

type Wings = (ctx: Context, type: PlayType, start: number, length: number) => void;

/** Every chain of `width` cards per rank, at least `minLen` long, starting above `min`. */
function chains(
  ctx: Context,
  type: PlayType,
  width: number,
  minLen: number,
  min: number,
  len: number,
  wings: Wings | null,
): void {
  const { c, pc } = ctx;
  for (let start = min + 1; start <= CHAIN_TOP; start++) {
    let run = 0;
    while (start + run <= CHAIN_TOP && c[start + run]! >= width) run++;
    const from = len === 0 ? minLen : len;
    const to = len === 0 ? run : Math.min(len, run);
    for (let length = from; length <= to; length++) {
      for (let r = start; r < start + length; r++) pc[r] = width;
      if (wings === null) emit(ctx, type, start, length);
      else wings(ctx, type, start, length);
      for (let r = start; r < start + length; r++) pc[r] = 0;
    }
  }
}

/** Completes an airplane with `length` single cards of other ranks (rules: see classify). */
function singleWings(ctx: Context, type: PlayType, start: number, length: number): void {
  const { c, rules, pc } = ctx;
  const ranks: number[] = [];
  const caps: number[] = [];
  for (let r = 0; r < RANK_COUNT; r++) {
    if (r >= start && r < start + length) continue;
    let cap = c[r]!;
    if (rules.distinctKickers) cap = Math.min(cap, 1);
    if (!rules.wingsMayContainBomb) cap = Math.min(cap, 3);
    // Three cards next to the chain would lengthen it: not wings (see classify).
    if ((r === start - 1 || r === start + length) && r <= CHAIN_TOP) cap = Math.min(cap, 2);
    if (cap > 0) {
      ranks.push(r);
      caps.push(cap);
    }
  }
  const pick = (i: number, left: number): void => {
    if (left === 0) {
      if (!rocketAsKickers(ctx)) emit(ctx, type, start, length);
      return;
    }
    if (i === ranks.length) return;
    const r = ranks[i]!;
    const most = Math.min(caps[i]!, left);
    for (let k = most; k >= 1; k--) {
      pc[r] = k;
      pick(i + 1, left - k);
    }
    pc[r] = 0;
    pick(i + 1, left);
  };
  pick(0, length);
}

/** Completes an airplane with `length` pairs of distinct other ranks (never the rocket: see classify). */
function pairWings(ctx: Context, type: PlayType, start: number, length: number): void {
  const { c, pc } = ctx;
  const ranks: number[] = [];
  for (let r = 0; r < RANK_COUNT; r++) {
    if ((r < start || r >= start + length) && c[r]! >= 2) ranks.push(r);
  }
  const pick = (i: number, left: number): void => {
    if (left === 0) {
      if (!rocketAsKickers(ctx)) emit(ctx, type, start, length);
      return;
    }
    if (ranks.length - i < left) return;
    const r = ranks[i]!;
    pc[r] = 2;
    pick(i + 1, left - 1);
    pc[r] = 0;
    pick(i + 1, left);
  };
  pick(0, length);
}

function fourWithTwo(ctx: Context, type: PlayType, min: number): void {
  const { c, pc, rules } = ctx;
  const singles = type === 'four-two-singles';
  for (let r = min + 1; r <= TWO; r++) {
    if (c[r]! < 4) continue;
    pc[r] = 4;
    for (let x = 0; x < RANK_COUNT; x++) {
      if (x === r) continue;
      if (singles) {
        if (c[x]! < 1) continue;
        if (c[x]! >= 2 && !rules.distinctKickers) {
          pc[x] = 2;
          emit(ctx, type, r, 1);
        }
        pc[x] = 1;
        for (let y = x + 1; y < RANK_COUNT; y++) {
          if (y === r || c[y]! < 1) continue;
          pc[y] = 1;
          if (!rocketAsKickers(ctx)) emit(ctx, type, r, 1);
          pc[y] = 0;
        }
        pc[x] = 0;
      } else {
        if (c[x]! < 2) continue;
        pc[x] = 2;
        for (let y = x + 1; y < RANK_COUNT; y++) {
          if (y === r || c[y]! < 2) continue;
          pc[y] = 2;
          if (!rocketAsKickers(ctx)) emit(ctx, type, r, 1);
          pc[y] = 0;
        }
        pc[x] = 0;
      }
    }
    pc[r] = 0;
  }
}

/**
 * Whether the kickers of the play being built are the rocket where the rules forbid it: the
 * play holds every joker of the deck(s), which can only be kickers (see classify).
 */
function rocketAsKickers(ctx: Context): boolean {
  const { pc, decks, rules } = ctx;
  return !rules.kickersMayContainRocket && pc[SMALL_JOKER] === decks && pc[BIG_JOKER] === decks;
}

/** Every bomb the hand holds that beats `previous` (any bomb when it is not a bomb). */
function bombs(ctx: Context, previous: Play | null): void {
  const { c, pc, decks } = ctx;
  for (let size = 4; size <= 4 * decks; size++) {
    for (let r = 0; r <= TWO; r++) {
      if (c[r]! < size) continue;
      if (previous !== null && previous.type === 'bomb') {
        if (size < previous.size || (size === previous.size && r <= previous.rank)) continue;
      }
      pc[r] = size;
      emit(ctx, 'bomb', r, 1);
      pc[r] = 0;
    }
  }
}

function rocket(ctx: Context): void {
  const { c, pc, decks } = ctx;
  if (c[SMALL_JOKER]! < decks || c[BIG_JOKER]! < decks) return;
  pc[SMALL_JOKER] = decks;
  pc[BIG_JOKER] = decks;
  emit(ctx, 'rocket', BIG_JOKER, 1);
  pc[SMALL_JOKER] = 0;
  pc[BIG_JOKER] = 0;
}
