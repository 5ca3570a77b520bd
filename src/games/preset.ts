import type { DeckName, DeckSpec } from '../cards/index.ts';
import type { SortName } from './sort-hand.ts';

/**
 * One step of a dealing pattern, applied to the shuffled deck from the top.
 * - `hands`: `laps` times around the table from the first seat (the dealer's next); in each lap
 *   the k-th seat served gets `packets[k % packets.length]` cards at once. One card at a time is
 *   `{ packets: [1], laps: 17 }`; Euchre's 3-2 lap is `{ packets: [3, 2] }`; a contiguous block
 *   of 17 per seat is `{ packets: [17] }`.
 * - `kitty`, `board`, `burns`: the next `count` cards go there.
 * Whatever is left after the last step is the stock.
 */
export type DealStep =
  | { readonly to: 'hands'; readonly packets: readonly number[]; readonly laps?: number }
  | { readonly to: 'kitty' | 'board' | 'burns'; readonly count: number };

/** What changes with the number of seats (Hearts' removals, Rummy's hand sizes). */
export interface PresetVariant {
  readonly deck?: DeckSpec | DeckName;
  readonly steps?: readonly DealStep[];
}

/** Preset-specific options a preset accepts (besides seats, dealer, seed, source). */
export type PresetOptionName =
  | 'boardNumber'
  | 'decks'
  | 'penetration'
  | 'level'
  | 'trump'
  | 'handSize'
  | 'kitty'
  | 'boardCards'
  | 'deck'
  | 'sort';

/**
 * A game preset: pure data — which deck, how many seats, how the cards are dealt, how hands
 * are sorted. Pass one to `deal()` to deal your own game; the shipped ones are in `PRESETS`.
 */
export interface Preset {
  /** Short name used on the command line (`doudizhu`). */
  readonly name: string;
  /** Human title (`Dou Dizhu (斗地主)`). */
  readonly title: string;
  /** Where the numbers come from (rules reference). */
  readonly source: string;
  readonly deck: DeckSpec | DeckName;
  readonly seats: { readonly default: number; readonly min: number; readonly max: number };
  /** Physical direction of dealing and play; seat numbers always follow it. */
  readonly direction: 'clockwise' | 'counterclockwise';
  readonly steps: readonly DealStep[];
  /** Per seat count overrides. */
  readonly variants?: Readonly<Record<number, PresetVariant>>;
  readonly sort: SortName;
  /** Names shown for seats (bridge: N E S W); default `Seat 1` … */
  readonly seatNames?: readonly string[];
  /** Preset-specific options accepted by `deal()`. */
  readonly options?: readonly PresetOptionName[];
  /** Whether the `dealer` option may be given (false when the rules fix it). Default true. */
  readonly dealerOption?: boolean;
  /**
   * A pile whose first dealt card is turned face up and reported as `info.upCard` (Euchre's
   * kitty, the rummies' discard pile on the board).
   */
  readonly upCard?: 'kitty' | 'board';
  /**
   * The house plays the last seat (blackjack): seats are named `Player 1` … and `House`, unless
   * `seatNames` says otherwise.
   */
  readonly houseSeat?: 'last';
  /**
   * A cut card in the stock (a casino shoe): it lies after this fraction of the whole deck
   * unless the `penetration` option moves it (0.25–1), and the deal reports `info.cutCard`.
   */
  readonly cutCard?: { readonly penetration: number };
}
