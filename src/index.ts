/**
 * fairdeal — shuffle and deal cards fairly.
 *
 * The everyday API: random sources, exact bounded integers, shuffles, cards, decks and game
 * presets. Provably fair deals are in `fairdeal/fair`, the statistical auditor in
 * `fairdeal/audit` (Node), the founding documents' algorithms in `fairdeal/catalog`, and tools
 * for tests and teaching (a scripted source, the insecure `mathRandom`) in `fairdeal/testing`.
 *
 * Every export is listed by name: a change to this list is a change to the public API, and
 * test/api-surface.test.ts makes it a reviewed diff (test/vectors/api-surface.json).
 *
 * @example
 * ```ts
 * import { deal, chacha20 } from 'fairdeal';
 * const round = deal('doudizhu', { seed: 'table 7, hand 1' });
 * round.hands[0]; // 17 cards, sorted big joker, small joker, 2, A, K … 3
 * ```
 */

export type {
  Card,
  CardNotation,
  Compass,
  DeckName,
  DeckSpec,
  JokerCard,
  JokerKind,
  Rank,
  Suit,
  SuitedCard,
} from './cards/index.ts';
export {
  buildDeck,
  CARD_NOTATIONS,
  COMPASS,
  cardsFromDouzero,
  DECK_SPECS,
  deckOfCardsFields,
  formatCard,
  formatCards,
  formatPbnDeal,
  isJoker,
  isRank,
  isSuit,
  jokerCard,
  MAX_DECK_COPIES,
  parseCard,
  parseCards,
  parsePbnDeal,
  RANKS,
  RANKS_HIGH_FIRST,
  rankLabel,
  resolveDeckSpec,
  SUIT_SYMBOLS,
  SUITS,
  suitColor,
  suitedCard,
  toDouzeroHand,
  toDouzeroRank,
  withDeckCopy,
} from './cards/index.ts';
export { FAIRDEAL_ERROR_CODES, FairdealError, type FairdealErrorCode } from './errors.ts';
export type {
  CardRef,
  Deal,
  DealerOptions,
  DealerSnapshot,
  DealInfo,
  DealInfoJSON,
  DealJSON,
  DealOptions,
  DealRecord,
  DealStep,
  Destination,
  Preset,
  PresetOptionName,
  PresetVariant,
  RecordedOption,
  SeatView,
  SortName,
  SortOptions,
  Vulnerability,
  WhenStockEmpty,
} from './games/index.ts';
export {
  boardDealer,
  boardVulnerability,
  DEAL_ALGORITHM,
  Dealer,
  deal,
  dealFromDeck,
  dealToJSON,
  getPreset,
  PRESET_NAMES,
  PRESETS,
  presetDeck,
  SORT_NAMES,
  seatView,
  sortHand,
} from './games/index.ts';
export { chacha20 } from './random/chacha20.ts';
export { freshSeed } from './random/fresh-seed.ts';
export { createSecureRandom, secureRandom } from './random/secure.ts';
export { parseSeed, type Seed } from './random/seed.ts';
export type { RandomSource } from './random/source.ts';
export { uniformInt } from './random/uniform-int.ts';
export { permutation } from './shuffle/permutation.ts';
export { sample } from './shuffle/sample.ts';
export { shuffle } from './shuffle/shuffle.ts';
export type { Shuffleable, TypedArray } from './shuffle/shuffleable.ts';
export { toShuffled } from './shuffle/to-shuffled.ts';
