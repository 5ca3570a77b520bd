import { badCard, checkToken } from './bad-card.ts';
import type { Card } from './card.ts';
import { jokerCard, suitedCard } from './card.ts';
import type { Rank } from './rank.ts';
import type { Suit } from './suit.ts';

// RLCard (rlcard/games/base.py, Card.get_index): suit letter first, then the rank with `T` for
// ten, upper case; jokers `BJ` (black, small) and `RJ` (red, big).
const SUITED = /^([SHDC])([2-9TJQKA])$/;
const ALLOWED = /[SHDC2-9TJQKABR]/;

/** Parses an RLCard code (`S3`, `HT`, `BJ`, `RJ`). */
export function parseRlcardNotation(token: string): Card {
  checkToken(token);
  const m = SUITED.exec(token);
  if (m !== null) return suitedCard(m[2] as Rank, m[1] as Suit);
  if (token === 'BJ') return jokerCard('small');
  if (token === 'RJ') return jokerCard('big');
  throw badCard(token, 'rlcard', ALLOWED);
}

/** `S3`, `HT`, `BJ`, `RJ`. */
export function formatRlcardNotation(card: Card): string {
  return card.joker === null ? card.suit + card.rank : card.code;
}
