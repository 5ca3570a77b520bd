import { badCard, checkToken } from './bad-card.ts';
import type { Card } from './card.ts';
import { jokerCard, suitedCard } from './card.ts';
import type { Rank } from './rank.ts';
import type { Suit } from './suit.ts';

// Unicode "Playing Cards" block (U+1F0A0–U+1F0FF): one row per suit, the low nibble is the rank
// with the Knight at C — so the Queen is D and the King E. U+1F0BF is the RED joker (big),
// U+1F0CF the BLACK joker (small); the white joker U+1F0DF, the Knights and the trumps are not
// cards of any fairdeal deck and are refused rather than mapped to a guess.
const ROW: Record<Suit, number> = { S: 0x1f0a0, H: 0x1f0b0, D: 0x1f0c0, C: 0x1f0d0 };
const NIBBLE: Record<Rank, number> = {
  A: 1,
  '2': 2,
  '3': 3,
  '4': 4,
  '5': 5,
  '6': 6,
  '7': 7,
  '8': 8,
  '9': 9,
  T: 10,
  J: 11,
  Q: 13,
  K: 14,
};
const RED_JOKER = 0x1f0bf;
const BLACK_JOKER = 0x1f0cf;

const BY_CODE_POINT = new Map<number, [Rank, Suit]>();
for (const suit of Object.keys(ROW) as Suit[]) {
  for (const rank of Object.keys(NIBBLE) as Rank[]) {
    BY_CODE_POINT.set(ROW[suit] + NIBBLE[rank], [rank, suit]);
  }
}

/** Parses one playing-card glyph (`🂡` is the ace of spades). */
export function parseUnicodeNotation(token: string): Card {
  checkToken(token);
  const cp = token.codePointAt(0);
  if (cp !== undefined && token.length === 2) {
    if (cp === RED_JOKER) return jokerCard('big');
    if (cp === BLACK_JOKER) return jokerCard('small');
    const found = BY_CODE_POINT.get(cp);
    if (found !== undefined) return suitedCard(found[0], found[1]);
  }
  throw badCard(token, 'unicode', /(?!)/u);
}

/** The glyph of a card: `🂡` (A♠), `🂮` (K♠), `🂿` (big/red joker), `🃏` (small/black joker). */
export function formatUnicodeNotation(card: Card): string {
  if (card.joker !== null) {
    return String.fromCodePoint(card.joker === 'big' ? RED_JOKER : BLACK_JOKER);
  }
  return String.fromCodePoint(ROW[card.suit] + NIBBLE[card.rank]);
}
