import { FairdealError } from '../errors.ts';
import { badCard, checkToken } from './bad-card.ts';
import type { Card } from './card.ts';
import { jokerCard, suitedCard } from './card.ts';
import type { Rank } from './rank.ts';
import type { Suit } from './suit.ts';

// Deck of Cards API codes (https://deckofcardsapi.com/, docs/COMPATIBILITY.md): value then suit,
// `0` is the ten, jokers `X1` (black, small) and `X2` (red, big); case-insensitive on input.
const SUITED = /^([2-9AJQK0])([SDCH])$/i;
const ALLOWED = /[0-9AJQKSDCHX]/i;

/** Parses a Deck of Cards API code (`0S`, `AH`, `X1`, `X2`). */
export function parseDeckOfCardsNotation(token: string): Card {
  checkToken(token);
  const m = SUITED.exec(token);
  if (m !== null) {
    const v = m[1]!.toUpperCase();
    return suitedCard((v === '0' ? 'T' : v) as Rank, m[2]!.toUpperCase() as Suit);
  }
  const upper = token.toUpperCase();
  if (upper === 'X1') return jokerCard('small');
  if (upper === 'X2') return jokerCard('big');
  throw badCard(token, 'deckofcards', ALLOWED);
}

/** `0S`, `AH`, `X1` (small/black joker), `X2` (big/red joker). */
export function formatDeckOfCardsNotation(card: Card): string {
  if (card.joker !== null) return card.joker === 'small' ? 'X1' : 'X2';
  return (card.rank === 'T' ? '0' : card.rank) + card.suit;
}

const VALUE_NAMES: Record<Rank, string> = {
  A: 'ACE',
  '2': '2',
  '3': '3',
  '4': '4',
  '5': '5',
  '6': '6',
  '7': '7',
  '8': '8',
  '9': '9',
  T: '10',
  J: 'JACK',
  Q: 'QUEEN',
  K: 'KING',
};
const SUIT_NAMES: Record<Suit, string> = {
  S: 'SPADES',
  H: 'HEARTS',
  D: 'DIAMONDS',
  C: 'CLUBS',
};

/**
 * The `code`, `value` and `suit` fields of a card in a Deck of Cards API body
 * (`{"code":"0S","value":"10","suit":"SPADES"}`; jokers are `JOKER` of `BLACK` / `RED`).
 *
 * @example
 * ```ts
 * deckOfCardsFields(parseCard('TS')); // { code: '0S', value: '10', suit: 'SPADES' }
 * ```
 * @throws {FairdealError} never for a real card; `BAD_CARD` if given something else.
 */
export function deckOfCardsFields(card: Card): { code: string; value: string; suit: string } {
  if (card === null || typeof card !== 'object' || typeof card.code !== 'string') {
    throw new FairdealError('BAD_CARD', 'deckOfCardsFields needs a Card');
  }
  if (card.joker !== null) {
    return {
      code: formatDeckOfCardsNotation(card),
      value: 'JOKER',
      suit: card.joker === 'small' ? 'BLACK' : 'RED',
    };
  }
  return {
    code: formatDeckOfCardsNotation(card),
    value: VALUE_NAMES[card.rank],
    suit: SUIT_NAMES[card.suit],
  };
}
