import { FairdealError } from '../errors.ts';
import type { Card } from './card.ts';
import { suitedCard } from './card.ts';
import { RANKS_HIGH_FIRST, type Rank } from './rank.ts';
import type { Suit } from './suit.ts';

/** A bridge seat: North, East, South, West (clockwise). */
export type Compass = 'N' | 'E' | 'S' | 'W';

/**
 * The compass seats in clockwise order; `hands[i]` of a bridge deal belongs to `COMPASS[i]`.
 *
 * @example
 * ```ts
 * COMPASS[1]; // 'E'
 * ```
 */
export const COMPASS: readonly Compass[] = Object.freeze(['N', 'E', 'S', 'W']);

// PBN 2.1 §3.4.11 (Deal tag): "<first>:<hand> <hand> <hand> <hand>", hands clockwise from the
// first seat; each hand is "spades.hearts.diamonds.clubs", ranks AKQJT98765432, a void is empty.
const PBN_SUITS: readonly Suit[] = ['S', 'H', 'D', 'C'];

function bad(message: string, text: string): FairdealError {
  return new FairdealError('BAD_CARD', message, { token: text });
}

/**
 * Reads a PBN deal string. Returns the hands in N, E, S, W order whatever the first seat, and
 * the first seat. Ranks must be upper case `AKQJT98765432`; `x` spot cards and `-` (unknown
 * hand) are refused, because a fairdeal deal needs every exact card.
 *
 * @example
 * ```ts
 * const { hands } = parsePbnDeal('N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432');
 * hands[0]?.length; // 13 (all spades for North)
 * ```
 * @throws {FairdealError} `BAD_CARD` naming the bad part (seat, hand, rank, duplicate card).
 * @throws {TypeError} if `text` is not a string.
 */
export function parsePbnDeal(text: string): { first: Compass; hands: Card[][] } {
  if (typeof text !== 'string') throw new TypeError('PBN deal must be a string');
  const m = /^([NESW]):(.*)$/.exec(text);
  if (m === null)
    throw bad(`bad PBN deal ${JSON.stringify(text)}: must start with N:, E:, S: or W:`, text);
  const first = m[1] as Compass;
  const parts = m[2]!.split(' ');
  if (parts.length !== 4) {
    throw bad(
      `bad PBN deal: expected 4 hands separated by single spaces, got ${parts.length}`,
      text,
    );
  }
  const hands: Card[][] = [[], [], [], []];
  const seen = new Set<string>();
  const start = COMPASS.indexOf(first);
  parts.forEach((part, k) => {
    const suits = part.split('.');
    if (suits.length !== 4) {
      throw bad(`bad PBN hand ${JSON.stringify(part)}: expected 4 suits separated by dots`, text);
    }
    const seat = (start + k) % 4;
    suits.forEach((ranks, s) => {
      for (const ch of ranks) {
        if (!(RANKS_HIGH_FIRST as readonly string[]).includes(ch)) {
          throw bad(`bad PBN rank ${JSON.stringify(ch)} in hand ${JSON.stringify(part)}`, text);
        }
        const card = suitedCard(ch as Rank, PBN_SUITS[s]!);
        if (seen.has(card.id)) throw bad(`card ${card.id} appears twice in the PBN deal`, text);
        seen.add(card.id);
        hands[seat]!.push(card);
      }
    });
  });
  return { first, hands };
}

/**
 * Writes a PBN deal string from hands in N, E, S, W order, starting with seat `first` (by
 * convention the dealer). Each suit's ranks are written high to low.
 *
 * @example
 * ```ts
 * formatPbnDeal(deal('bridge', { seed: 'x' }).hands, 'N'); // 'N:AK83.… …'
 * ```
 * @throws {FairdealError} `BAD_CARD` for a joker, a card of a second deck copy (no PBN form), or a
 *   card given twice.
 * @throws {RangeError} unless there are exactly 4 hands.
 * @throws {FairdealError} `BAD_OPTION` for a first seat other than N, E, S, W.
 */
export function formatPbnDeal(hands: readonly (readonly Card[])[], first: Compass = 'N'): string {
  if (!Array.isArray(hands) || hands.length !== 4) {
    throw new RangeError(
      `a PBN deal needs 4 hands, got ${Array.isArray(hands) ? hands.length : 0}`,
    );
  }
  const start = COMPASS.indexOf(first);
  if (start < 0) throw new FairdealError('BAD_OPTION', `bad PBN first seat '${String(first)}'`);
  const written: string[] = [];
  const seen = new Set<string>();
  for (let k = 0; k < 4; k++) {
    const hand: readonly Card[] = hands[(start + k) % 4]!;
    for (const c of hand) {
      if (c.joker !== null || c.deck !== 1) {
        throw new FairdealError('BAD_CARD', `card ${c.id} cannot be written in PBN`);
      }
      if (seen.has(c.id)) throw new FairdealError('BAD_CARD', `card ${c.id} appears twice`);
      seen.add(c.id);
    }
    written.push(
      PBN_SUITS.map((suit) =>
        RANKS_HIGH_FIRST.filter((r) => hand.some((c) => c.suit === suit && c.rank === r)).join(''),
      ).join('.'),
    );
  }
  return `${first}:${written.join(' ')}`;
}
