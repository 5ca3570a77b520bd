// Public entry of the cards layer (re-exported by src/index.ts).
export { buildDeck, resolveDeckSpec } from './build-deck.ts';
export type { Card, JokerCard, JokerKind, SuitedCard } from './card.ts';
export { isJoker, jokerCard, MAX_DECK_COPIES, suitedCard, withDeckCopy } from './card.ts';
export type { DeckName, DeckSpec } from './deck-spec.ts';
export { DECK_SPECS } from './deck-spec.ts';
export { cardsFromDouzero, toDouzeroHand, toDouzeroRank } from './douzero.ts';
export { formatCard, formatCards } from './format-card.ts';
export type { CardNotation } from './notation.ts';
export { CARD_NOTATIONS } from './notation.ts';
export { deckOfCardsFields } from './notation-deckofcards.ts';
export { parseCard, parseCards } from './parse-card.ts';
export type { Compass } from './pbn.ts';
export { COMPASS, formatPbnDeal, parsePbnDeal } from './pbn.ts';
export type { Rank } from './rank.ts';
export { isRank, RANKS, RANKS_HIGH_FIRST, rankLabel } from './rank.ts';
export type { Suit } from './suit.ts';
export { isSuit, SUIT_SYMBOLS, SUITS, suitColor } from './suit.ts';
