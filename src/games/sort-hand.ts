import type { Card, Rank, Suit } from '../cards/index.ts';
import { RANKS_HIGH_FIRST } from '../cards/index.ts';
import { FairdealError } from '../errors.ts';

/**
 * The hand orders fairdeal knows (docs/GAMES.md, "Sort orders"). Every order puts the strongest
 * or the trump cards first (left), as players hold them; copies of the same card sit together.
 * - `doudizhu`: big joker, small joker, 2, A, K … 3; ties ♠ ♥ ♣ ♦ — exactly the founding
 *   document's `sortCards` (000_*.txt). Also Big Two's order (2 high, suits ♠ > ♥ > ♣ > ♦).
 * - `guandan`: jokers, the level cards, then A K … 2 (level skipped); ties ♠ ♥ ♣ ♦.
 * - `shengji`: trumps first (big joker, small joker, level card of the trump suit, other level
 *   cards, trump suit A … 2), then the other suits ♠ ♥ ♣ ♦, each A … 2 without the level rank.
 * - `bridge`: suits ♠ ♥ ♦ ♣, each A K … 2.
 * - `suit`: suits ♠ ♥ ♣ ♦ (colours alternate), each A K … 2; jokers first (big, small).
 * - `poker`: A K … 2 whatever the suit, ties ♠ ♥ ♦ ♣.
 * - `skat`: the four jacks ♣ ♠ ♥ ♦, then trump suit A 10 K Q 9 8 7, then the other suits
 *   ♣ ♠ ♥ ♦; `trump: 'grand'` (jacks only) is the default, `'null'` orders A K Q J 10 … 7.
 * - `euchre`: with a trump suit, the right bower (its jack), the left bower (the jack of the same
 *   colour), trump A K Q 10 9, then the other suits ♠ ♥ ♣ ♦ A K Q J 10 9; without trump, suits.
 * - `pinochle`: suits ♠ ♥ ♣ ♦, each A 10 K Q J 9.
 * - `rummy`: suits ♠ ♥ ♣ ♦, each A 2 … K (ace low, so runs read left to right).
 * - `none`: dealing order.
 */
export type SortName =
  | 'doudizhu'
  | 'guandan'
  | 'shengji'
  | 'bridge'
  | 'suit'
  | 'poker'
  | 'skat'
  | 'euchre'
  | 'pinochle'
  | 'rummy'
  | 'none';

/** Trump and level for the trump-aware orders. */
export interface SortOptions {
  /** The rank being played for (升级 / 掼蛋 level); default `2`. */
  readonly level?: Rank;
  /** The trump suit, `'none'` (no-trump), or for skat `'grand'` / `'null'`. */
  readonly trump?: Suit | 'none' | 'grand' | 'null';
}

/**
 * Every sort order name.
 *
 * @example
 * ```ts
 * SORT_NAMES.includes('doudizhu'); // true
 * ```
 */
export const SORT_NAMES: readonly SortName[] = Object.freeze([
  'doudizhu',
  'guandan',
  'shengji',
  'bridge',
  'suit',
  'poker',
  'skat',
  'euchre',
  'pinochle',
  'rummy',
  'none',
]);

type Key = (card: Card) => number;

/** Position in a list, as a sort key (lower sorts first). */
function at<T>(list: readonly T[], value: T): number {
  return list.indexOf(value);
}

const CLIMBING: readonly Rank[] = ['2', 'A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6', '5', '4', '3'];
const ACE_LOW: readonly Rank[] = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'];
const ALTERNATING: readonly Suit[] = ['S', 'H', 'C', 'D'];
const BRIDGE_SUITS: readonly Suit[] = ['S', 'H', 'D', 'C'];
const SKAT_SUITS: readonly Suit[] = ['C', 'S', 'H', 'D'];
const SKAT_RANKS: readonly Rank[] = ['A', 'T', 'K', 'Q', '9', '8', '7', 'J'];
const SKAT_NULL_RANKS: readonly Rank[] = ['A', 'K', 'Q', 'J', 'T', '9', '8', '7'];
const PINOCHLE_RANKS: readonly Rank[] = ['A', 'T', 'K', 'Q', 'J', '9'];
const SAME_COLOUR: Record<Suit, Suit> = { S: 'C', C: 'S', H: 'D', D: 'H' };

