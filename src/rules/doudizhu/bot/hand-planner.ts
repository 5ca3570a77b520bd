import type { PlayType } from '../play-types.ts';
import { BIG_JOKER, CHAIN_TOP, RANK_COUNT, SMALL_JOKER, TWO } from '../ranks.ts';

/**
 * One planned play of a hand, as ranks: the main part (`width` cards of each of `length`
 * consecutive ranks from `rank`) and its kickers (`kickerWidth` cards of each rank listed).
 */
export interface Combo {
  readonly type: PlayType;
  readonly rank: number;
  readonly length: number;
  readonly width: number;
  readonly kickers: readonly number[];
  readonly kickerWidth: number;
  /** Cards in the play. */
  readonly size: number;
  /** How likely it is to take the trick when led: 1 when nothing unseen can beat it. */
  readonly win: number;
  /** What it costs the hand to still hold it: 1 − 2·win (a sure winner pays for a loser). */
  readonly cost: number;
}

/** A hand split into plays, and what holding them costs (lower is a stronger hand). */
export interface HandPlan {
  readonly cost: number;
  readonly combos: readonly Combo[];
}

/**
 * The cost of a bomb or the rocket: below a sure winner's −1, because it also wins a trick of
 * any type, not only one of its own.
 */
const BOMB_COST = -1.2;
/** Win chance of a play that exactly one higher play of its type could beat, from unseen cards. */
const ONE_BEATER = 0.4;
/** Each further higher play the unseen cards could hold multiplies the chance by this. */
const PER_BEATER = 0.6;
/** Singles and pairs less likely than this to take a trick are tucked under trios as kickers. */
const KICKER_BELOW = 0.5;

/** Chains searched per plan before the best so far is taken: bounds the worst hand's time. */
const LEAF_BUDGET = 4000;
/** The shortest chain by width: straights of 5, pair chains of 3, airplanes of 2 trios. */
const MIN_CHAIN = [0, 5, 3, 2] as const;

interface Chain {
  readonly width: number;
  readonly rank: number;
  readonly length: number;
}

/**
 * Splits hands (per-rank counts) into the fewest, strongest plays: rocket and bombs kept whole,
 * then every way of taking straights, pair chains and airplanes (a bounded depth-first search,
 * ranks low to high), the rest as trios, pairs and singles, trios and airplanes taking the
 * weakest singles or pairs as kickers. "Strongest" is judged against the cards this seat has not
 * seen (card counting): a play counts as a sure winner when no unseen cards can beat it in its
 * own type. Plans are cached per count vector, so a decision that weighs many answers pays once
 * for each hand it considers.
 */
export class HandPlanner {
  readonly #unseen: readonly number[];
  readonly #decks: number;
  readonly #plans = new Map<number, HandPlan>();
  readonly #wins = new Map<number, number>();

  constructor(unseen: readonly number[], fourPlayers: boolean) {
    this.#unseen = unseen;
    this.#decks = fourPlayers ? 2 : 1;
  }

  /** The best plan for these counts (15 per-rank counts). */
  plan(counts: readonly number[]): HandPlan {
    let key = 0;
    for (let r = 0; r < RANK_COUNT; r++) key = key * 9 + counts[r]!;
    const cached = this.#plans.get(key);
    if (cached !== undefined) return cached;
    const made = this.#search(counts);
    this.#plans.set(key, made);
    return made;
  }

  /**
   * The win chance of a play of `width` cards of each of `length` ranks from `rank` (chains when
   * `chain`), against the unseen cards: 1 when none can beat it in its type.
   */
  win(width: number, rank: number, length: number, chain: boolean): number {
    const key = ((width * 16 + rank) * 16 + length) * 2 + (chain ? 1 : 0);
    const cached = this.#wins.get(key);
    if (cached !== undefined) return cached;
    const u = this.#unseen;
    let beaters = 0;
    if (!chain) {
      for (let s = rank + 1; s < RANK_COUNT; s++) if (u[s]! >= width) beaters++;
    } else {
      for (let s = rank + 1; s + length - 1 <= CHAIN_TOP; s++) {
        let ok = true;
        for (let t = s; t < s + length && ok; t++) ok = u[t]! >= width;
        if (ok) beaters++;
      }
    }
    const chance = beaters === 0 ? 1 : ONE_BEATER * PER_BEATER ** (beaters - 1);
    this.#wins.set(key, chance);
    return chance;
  }

