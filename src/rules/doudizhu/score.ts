import type { PlayRecord } from './play-record.ts';

/**
 * The result of a finished hand. `unit` = base × 2^bombs × (2 if spring or anti-spring) × (2 if
 * the landlord showed its hand). The landlord settles with each farmer apart: the farmer's stake
 * is `unit` × 2 if that farmer doubled × 2 if the landlord doubled (the `doubling` rule; without
 * it every stake is `unit`). When the landlord wins every farmer pays it its stake; when the
 * farmers win the landlord pays every farmer its stake. So `deltas` (per seat) always sum to
 * zero.
 */
export interface DoudizhuScore {
  readonly landlord: number;
  readonly landlordWon: boolean;
  /** The stake of the bidding (the winning bid, or 2^robs). */
  readonly base: number;
  /** Bombs and rockets played (by anyone). */
  readonly bombs: number;
  /** How many of `bombs` were the rocket (0 or 1: a deal holds one). */
  readonly rockets: number;
  /** 春天: the landlord won and no farmer played a single card. */
  readonly spring: boolean;
  /** 反春: the farmers won and the landlord played only once (the opening lead). */
  readonly antiSpring: boolean;
  /** 明牌: the landlord showed its hand (×2 on every stake). */
  readonly shown: boolean;
  /** 加倍: which seats doubled, by seat (all false without the `doubling` rule). */
  readonly doubled: readonly boolean[];
  /** 2^bombs × (2 if spring or anti-spring) × (2 if shown): what every stake shares. */
  readonly multiplier: number;
  /** A farmer's stake before doubling: base × multiplier (without doubling, every farmer's). */
  readonly unit: number;
  /** What each seat settles with the landlord: a farmer's stake; the landlord's entry is their sum. */
  readonly stakes: readonly number[];
  /** Points won (+) or lost (−) by each seat. */
  readonly deltas: readonly number[];
}

/**
 * Scores a finished hand from its plays (pure arithmetic; `play` calls it when a hand ends).
 * `doubled` (per seat) and `shown` default to nobody and false.
 *
 * @example
 * ```ts
 * // landlord seat 0 won at base 3 with one bomb, farmers played: unit 6
 * scoreHand({ seats: 3, landlord: 0, winner: 0, base: 3, plays }).deltas; // [12, -6, -6]
 * // the same with seat 1 doubled and the hand shown: stakes 24 and 12
 * scoreHand({ seats: 3, landlord: 0, winner: 0, base: 3, plays,
 *   doubled: [false, true, false], shown: true }).deltas; // [36, -24, -12]
 * ```
 * @throws {RangeError} if the seats, landlord, winner or base are out of range, or `doubled`
 *   does not have one entry per seat.
 * @throws {TypeError} if an entry of `doubled`, or `shown`, is not a boolean.
 */
export function scoreHand(hand: {
  readonly seats: number;
  readonly landlord: number;
  readonly winner: number;
  readonly base: number;
  readonly plays: readonly PlayRecord[];
  readonly doubled?: readonly boolean[] | undefined;
  readonly shown?: boolean | undefined;
}): DoudizhuScore {
  const { seats, landlord, winner, base, plays } = hand;
  if (!Number.isInteger(seats) || seats < 2) throw new RangeError('seats must be at least 2');
  for (const [name, seat] of [
    ['landlord', landlord],
    ['winner', winner],
  ] as const) {
    if (!Number.isInteger(seat) || seat < 0 || seat >= seats) {
      throw new RangeError(`${name} must be a seat from 0 to ${seats - 1}`);
    }
  }
  if (!Number.isInteger(base) || base < 1) throw new RangeError('base must be a positive integer');
  // A state stored before doubling and show-hand existed has neither: nobody doubled, not shown.
  const doubled = hand.doubled === undefined ? new Array<boolean>(seats).fill(false) : hand.doubled;
  if (!Array.isArray(doubled) || doubled.length !== seats) {
    throw new RangeError(`doubled must have one entry per seat (${seats})`);
  }
  if (doubled.some((d) => typeof d !== 'boolean')) throw new TypeError('doubled holds booleans');
  const shown = hand.shown ?? false;
  if (typeof shown !== 'boolean') throw new TypeError('shown must be true or false');
  let bombs = 0;
  let rockets = 0;
  let landlordPlays = 0;
  let farmerPlays = 0;
  for (const record of plays) {
    if (record.play.type === 'pass') continue;
    if (record.play.type === 'bomb' || record.play.type === 'rocket') bombs++;
    if (record.play.type === 'rocket') rockets++;
    if (record.seat === landlord) landlordPlays++;
    else farmerPlays++;
  }
  const landlordWon = winner === landlord;
  const spring = landlordWon && farmerPlays === 0;
  const antiSpring = !landlordWon && landlordPlays === 1;
  const multiplier = 2 ** bombs * (spring || antiSpring ? 2 : 1) * (shown ? 2 : 1);
  const unit = base * multiplier;
  const landlordFactor = doubled[landlord] ? 2 : 1;
  const stakes = Array.from({ length: seats }, (_, seat) =>
    seat === landlord ? 0 : unit * landlordFactor * (doubled[seat] ? 2 : 1),
  );
  stakes[landlord] = stakes.reduce((a, b) => a + b, 0);
  const deltas = stakes.map((stake, seat) =>
    (seat === landlord) === landlordWon ? stake : -stake,
  );
  return {
    landlord,
    landlordWon,
    base,
    bombs,
    rockets,
    spring,
    antiSpring,
    shown,
    doubled: [...doubled],
    multiplier,
    unit,
    stakes,
    deltas,
  };
}