// Keys are built as group * 1000 + rank * 10 + suit: small integers, no ties between distinct
// codes; the deck copy breaks the remaining ties so the sort is total and deterministic.
function jokerKey(card: Card): number {
  return card.joker === 'big' ? 0 : 1;
}

function keyFor(order: SortName, options: SortOptions): Key {
  const level = options.level ?? '2';
  const trump = options.trump ?? 'none';
  switch (order) {
    case 'doudizhu':
      return (c) =>
        c.joker !== null ? jokerKey(c) : 1000 + at(CLIMBING, c.rank) * 10 + at(ALTERNATING, c.suit);
    case 'guandan':
      return (c) => {
        if (c.joker !== null) return jokerKey(c);
        if (c.rank === level) return 1000 + at(ALTERNATING, c.suit);
        return 2000 + at(RANKS_HIGH_FIRST, c.rank) * 10 + at(ALTERNATING, c.suit);
      };
    case 'shengji':
      return (c) => {
        if (c.joker !== null) return jokerKey(c);
        if (c.rank === level) return (c.suit === trump ? 1000 : 2000) + at(ALTERNATING, c.suit);
        if (c.suit === trump) return 3000 + at(RANKS_HIGH_FIRST, c.rank);
        return 4000 + at(ALTERNATING, c.suit) * 100 + at(RANKS_HIGH_FIRST, c.rank);
      };
    case 'bridge':
      return (c) =>
        c.joker !== null
          ? jokerKey(c)
          : 1000 + at(BRIDGE_SUITS, c.suit) * 100 + at(RANKS_HIGH_FIRST, c.rank);
    case 'suit':
      return (c) =>
        c.joker !== null
          ? jokerKey(c)
          : 1000 + at(ALTERNATING, c.suit) * 100 + at(RANKS_HIGH_FIRST, c.rank);
    case 'poker':
      return (c) =>
        c.joker !== null
          ? jokerKey(c)
          : 1000 + at(RANKS_HIGH_FIRST, c.rank) * 10 + at(BRIDGE_SUITS, c.suit);
    case 'rummy':
      return (c) =>
        c.joker !== null ? jokerKey(c) : 1000 + at(ALTERNATING, c.suit) * 100 + at(ACE_LOW, c.rank);
    case 'pinochle':
      return (c) =>
        c.joker !== null
          ? jokerKey(c)
          : 1000 + at(ALTERNATING, c.suit) * 100 + rankIn(PINOCHLE_RANKS, c.rank);
    case 'skat':
      return (c) => {
        if (c.joker !== null) return jokerKey(c);
        if (trump === 'null') {
          return 1000 + at(SKAT_SUITS, c.suit) * 100 + rankIn(SKAT_NULL_RANKS, c.rank);
        }
        if (c.rank === 'J') return 1000 + at(SKAT_SUITS, c.suit);
        if (c.suit === trump) return 2000 + rankIn(SKAT_RANKS, c.rank);
        return 3000 + at(SKAT_SUITS, c.suit) * 100 + rankIn(SKAT_RANKS, c.rank);
      };
    case 'euchre':
      return (c) => {
        if (c.joker !== null) return jokerKey(c);
        if (trump !== 'none' && trump !== 'grand' && trump !== 'null') {
          if (c.rank === 'J' && c.suit === trump) return 1000;
          if (c.rank === 'J' && c.suit === SAME_COLOUR[trump]) return 1001;
          if (c.suit === trump) return 2000 + at(RANKS_HIGH_FIRST, c.rank);
        }
        return 3000 + at(ALTERNATING, c.suit) * 100 + at(RANKS_HIGH_FIRST, c.rank);
      };
    case 'none':
      return () => 0;
    default:
      throw new FairdealError('BAD_OPTION', `unknown sort order '${String(order)}'`);
  }
}

