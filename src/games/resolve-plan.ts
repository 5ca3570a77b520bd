import { canonicalDeck } from '../cards/build-deck.ts';
import type { DeckName, DeckSpec, Rank, Suit } from '../cards/index.ts';
import { COMPASS, isRank } from '../cards/index.ts';
import { FairdealError } from '../errors.ts';
import { boardDealer, boardVulnerability } from './bridge-board.ts';
import type { DealInfo, DealOptions, RecordedOption } from './deal-types.ts';
import type { DealStep, Preset } from './preset.ts';
import { PRESET_NAMES, PRESETS } from './presets.ts';
import type { SortName, SortOptions } from './sort-hand.ts';
import { SORT_NAMES } from './sort-hand.ts';

/** The blackjack shoes of 1 to 8 decks, one frozen spec each, so their decks are built once. */
const SHOES: readonly DeckSpec[] = Object.freeze(
  Array.from({ length: 8 }, (_, i) => Object.freeze({ copies: i + 1 })),
);

/** Everything needed to deal, once the preset and the options are settled. */
export interface DealPlan {
  readonly preset: Preset;
  readonly seats: number;
  readonly dealer: number;
  readonly deck: DeckSpec | DeckName;
  readonly steps: readonly DealStep[];
  readonly sort: SortName;
  readonly sortOptions: SortOptions;
  /** Frozen: every deal of the plan returns this very array (deal-from-deck.ts). */
  readonly seatNames: readonly string[];
  /** Frozen (its bridge facts too): a deal that adds no card to it returns it as it is. */
  readonly info: DealInfo;
  /** blackjack: cut card position counted from the top of the shoe. */
  readonly cutIndex?: number;
  /** Frozen: every deal's record holds this very object. */
  readonly options: Readonly<Record<string, RecordedOption>>;
}

const GENERIC = new Set(['seats', 'dealer', 'seed', 'source']);
const SPECIFIC = new Set<string>([
  'boardNumber',
  'decks',
  'penetration',
  'level',
  'trump',
  'handSize',
  'kitty',
  'boardCards',
  'deck',
  'sort',
]);

/**
 * Finds a shipped preset by name, or checks a preset object.
 *
 * @example
 * ```ts
 * getPreset('bridge').seats.default; // 4
 * ```
 * @throws {FairdealError} `UNKNOWN_PRESET` listing the known names.
 * @throws {TypeError} if `preset` is neither a string nor an object.
 */
export function getPreset(preset: string | Preset): Preset {
  if (typeof preset === 'string') {
    const found = Object.hasOwn(PRESETS, preset) ? PRESETS[preset] : undefined;
    if (found === undefined) {
      throw new FairdealError(
        'UNKNOWN_PRESET',
        `unknown preset '${preset}' (known: ${PRESET_NAMES.join(', ')})`,
        { preset, known: PRESET_NAMES },
      );
    }
    return found;
  }
  if (preset === null || typeof preset !== 'object') {
    throw new TypeError('preset must be a preset name or a Preset object');
  }
  return preset;
}

function integer(name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number') throw new TypeError(`${name} must be a number`);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${value}`);
  }
  return value;
}

/** The options a preset takes, as a set: made once per preset object whose list is frozen (every
 *  shipped preset's), else per call — a plan used to build it twice. */
const acceptedSets = new WeakMap<readonly string[], ReadonlySet<string>>();
const NONE: ReadonlySet<string> = new Set();

function acceptedOptions(preset: Preset): ReadonlySet<string> {
  const list = preset.options;
  if (list === undefined) return NONE;
  const known = acceptedSets.get(list);
  if (known !== undefined) return known;
  const set = new Set<string>(list);
  if (Object.isFrozen(list)) acceptedSets.set(list, set);
  return set;
}

function checkKeys(preset: Preset, options: DealOptions): ReadonlySet<string> {
  if (options === null || typeof options !== 'object') {
    throw new TypeError('deal options must be an object');
  }
  const accepted = acceptedOptions(preset);
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if (GENERIC.has(key)) continue;
    if (!SPECIFIC.has(key)) throw new FairdealError('BAD_OPTION', `unknown deal option '${key}'`);
    if (!accepted.has(key)) {
      throw new FairdealError('BAD_OPTION', `option '${key}' does not apply to ${preset.name}`);
    }
  }
  if (options.dealer !== undefined && preset.dealerOption === false) {
    throw new FairdealError('BAD_OPTION', `option 'dealer' does not apply to ${preset.name}`);
  }
  return accepted;
}

function level(value: unknown): Rank {
  const v = value === '10' ? 'T' : value;
  if (!isRank(v))
    throw new FairdealError('BAD_OPTION', `bad level '${String(value)}' (use 2-10, J, Q, K, A)`);
  return v;
}

function trump(value: unknown, allowed: readonly string[]): Suit | 'none' | 'grand' | 'null' {
  if (typeof value !== 'string' || !allowed.includes(value)) {
    throw new FairdealError(
      'BAD_OPTION',
      `bad trump '${String(value)}' (use ${allowed.join(', ')})`,
    );
  }
  return value as Suit | 'none' | 'grand' | 'null';
}

function countCards(steps: readonly DealStep[], seats: number): number {
  let n = 0;
  for (const step of steps) {
    if (step.to === 'hands') {
      let lap = 0;
      for (let k = 0; k < seats; k++) lap += step.packets[k % step.packets.length]!;
      n += lap * (step.laps ?? 1);
    } else n += step.count;
  }
  return n;
}

