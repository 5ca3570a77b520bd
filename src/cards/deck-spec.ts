import type { Rank } from './rank.ts';

/**
 * What a deck is made of. Either an explicit list of cards (`cards`), or `copies` copies of a
 * French deck, optionally stripped to some `ranks`, with the two jokers (`jokers`), minus
 * `remove`d cards.
 *
 * - `cards`: codes or ids in the order wanted (`['AS', 'AS', 'KH#3']`); a plain code repeated
 *   gets the next free copy (`AS`, then `AS#2`). With `cards`, the other fields must be absent.
 * - `ranks`: ranks kept in every suit (default all 13), e.g. `['9','T','J','Q','K','A']`.
 * - `jokers`: add the small and the big joker to every copy (default false).
 * - `copies`: number of decks mixed, 1 to 1000 (default 1).
 * - `remove`: cards taken out: a code removes it from every copy (`'2D'`), an id only that
 *   copy (`'2D#2'`). Removing a card that is not there is an error.
 */
export interface DeckSpec {
  readonly cards?: readonly string[];
  readonly ranks?: readonly Rank[];
  readonly jokers?: boolean;
  readonly copies?: number;
  readonly remove?: readonly string[];
}

/** Named decks (see docs/GAMES.md): sizes 52, 54, 24, 32, 36, 48, 104, 108. */
export type DeckName =
  | 'standard-52'
  | 'standard-54'
  | 'euchre-24'
  | 'piquet-32'
  | 'stripped-36'
  | 'pinochle-48'
  | 'double-104'
  | 'double-108';

/**
 * The named decks as specs: the 52-card French deck, 54 with both jokers, the 24-card Euchre
 * deck (9–A), the 32-card Skat/piquet deck (7–A), the 36-card deck (6–A, Durak/Jass), Pinochle's
 * 48 (two copies of 9–A), and two full decks without (104) or with (108, 升级/掼蛋) jokers.
 *
 * @example
 * ```ts
 * DECK_SPECS['euchre-24'].ranks; // ['9', 'T', 'J', 'Q', 'K', 'A']
 * ```
 */
export const DECK_SPECS: Readonly<Record<DeckName, DeckSpec>> = Object.freeze({
  'standard-52': Object.freeze({}),
  'standard-54': Object.freeze({ jokers: true }),
  'euchre-24': Object.freeze({ ranks: Object.freeze(['9', 'T', 'J', 'Q', 'K', 'A'] as Rank[]) }),
  'piquet-32': Object.freeze({
    ranks: Object.freeze(['7', '8', '9', 'T', 'J', 'Q', 'K', 'A'] as Rank[]),
  }),
  'stripped-36': Object.freeze({
    ranks: Object.freeze(['6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'] as Rank[]),
  }),
  'pinochle-48': Object.freeze({
    ranks: Object.freeze(['9', 'T', 'J', 'Q', 'K', 'A'] as Rank[]),
    copies: 2,
  }),
  'double-104': Object.freeze({ copies: 2 }),
  'double-108': Object.freeze({ jokers: true, copies: 2 }),
});