/** Ranks outside a stripped order (a 2 in a skat hand of a custom deck) sort after it. */
function rankIn(list: readonly Rank[], rank: Rank): number {
  const i = list.indexOf(rank);
  return i < 0 ? list.length + at(RANKS_HIGH_FIRST, rank) : i;
}

/**
 * A sorted copy of a hand, strongest or trump cards first (see {@link SortName}); copies of the
 * same card keep deck-copy order. `none` keeps the given order.
 *
 * @example
 * ```ts
 * sortHand(parseCards('3S BJ 2D RJ 3H'), 'doudizhu').map((c) => c.code);
 * // ['RJ', 'BJ', '2D', '3S', '3H']
 * sortHand(parseCards('JD AH JH 9S'), 'euchre', { trump: 'H' }).map((c) => c.code);
 * // ['JH', 'JD', 'AH', '9S']
 * ```
 * @throws {FairdealError} `BAD_OPTION` for an unknown order, level or trump.
 * @throws {TypeError} if `cards` is not an array.
 */
export function sortHand(
  cards: readonly Card[],
  order: SortName,
  options: SortOptions = {},
): Card[] {
  if (!Array.isArray(cards)) throw new TypeError('sortHand needs an array of cards');
  checkSortOptions(order, options);
  const key = keyFor(order, options);
  if (order === 'none') return cards.slice();
  // Key, deck copy and position packed into one number each, sorted by the typed array's own
  // numeric sort (no comparator calls, one allocation): the same order as a stable sort by
  // (key, deck copy), ties kept in hand order. A profile of deal('doudizhu') put a third of
  // its time in the sort of objects this replaces (issue 25). Hands or keys outside the packing
  // (never from the presets) take that sort.
  const n = cards.length;
  if (n < 65536) {
    const packed = new Float64Array(n);
    let ok = true;
    for (let i = 0; i < n; i++) {
      const card = cards[i]!;
      const k = key(card);
      const copy = card.deck;
      if (
        !(
          Number.isInteger(k) &&
          k >= 0 &&
          k < 1048576 &&
          copy >= 0 &&
          copy < 1024 &&
          Number.isInteger(copy)
        )
      ) {
        ok = false;
        break;
      }
      packed[i] = (k * 1024 + copy) * 65536 + i; // < 2^46: exact in a double
    }
    if (ok) {
      packed.sort();
      const out: Card[] = [];
      for (let i = 0; i < n; i++) {
        const v = packed[i]!;
        // The position, from the low 16 bits: `v % 65536` on a double past 2^31 is a call to
        // fmod; dividing by a power of two and flooring is exact and inline.
        out.push(cards[v - Math.floor(v / 65536) * 65536]!);
      }
      return out;
    }
  }
  return cards
    .map((card) => ({ card, k: key(card) }))
    .sort((a, b) => a.k - b.k || a.card.deck - b.card.deck)
    .map((x) => x.card);
}

const LEVELS = new Set<string>(RANKS_HIGH_FIRST);

function checkSortOptions(order: SortName, options: SortOptions): void {
  if (options.level !== undefined && !LEVELS.has(options.level)) {
    throw new FairdealError(
      'BAD_OPTION',
      `bad level '${String(options.level)}' (use A 2-9 T J Q K)`,
    );
  }
  const t = options.trump;
  if (t === undefined) return;
  const suits = ['S', 'H', 'D', 'C'];
  const ok =
    order === 'skat' ? [...suits, 'grand', 'null'] : order === 'none' ? [t] : [...suits, 'none'];
  if (!ok.includes(t)) {
    throw new FairdealError(
      'BAD_OPTION',
      `bad trump '${String(t)}' for ${order} (use ${ok.join(', ')})`,
    );
  }
}
