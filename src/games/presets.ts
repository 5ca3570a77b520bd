import type { DealStep, Preset } from './preset.ts';

// Every number below is documented, with its source, in docs/GAMES.md. Seat 0 is always the
// first to receive a card (the dealer's next seat in the direction of play); the dealer is the
// last seat unless the `dealer` option (or a bridge board number) says otherwise.

const oneAtATime = (laps: number): DealStep => ({ to: 'hands', packets: [1], laps });

const doudizhu: Preset = {
  name: 'doudizhu',
  title: 'Dou Dizhu (斗地主), 3 players',
  source: 'founding documents (000_*.txt); pagat.com/climbing/doudizhu.html',
  deck: 'standard-54',
  seats: { default: 3, min: 3, max: 3 },
  direction: 'counterclockwise',
  steps: [oneAtATime(17), { to: 'kitty', count: 3 }],
  sort: 'doudizhu',
};

const doudizhu4p: Preset = {
  name: 'doudizhu-4p',
  title: 'Dou Dizhu for 4 players (四人斗地主), two decks',
  source: 'pagat.com/climbing/doudizhu.html (four-player version)',
  deck: 'double-108',
  seats: { default: 4, min: 4, max: 4 },
  direction: 'counterclockwise',
  steps: [oneAtATime(25), { to: 'kitty', count: 8 }],
  sort: 'doudizhu',
};

const shengji: Preset = {
  name: 'shengji',
  title: 'Shengji / Tractor (升级 / 拖拉机), two decks',
  source: 'pagat.com/kt5/tractor.html',
  deck: 'double-108',
  seats: { default: 4, min: 4, max: 4 },
  direction: 'counterclockwise',
  steps: [oneAtATime(25), { to: 'kitty', count: 8 }],
  sort: 'shengji',
  options: ['level', 'trump'],
};

const guandan: Preset = {
  name: 'guandan',
  title: 'Guandan (掼蛋), two decks',
  source: 'pagat.com/climbing/guandan.html',
  deck: 'double-108',
  seats: { default: 4, min: 4, max: 4 },
  direction: 'counterclockwise',
  steps: [oneAtATime(27)],
  sort: 'guandan',
  options: ['level'],
};

const bigTwo: Preset = {
  name: 'big-two',
  title: 'Big Two (锄大地 / 大老二)',
  source: 'pagat.com/climbing/bigtwo.html',
  deck: 'standard-52',
  seats: { default: 4, min: 3, max: 4 },
  direction: 'counterclockwise',
  steps: [oneAtATime(13)],
  variants: { 3: { steps: [oneAtATime(17), { to: 'kitty', count: 1 }] } },
  sort: 'doudizhu',
};

const holdem: Preset = {
  name: 'holdem',
  title: "Texas Hold'em",
  source: "Robert's Rules of Poker (TDA procedures: burn before flop, turn, river)",
  deck: 'standard-52',
  seats: { default: 6, min: 2, max: 10 },
  direction: 'clockwise',
  steps: [
    oneAtATime(2),
    { to: 'burns', count: 1 },
    { to: 'board', count: 3 },
    { to: 'burns', count: 1 },
    { to: 'board', count: 1 },
    { to: 'burns', count: 1 },
    { to: 'board', count: 1 },
  ],
  sort: 'poker',
};

const omaha: Preset = {
  ...holdem,
  name: 'omaha',
  title: 'Omaha',
  steps: [oneAtATime(4), ...holdem.steps.slice(1)],
};

const blackjack: Preset = {
  name: 'blackjack',
  title: 'Blackjack (shoe of 1–8 decks; the last seat is the house)',
  source: 'pagat.com/banking/blackjack.html; casino shoe procedure (burn 1, cut card)',
  deck: 'standard-52',
  seats: { default: 2, min: 2, max: 8 },
  direction: 'clockwise',
  steps: [{ to: 'burns', count: 1 }, oneAtATime(2)],
  sort: 'none',
  options: ['decks', 'penetration'],
  dealerOption: false,
  houseSeat: 'last',
  cutCard: { penetration: 0.75 },
};

const bridge: Preset = {
  name: 'bridge',
  title: 'Contract bridge (duplicate board)',
  source: 'Laws of Duplicate Bridge 2017, Laws 2 and 6; PBN standard 2.1',
  deck: 'standard-52',
  seats: { default: 4, min: 4, max: 4 },
  direction: 'clockwise',
  steps: [oneAtATime(13)],
  sort: 'bridge',
  seatNames: ['North', 'East', 'South', 'West'],
  options: ['boardNumber'],
  dealerOption: false,
};

const hearts: Preset = {
  name: 'hearts',
  title: 'Hearts',
  source: 'pagat.com/reverse/hearts.html (3 players drop 2♦; 5 players drop 2♦ and 2♣)',
  deck: 'standard-52',
  seats: { default: 4, min: 3, max: 5 },
  direction: 'clockwise',
  steps: [oneAtATime(13)],
  variants: {
    3: { deck: { remove: ['2D'] }, steps: [oneAtATime(17)] },
    5: { deck: { remove: ['2D', '2C'] }, steps: [oneAtATime(10)] },
  },
  sort: 'suit',
};

