import { FairdealError } from '../errors.ts';
import { badCard, checkToken } from './bad-card.ts';
import type { Card } from './card.ts';
import { suitedCard } from './card.ts';
import type { Rank } from './rank.ts';
import type { Suit } from './suit.ts';

// pokersolver (goldfire/pokersolver) and most poker evaluators: rank upper case with `T` for ten,
// suit lower case (`Td`, `As`). There is no joker in this notation.
const SUITED = /^([2-9TJQKA])([shdc])$/;
const ALLOWED = /[2-9TJQKAshdc]/;

/** Parses a pokersolver card (`Td`, `As`). */
export function parsePokersolverNotation(token: string): Card {
  checkToken(token);
  const m = SUITED.exec(token);
  if (m !== null) return suitedCard(m[1] as Rank, m[2]!.toUpperCase() as Suit);
  throw badCard(token, 'pokersolver', ALLOWED);
}

/** `Td`, `As`; a joker has no pokersolver form and throws BAD_CARD. */
export function formatPokersolverNotation(card: Card): string {
  if (card.joker !== null) {
    throw new FairdealError('BAD_CARD', `card ${card.id} has no pokersolver notation (no jokers)`);
  }
  return card.rank + card.suit.toLowerCase();
}
