import { badCard, checkToken } from './bad-card.ts';
import type { Card } from './card.ts';
import { jokerCard, suitedCard } from './card.ts';
import type { Rank } from './rank.ts';
import { rankLabel } from './rank.ts';
import type { Suit } from './suit.ts';
import { SUIT_SYMBOLS } from './suit.ts';

// Ten is `10`, `T` or `0` (Deck of Cards API); suits are letters or symbols, black or white
// (♤♡♢♧ are the same suits drawn hollow). Anything else — a Cyrillic `С`, a full-width `Ａ` —
// fails: fairdeal never guesses a card.
const SUITED =
  /^(10|[2-9TJQKA0])([SHDC\u2660\u2665\u2666\u2663\u2664\u2661\u2662\u2667])(?:#([1-9][0-9]{0,3}))?$/i;
const JOKER = /^(BJ|RJ|SJ|X1|X2)(?:#([1-9][0-9]{0,3}))?$/i;
const ALLOWED = /[0-9TJQKASHDCBRX#\u2660-\u2667]/i;

const SYMBOL_SUIT: Record<string, Suit> = {
  '\u2660': 'S',
  '\u2664': 'S',
  '\u2665': 'H',
  '\u2661': 'H',
  '\u2666': 'D',
  '\u2662': 'D',
  '\u2663': 'C',
  '\u2667': 'C',
};

/** Parses a card code (`AS`, `th`, `10H`, `0h`, `A♠`, `BJ`, `X2`, `AS#2`). */
export function parseCodeNotation(token: string): Card {
  checkToken(token);
  const suited = SUITED.exec(token);
  if (suited !== null) {
    const r = suited[1]!.toUpperCase();
    const rank = (r === '10' || r === '0' ? 'T' : r) as Rank;
    const s = suited[2]!;
    const suit = SYMBOL_SUIT[s] ?? (s.toUpperCase() as Suit);
    return suitedCard(rank, suit, suited[3] === undefined ? 1 : Number(suited[3]));
  }
  const joker = JOKER.exec(token);
  if (joker !== null) {
    const j = joker[1]!.toUpperCase();
    const kind = j === 'RJ' || j === 'X2' ? 'big' : 'small';
    return jokerCard(kind, joker[2] === undefined ? 1 : Number(joker[2]));
  }
  throw badCard(token, 'code', ALLOWED);
}

/** `A♠`, `10♥`; jokers keep their codes `BJ` / `RJ`. */
export function formatSymbolNotation(card: Card): string {
  return card.joker === null ? rankLabel(card.rank) + SUIT_SYMBOLS[card.suit] : card.code;
}
