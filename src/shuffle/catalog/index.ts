/**
 * The shuffle catalogue: every algorithm of the founding documents (correct and flawed), their
 * deck builders and Dou Dizhu deal, with checks that catch their faults. For teaching and for the
 * auditor; never use a catalogue entry to deal real games (use `shuffle`).
 */

export { catalog, catalogEntry } from './catalog.ts';
export type { CatalogEntry, CatalogSource } from './catalog-entry.ts';
export { checkDeck, type DeckCheck, standardDeckCodes } from './check-deck.ts';
export { checkDouDizhuDeal } from './check-doudizhu-deal.ts';
export { type DouDizhuDeal000, dealDouDizhu000, sortCards000 } from './doudizhu-000.ts';
export { type FoundingDeck, foundingDecks } from './founding-decks.ts';
export { randomDouble } from './random-double.ts';
