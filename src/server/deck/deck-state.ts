/**
 * One deck as the service keeps it. Every physical card has an identity: its Deck of Cards code,
 * and `#n` for copy n > 1 (`AS`, `AS#2`), so piles work with several decks (the reference cannot
 * tell two `AS` apart: docs/COMPATIBILITY.md). Plain JSON, so a store can keep it as one value.
 *
 * Conservation: `stack`, `drawn` and every pile together hold exactly the cards of `cards`, each
 * once. Every change goes through a pure function of deck/ that keeps it (fuzz-tested).
 */
export interface DeckState {
  /** 20 lowercase alphanumeric characters (deck-id.ts). */
  readonly id: string;
  /**
   * The deck's composition in its unshuffled order: what a full reshuffle puts back. Set when the
   * deck is made, and again when a reshuffle with `cards` or `jokers_enabled` rebuilds it.
   */
  readonly cards: readonly string[];
  /** Undrawn cards, index 0 = the top (drawn first). */
  readonly stack: readonly string[];
  /** Drawn cards that are in no pile, in the order they were drawn. */
  readonly drawn: readonly string[];
  /** Piles by name, in creation order; each pile's index 0 is its bottom. */
  readonly piles: Readonly<Record<string, readonly string[]>>;
  /** Whether the stack was ever shuffled. */
  readonly shuffled: boolean;
  /**
   * How the deck was made, what a rebuild starts from (rebuild-deck.ts). Absent on decks stored
   * before it was kept: those are read from `cards`.
   */
  readonly made?: DeckRecipe;
}

/**
 * What a deck was made from, as the reference keeps it on its deck: `deck_count`,
 * `include_jokers` and whether `deck_contents` (a `cards` list) was given.
 */
export interface DeckRecipe {
  /** How many decks: fixed when the deck is made (a reshuffle's `deck_count` is only checked). */
  readonly deckCount: number;
  /** Whether the jokers were enabled: a rebuild's `jokers_enabled` when it names none. */
  readonly jokers: boolean;
  /** Made from a `cards` list: a rebuild without `cards` keeps those cards, jokers or not. */
  readonly partial: boolean;
}

/**
 * The Deck of Cards code of a card identity.
 *
 * @example
 * ```ts
 * codeOf('AS#2'); // 'AS'
 * ```
 * @throws never.
 */
export function codeOf(cardId: string): string {
  const hash = cardId.indexOf('#');
  return hash === -1 ? cardId : cardId.slice(0, hash);
}