const spades: Preset = {
  name: 'spades',
  title: 'Spades',
  source: 'pagat.com/auctionwhist/spades.html',
  deck: 'standard-52',
  seats: { default: 4, min: 4, max: 4 },
  direction: 'clockwise',
  steps: [oneAtATime(13)],
  sort: 'suit',
};

const euchre: Preset = {
  name: 'euchre',
  title: 'Euchre',
  source: 'pagat.com/euchre/euchre.html (3-2 then 2-3; kitty 4, its top card turned up)',
  deck: 'euchre-24',
  seats: { default: 4, min: 4, max: 4 },
  direction: 'clockwise',
  steps: [
    { to: 'hands', packets: [3, 2] },
    { to: 'hands', packets: [2, 3] },
    { to: 'kitty', count: 4 },
  ],
  sort: 'euchre',
  options: ['trump'],
  upCard: 'kitty',
};

const skat: Preset = {
  name: 'skat',
  title: 'Skat',
  source: 'International Skat Order (ISkO) 3.2: 3 – skat 2 – 4 – 3; pagat.com/schafk/skat.html',
  deck: 'piquet-32',
  seats: { default: 3, min: 3, max: 3 },
  direction: 'clockwise',
  steps: [
    { to: 'hands', packets: [3] },
    { to: 'kitty', count: 2 },
    { to: 'hands', packets: [4] },
    { to: 'hands', packets: [3] },
  ],
  sort: 'skat',
  seatNames: ['Forehand', 'Middlehand', 'Rearhand'],
  options: ['trump'],
};

const pinochle: Preset = {
  name: 'pinochle',
  title: 'Partnership Pinochle',
  source: 'pagat.com/marriage/pinochle.html (48 cards, 12 each, packets of 3)',
  deck: 'pinochle-48',
  seats: { default: 4, min: 4, max: 4 },
  direction: 'clockwise',
  steps: [{ to: 'hands', packets: [3], laps: 4 }],
  sort: 'pinochle',
};

const ginRummy: Preset = {
  name: 'gin-rummy',
  title: 'Gin Rummy',
  source: 'pagat.com/rummy/ginrummy.html (10 each, next card face up, rest is the stock)',
  deck: 'standard-52',
  seats: { default: 2, min: 2, max: 2 },
  direction: 'clockwise',
  steps: [oneAtATime(10), { to: 'board', count: 1 }],
  sort: 'rummy',
  upCard: 'board',
};

const rummy: Preset = {
  name: 'rummy',
  title: 'Rummy',
  source: 'pagat.com/rummy/rummy.html (2 players 10, 3–4 players 7, 5–6 players 6)',
  deck: 'standard-52',
  seats: { default: 4, min: 2, max: 6 },
  direction: 'clockwise',
  steps: [oneAtATime(7), { to: 'board', count: 1 }],
  variants: {
    2: { steps: [oneAtATime(10), { to: 'board', count: 1 }] },
    5: { steps: [oneAtATime(6), { to: 'board', count: 1 }] },
    6: { steps: [oneAtATime(6), { to: 'board', count: 1 }] },
  },
  sort: 'rummy',
  upCard: 'board',
};

const custom: Preset = {
  name: 'custom',
  title: 'Custom: any deck, hand size, kitty and board',
  source: 'options: deck, handSize, kitty, boardCards, sort',
  deck: 'standard-52',
  seats: { default: 4, min: 1, max: 52 },
  direction: 'clockwise',
  steps: [],
  sort: 'suit',
  options: ['deck', 'handSize', 'kitty', 'boardCards', 'sort'],
};

/**
 * The shipped presets by name (docs/GAMES.md documents each one with its numbers and source).
 *
 * @example
 * ```ts
 * PRESETS.doudizhu?.seats.default; // 3
 * ```
 */
export const PRESETS: Readonly<Record<string, Preset>> = Object.freeze(
  Object.fromEntries(
    [
      doudizhu,
      doudizhu4p,
      shengji,
      guandan,
      bigTwo,
      holdem,
      omaha,
      blackjack,
      bridge,
      hearts,
      spades,
      euchre,
      skat,
      pinochle,
      ginRummy,
      rummy,
      custom,
    ].map((p) => [p.name, deepFreeze(p)]),
  ),
);

/** Presets are data all the way down: nothing in them can be changed after the fact (a dealt
 *  deck is cached by its frozen spec, so a mutable one could be served stale). */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * Names of the shipped presets, in documentation order.
 *
 * @example
 * ```ts
 * PRESET_NAMES[0]; // 'doudizhu'
 * ```
 */
export const PRESET_NAMES: readonly string[] = Object.freeze(Object.keys(PRESETS));
