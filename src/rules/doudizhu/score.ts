import type { PlayRecord } from './play-record.ts';

/**
 * The result of a finished hand. `unit` = base × 2^bombs × (2 if spring or anti-spring); every
 * farmer pays the landlord `unit` when the landlord wins, and the landlord pays every farmer
 * `unit` when the farmers win, so `deltas` (per seat) always sum to zero.
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
  /** 2^bombs × (2 if spring or anti-spring). */
  readonly multiplier: number;
  /** What each farmer wins or loses: base × multiplier. */
  readonly unit: number;
  /** Points won (+) or lost (−) by each seat. */
  readonly deltas: readonly number[];
}

/**
 * Scores a finished hand from its plays (pure arithmetic; `play` calls it when a hand ends).
 *
 * @example
 * ```ts
 * // landlord seat 0 won at base 3 with one bomb, farmers played: unit 6
 * scoreHand({ seats: 3, landlord: 0, winner: 0, base: 3, plays }).deltas; // [12, -6, -6]
 * ```
 * @throws {RangeError} if the seats, landlord, winner or base are out of range.
 */
export function scoreHand(hand: {
  readonly seats: number;
  readonly landlord: number;
  readonly winner: number;
  readonly base: number;
  readonly plays: readonly PlayRecord[];
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
  const multiplier = 2 ** bombs * (spring || antiSpring ? 2 : 1);
  const unit = base * multiplier;
  const deltas = Array.from({ length: seats }, (_, seat) => {
    if (seat === landlord) return (landlordWon ? 1 : -1) * unit * (seats - 1);
    return (landlordWon ? -1 : 1) * unit;
  });
  return { landlord, landlordWon, base, bombs, rockets, spring, antiSpring, multiplier, unit, deltas };
}