  /** Whether the unseen cards hold a bomb (or rocket) that beats a bomb of `size` at `rank`. */
  bombBeatable(rank: number, size: number): boolean {
    const u = this.#unseen;
    if (u[SMALL_JOKER] === this.#decks && u[BIG_JOKER] === this.#decks) return true;
    for (let s = 0; s <= TWO; s++) {
      if (u[s]! > size || (u[s]! === size && s > rank)) return true;
    }
    return false;
  }

  #search(counts: readonly number[]): HandPlan {
    const rest = counts.slice();
    const fixed: Combo[] = [];
    let fixedCost = 0;
    const jokers = this.#decks;
    if (rest[SMALL_JOKER] === jokers && rest[BIG_JOKER] === jokers) {
      fixed.push(this.#combo('rocket', BIG_JOKER, 1, 2 * jokers, [], 0, 1, BOMB_COST));
      rest[SMALL_JOKER] = 0;
      rest[BIG_JOKER] = 0;
      fixedCost += BOMB_COST;
    }
    for (let r = 0; r <= TWO; r++) {
      if (rest[r]! >= 4) {
        const sure = !this.bombBeatable(r, rest[r]!);
        const cost = sure ? BOMB_COST : BOMB_COST / 2;
        fixed.push(this.#combo('bomb', r, 1, rest[r]!, [], 0, sure ? 1 : 0.7, cost));
        fixedCost += cost;
        rest[r] = 0;
      }
    }
    let bestCost = Number.POSITIVE_INFINITY;
    let bestChains: Chain[] = [];
    let bestRest = rest;
    let leaves = 0;
    const chains: Chain[] = [];
    const visit = (from: number, lastWidth: number, lastLength: number): void => {
      let r = from;
      while (r <= CHAIN_TOP && rest[r] === 0) r++;
      if (r > CHAIN_TOP || leaves >= LEAF_BUDGET) {
        leaves++;
        const cost = this.#settle(rest, chains, null);
        if (cost < bestCost) {
          bestCost = cost;
          bestChains = chains.slice();
          bestRest = rest.slice();
        }
        return;
      }
      // Rank r starts no (further) chain: its cards stay for trios, pairs and singles.
      visit(r + 1, 9, 99);
      for (let width = 3; width >= 1; width--) {
        if (rest[r]! < width) continue;
        let run = 0;
        while (r + run <= CHAIN_TOP && rest[r + run]! >= width) run++;
        for (let length = run; length >= MIN_CHAIN[width]!; length--) {
          // Chains from one rank in one order only: (width, length) never increases.
          if (width > lastWidth || (width === lastWidth && length > lastLength)) continue;
          for (let t = r; t < r + length; t++) rest[t]! -= width;
          chains.push({ width, rank: r, length });
          visit(r, width, length);
          chains.pop();
          for (let t = r; t < r + length; t++) rest[t]! += width;
        }
      }
    };
    visit(0, 9, 99);
    const combos = fixed.slice();
    const cost = fixedCost + this.#settle(bestRest, bestChains, combos);
    return { cost, combos };
  }

  /**
   * The cost of the chains plus the rest as trios, pairs and singles; airplanes then trios take
   * the weakest singles or pairs (those that would lose their tricks) as kickers. With `out`,
   * pushes the plays.
   */
  #settle(rest: readonly number[], chains: readonly Chain[], out: Combo[] | null): number {
    const singles: number[] = [];
    const pairs: number[] = [];
    const trios: number[] = [];
    for (let r = 0; r < RANK_COUNT; r++) {
      const k = rest[r]!;
      if (k === 1) singles.push(r);
      else if (k === 2) pairs.push(r);
      else if (k === 3) trios.push(r);
    }
    // Weakest first (lowest rank: the most higher cards against it); only losers are worth
    // tucking under a trio: a 2 or a joker is worth more as a trick of its own.
    const single = singles.filter((r) => this.win(1, r, 1, false) < KICKER_BELOW);
    const pair = pairs.filter((r) => this.win(2, r, 1, false) < KICKER_BELOW);
    const usedSingle = new Set<number>();
    const usedPair = new Set<number>();
    let si = 0;
    let pi = 0;
    let cost = 0;
    const planes = chains.filter((c) => c.width === 3).sort((a, b) => b.length - a.length);
    for (const c of chains) {
      if (c.width === 3) continue;
      const type = c.width === 1 ? 'straight' : 'pair-chain';
      const win = this.win(c.width, c.rank, c.length, true);
      cost += 1 - 2 * win;
      out?.push(this.#combo(type, c.rank, c.length, c.width, [], 0, win, 1 - 2 * win));
    }
    for (const c of planes) {
      const n = c.length;
      const win = this.win(3, c.rank, n, true);
      let kickers: number[] = [];
      let kickerWidth = 0;
      const freeSingles = single.length - si;
      const freePairs = pair.length - pi;
      if (freeSingles >= n && (freeSingles >= freePairs || freePairs < n)) {
        kickers = single.slice(si, si + n);
        si += n;
        kickerWidth = 1;
      } else if (freePairs >= n) {
        kickers = pair.slice(pi, pi + n);
        pi += n;
        kickerWidth = 2;
      }
      for (const k of kickers) (kickerWidth === 1 ? usedSingle : usedPair).add(k);
      const type =
        kickerWidth === 0 ? 'airplane' : kickerWidth === 1 ? 'airplane-singles' : 'airplane-pairs';
      cost += 1 - 2 * win;
      out?.push(this.#combo(type, c.rank, n, 3, kickers, kickerWidth, win, 1 - 2 * win));
    }
    for (const r of trios) {
      const win = this.win(3, r, 1, false);
      let kickers: number[] = [];
      let kickerWidth = 0;
      // The weaker of the next single and the next pair: the lower rank (a single on a tie).
      const s = si < single.length ? single[si]! : RANK_COUNT;
      const p = pi < pair.length ? pair[pi]! : RANK_COUNT;
      if (s < RANK_COUNT && s <= p) {
        kickers = [s];
        kickerWidth = 1;
        usedSingle.add(s);
        si++;
      } else if (p < RANK_COUNT) {
        kickers = [p];
        kickerWidth = 2;
        usedPair.add(p);
        pi++;
      }
      const type = kickerWidth === 0 ? 'trio' : kickerWidth === 1 ? 'trio-single' : 'trio-pair';
      cost += 1 - 2 * win;
      out?.push(this.#combo(type, r, 1, 3, kickers, kickerWidth, win, 1 - 2 * win));
    }
    for (const r of pairs) {
      if (usedPair.has(r)) continue;
      const win = this.win(2, r, 1, false);
      cost += 1 - 2 * win;
      out?.push(this.#combo('pair', r, 1, 2, [], 0, win, 1 - 2 * win));
    }
    for (const r of singles) {
      if (usedSingle.has(r)) continue;
      const win = this.win(1, r, 1, false);
      cost += 1 - 2 * win;
      out?.push(this.#combo('single', r, 1, 1, [], 0, win, 1 - 2 * win));
    }
    return cost;
  }

  #combo(
    type: PlayType,
    rank: number,
    length: number,
    width: number,
    kickers: readonly number[],
    kickerWidth: number,
    win: number,
    cost: number,
  ): Combo {
    const size = width * length + kickers.length * kickerWidth;
    return { type, rank, length, width, kickers, kickerWidth, size, win, cost };
  }
}

/** The per-rank counts of a planned play. */
export function comboCounts(combo: Combo): number[] {
  const counts = new Array<number>(RANK_COUNT).fill(0);
  if (combo.type === 'rocket') {
    counts[SMALL_JOKER] = combo.width / 2;
    counts[BIG_JOKER] = combo.width / 2;
    return counts;
  }
  for (let r = combo.rank; r < combo.rank + combo.length; r++) counts[r] = combo.width;
  for (const k of combo.kickers) counts[k]! += combo.kickerWidth;
  return counts;
}