/**
 * Settles a preset and options into a dealing plan: seat count, dealer, deck spec, steps, sort
 * and preset facts. Pure; used by deal() and dealFromDeck().
 *
 * @example
 * ```ts
 * resolvePlan(getPreset('hearts'), { seats: 3 }).steps; // one card at a time, 17 laps
 * ```
 * @throws {FairdealError} `BAD_OPTION` for an unknown, inapplicable or bad option.
 * @throws {FairdealError} `NOT_ENOUGH_CARDS` if the pattern needs more cards than the deck has.
 * @throws {RangeError} for out-of-range numbers (seats, dealer, board number, decks, …).
 */
export function resolvePlan(preset: Preset, options: DealOptions = {}): DealPlan {
  const accepted = checkKeys(preset, options);
  const seats =
    options.seats === undefined
      ? preset.seats.default
      : integer(`seats for ${preset.name}`, options.seats, preset.seats.min, preset.seats.max);
  const variant = preset.variants?.[seats];
  let deck: DeckSpec | DeckName = variant?.deck ?? preset.deck;
  let steps: readonly DealStep[] = variant?.steps ?? preset.steps;
  let dealer =
    options.dealer === undefined ? seats - 1 : integer('dealer', options.dealer, 0, seats - 1);
  let sort = preset.sort;
  const sortOptions: { level?: Rank; trump?: Suit | 'none' | 'grand' | 'null' } = {};
  const info: { -readonly [K in keyof DealInfo]: DealInfo[K] } = {};
  const recorded: Record<string, RecordedOption> = {};
  let cutIndex: number | undefined;
  let seatNames = preset.seatNames?.slice(0, seats) ?? [];

  if (accepted.has('boardNumber')) {
    const board =
      options.boardNumber === undefined
        ? 1
        : integer('boardNumber', options.boardNumber, 1, Number.MAX_SAFE_INTEGER);
    const d = boardDealer(board);
    dealer = COMPASS.indexOf(d);
    info.bridge = { board, dealer: d, vulnerable: boardVulnerability(board) };
    recorded.boardNumber = board;
  }
  if (accepted.has('level')) {
    sortOptions.level = options.level === undefined ? '2' : level(options.level);
    info.level = sortOptions.level;
    recorded.level = sortOptions.level;
  }
  if (accepted.has('trump')) {
    const allowed =
      sort === 'skat' ? ['grand', 'null', 'S', 'H', 'D', 'C'] : ['none', 'S', 'H', 'D', 'C'];
    const t = trump(options.trump ?? allowed[0], allowed);
    sortOptions.trump = t;
    info.trump = t;
    recorded.trump = t;
  }
  if (accepted.has('decks')) {
    const decks = options.decks === undefined ? 6 : integer('decks', options.decks, 1, 8);
    deck = SHOES[decks - 1]!;
    recorded.decks = decks;
  }
  if (accepted.has('deck')) {
    deck = options.deck ?? 'standard-52';
    const size = canonicalDeck(deck).length;
    const kitty = options.kitty === undefined ? 0 : integer('kitty', options.kitty, 0, size);
    const board =
      options.boardCards === undefined ? 0 : integer('boardCards', options.boardCards, 0, size);
    const fit = Math.floor((size - kitty - board) / seats);
    const hand =
      options.handSize === undefined ? fit : integer('handSize', options.handSize, 0, size);
    if (options.sort !== undefined && !SORT_NAMES.includes(options.sort)) {
      throw new FairdealError('BAD_OPTION', `unknown sort order '${String(options.sort)}'`);
    }
    sort = options.sort ?? preset.sort;
    steps = [
      ...(hand > 0 ? [{ to: 'hands', packets: [1], laps: hand } as const] : []),
      ...(kitty > 0 ? [{ to: 'kitty', count: kitty } as const] : []),
      ...(board > 0 ? [{ to: 'board', count: board } as const] : []),
    ];
    Object.assign(recorded, { deck, handSize: hand, kitty, boardCards: board, sort });
  }

  const size = canonicalDeck(deck).length;
  if (preset.cutCard !== undefined) {
    const p = options.penetration ?? preset.cutCard.penetration;
    if (typeof p !== 'number') throw new TypeError('penetration must be a number');
    if (!(p >= 0.25 && p <= 1)) {
      throw new RangeError(`penetration must be from 0.25 to 1, got ${p}`);
    }
    recorded.penetration = p;
    cutIndex = Math.round(p * size);
  }
  if (preset.houseSeat === 'last' && preset.seatNames === undefined) {
    seatNames = [...Array.from({ length: seats - 1 }, (_, i) => `Player ${i + 1}`), 'House'];
  }
  const needed = countCards(steps, seats);
  if (needed > size) {
    throw new FairdealError(
      'NOT_ENOUGH_CARDS',
      `${preset.name} with ${seats} seats needs ${needed} cards, the deck has ${size}`,
    );
  }
  if (cutIndex !== undefined && cutIndex < needed) {
    throw new FairdealError('BAD_OPTION', `penetration puts the cut card inside the first deal`);
  }
  while (seatNames.length < seats) seatNames.push(`Seat ${seatNames.length + 1}`);
  // Frozen, so that every deal of this plan shares them instead of copying them (issue 25: a
  // deal allocates little beyond the cards and hands it returns). Only objects made here: a
  // DeckSpec the caller gave stays the caller's, unfrozen, as before.
  Object.freeze(seatNames);
  if (info.bridge !== undefined) Object.freeze(info.bridge);
  Object.freeze(info);
  Object.freeze(recorded);
  return {
    preset,
    seats,
    dealer,
    deck,
    steps,
    sort,
    sortOptions,
    seatNames,
    info,
    options: recorded,
    ...(cutIndex === undefined ? {} : { cutIndex }),
  };
}
