import type { Card, Compass, DeckName, DeckSpec, Rank, Suit } from '../cards/index.ts';
import type { RandomSource } from '../random/source.ts';
import type { Vulnerability } from './bridge-board.ts';
import type { SortName } from './sort-hand.ts';

/**
 * Options of `deal()` / `dealFromDeck()`. Generic: `seats`, `dealer`, `seed`, `source`; the rest
 * apply only to the presets that list them (anything else is BAD_OPTION, never ignored).
 */
export interface DealOptions {
  /** Number of seats (within the preset's range; default the preset's). */
  readonly seats?: number;
  /** Seat index of the dealer; the next seat receives the first card (default: the last seat). */
  readonly dealer?: number;
  /** Shorthand for `source: chacha20(seed)`: the deal is reproducible from the seed. */
  readonly seed?: string | Uint8Array;
  /** Where randomness comes from (default secureRandom). Not with `seed`. */
  readonly source?: RandomSource;
  /** bridge: the board number (default 1) fixing dealer and vulnerability. */
  readonly boardNumber?: number;
  /** blackjack: decks in the shoe, 1–8 (default 6). */
  readonly decks?: number;
  /** blackjack: fraction of the shoe before the cut card, 0.25–1 (default 0.75). */
  readonly penetration?: number;
  /** shengji, guandan: the level rank (default '2'); '10' is read as 'T'. */
  readonly level?: Rank | '10';
  /** shengji/euchre: a suit or 'none'; skat: a suit, 'grand' (default) or 'null'. */
  readonly trump?: Suit | 'none' | 'grand' | 'null';
  /** custom: the deck (default standard-52). */
  readonly deck?: DeckSpec | DeckName;
  /** custom: cards per seat, one at a time (default: as many as fit equally). */
  readonly handSize?: number;
  /** custom: cards to the kitty after the hands (default 0). */
  readonly kitty?: number;
  /** custom: cards to the board after the kitty (default 0). */
  readonly boardCards?: number;
  /** custom: the hand order (default 'suit'). */
  readonly sort?: SortName;
}

/** Facts of a deal that only some presets have. */
export interface DealInfo {
  /** bridge: board number, dealer seat and vulnerability. */
  readonly bridge?: {
    readonly board: number;
    readonly dealer: Compass;
    readonly vulnerable: Vulnerability;
  };
  /** euchre: the kitty's top card turned up; gin-rummy/rummy: the discard pile's first card. */
  readonly upCard?: Card;
  /** blackjack: how many stock cards (from its top) lie before the cut card. */
  readonly cutCard?: number;
  /** shengji/guandan: level; shengji/euchre/skat: trump (as used to sort). */
  readonly level?: Rank;
  readonly trump?: Suit | 'none' | 'grand' | 'null';
}

/** A preset option value as recorded (plain JSON). */
export type RecordedOption = string | number | boolean | DeckSpec;

/** How a deal was made: enough to reproduce it with the same seed. */
export interface DealRecord {
  /** Version of the whole recipe (canonical deck order, shuffle, pattern): 'fairdeal-deal-v1'. */
  readonly algorithm: string;
  readonly preset: string;
  readonly seats: number;
  readonly dealer: number;
  /** Preset-specific options in effect, defaults included. */
  readonly options: Readonly<Record<string, RecordedOption>>;
  /**
   * The seed as given (a Uint8Array seed as 64 hex digits), or `'secure'` (secureRandom),
   * `'custom'` (a caller's source), `'deck'` (dealFromDeck on a given deck).
   */
  readonly seed: string;
}

/** Where a card of the shuffled deck went: `hand:2`, `kitty`, `board`, `burns`, `stock`. */
export type Destination = `hand:${number}` | 'kitty' | 'board' | 'burns' | 'stock';

/** A dealt round. Every card of `deck` is in exactly one of hands, kitty, board, burns, stock. */
export interface Deal {
  readonly preset: string;
  /** The preset's human title (a custom preset's deal renders without a lookup). */
  readonly title: string;
  /** Per seat, sorted by the preset's order. */
  readonly hands: Card[][];
  /** Face-down extra cards (Dou Dizhu's 3 for the landlord, Skat's skat), in dealing order. */
  readonly kitty: Card[];
  /** Shared face-up cards (community cards, the up-card of the discard pile), in dealing order. */
  readonly board: Card[];
  /** Burnt cards, in dealing order. */
  readonly burns: Card[];
  /** Undealt cards, top first. */
  readonly stock: Card[];
  /** The whole shuffled deck, top first: the exact input of the dealing pattern. */
  readonly deck: Card[];
  /**
   * `route[i]` is where `deck[i]` went. Frozen: every deal of one plan (preset and options) shares
   * this array, as it does `seatNames`, `record.options` and (unless the deal turned up a card or
   * cut the shoe) `info`.
   */
  readonly route: readonly Destination[];
  /** One name per seat (the preset's, `Player 1 … House` for a house game, else `Seat 1` …). */
  readonly seatNames: readonly string[];
  readonly dealer: number;
  readonly info: DealInfo;
  readonly record: DealRecord;
}
