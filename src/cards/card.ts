import type { Rank } from './rank.ts';
import { isRank } from './rank.ts';
import type { Suit } from './suit.ts';
import { isSuit, suitColor } from './suit.ts';

/**
 * The two jokers. `small` is the black (monochrome) joker, `big` the red (coloured) one: 小王 and
 * 大王 in Dou Dizhu, `X1` and `X2` in the Deck of Cards API, `BJ` and `RJ` in RLCard. fairdeal
 * never says "BJ = big joker": B is for black.
 */
export type JokerKind = 'small' | 'big';

interface CardFields {
  /** Canonical short code: `AS`, `TH`, `BJ` (small/black joker), `RJ` (big/red joker). */
  readonly code: string;
  /** Stable identity of the physical card: the code for copy 1, `code#n` for copy n (`AS#2`). */
  readonly id: string;
  /** Which copy of the deck this card belongs to, from 1 (several decks mixed: 升级, shoes). */
  readonly deck: number;
  /** Red for hearts, diamonds and the big joker; black otherwise. */
  readonly color: 'red' | 'black';
}

/** An ordinary card of one of the four suits. */
export interface SuitedCard extends CardFields {
  readonly rank: Rank;
  readonly suit: Suit;
  readonly joker: null;
}

/** A joker: no rank and no suit, only its kind. */
export interface JokerCard extends CardFields {
  readonly rank: null;
  readonly suit: null;
  readonly joker: JokerKind;
}

/**
 * A playing card: an immutable, frozen value. Cards are interned, so the same physical card
 * (same code, same deck copy) is always the same object and `===` compares identities.
 */
export type Card = SuitedCard | JokerCard;

/** Highest deck copy number accepted: far above any real shoe (8) or the Deck of Cards API (20). */
export const MAX_DECK_COPIES = 1000;

const interned = new Map<string, Card>();

function copySuffix(deck: number): string {
  return deck === 1 ? '' : `#${deck}`;
}

function checkDeck(deck: number): void {
  if (!Number.isInteger(deck) || deck < 1 || deck > MAX_DECK_COPIES) {
    throw new RangeError(`deck copy must be an integer from 1 to ${MAX_DECK_COPIES}, got ${deck}`);
  }
}

/**
 * The suited card of this rank and suit from deck copy `deck` (1 by default).
 *
 * @example
 * ```ts
 * suitedCard('A', 'S').id;    // 'AS'
 * suitedCard('T', 'H', 2).id; // 'TH#2'
 * ```
 * @throws {TypeError} if `rank` or `suit` is not a code of {@link RANKS} / {@link SUITS}.
 * @throws {RangeError} if `deck` is not an integer from 1 to {@link MAX_DECK_COPIES}.
 */
export function suitedCard(rank: Rank, suit: Suit, deck = 1): SuitedCard {
  if (!isRank(rank)) throw new TypeError(`rank must be one of A 2-9 T J Q K, got ${String(rank)}`);
  if (!isSuit(suit)) throw new TypeError(`suit must be one of S H D C, got ${String(suit)}`);
  checkDeck(deck);
  const code = `${rank}${suit}`;
  const id = code + copySuffix(deck);
  const known = interned.get(id);
  if (known !== undefined) return known as SuitedCard;
  const card: SuitedCard = Object.freeze({
    code,
    id,
    deck,
    color: suitColor(suit),
    rank,
    suit,
    joker: null,
  });
  interned.set(id, card);
  return card;
}

/**
 * The small (black) or big (red) joker from deck copy `deck` (1 by default).
 *
 * @example
 * ```ts
 * jokerCard('big').code;      // 'RJ'
 * jokerCard('small', 2).id;   // 'BJ#2'
 * ```
 * @throws {TypeError} if `kind` is not 'small' or 'big'.
 * @throws {RangeError} if `deck` is not an integer from 1 to {@link MAX_DECK_COPIES}.
 */
export function jokerCard(kind: JokerKind, deck = 1): JokerCard {
  if (kind !== 'small' && kind !== 'big') {
    throw new TypeError(`joker kind must be 'small' or 'big', got ${String(kind)}`);
  }
  checkDeck(deck);
  const code = kind === 'small' ? 'BJ' : 'RJ';
  const id = code + copySuffix(deck);
  const known = interned.get(id);
  if (known !== undefined) return known as JokerCard;
  const card: JokerCard = Object.freeze({
    code,
    id,
    deck,
    color: kind === 'big' ? 'red' : 'black',
    rank: null,
    suit: null,
    joker: kind,
  });
  interned.set(id, card);
  return card;
}

/**
 * Whether a card is a joker (narrows the type).
 *
 * @example
 * ```ts
 * isJoker(jokerCard('small')); // true
 * ```
 * @throws never.
 */
export function isJoker(card: Card): card is JokerCard {
  return card.joker !== null;
}

/**
 * The same card from another deck copy (`AS` → `AS#2`).
 *
 * @example
 * ```ts
 * withDeckCopy(suitedCard('A', 'S'), 2).id; // 'AS#2'
 * ```
 * @throws {RangeError} if `deck` is not an integer from 1 to {@link MAX_DECK_COPIES}.
 */
export function withDeckCopy(card: Card, deck: number): Card {
  return card.joker === null ? suitedCard(card.rank, card.suit, deck) : jokerCard(card.joker, deck);
}
