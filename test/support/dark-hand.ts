import { createHash } from 'node:crypto';
import {
  type DarkContext,
  DarkSeat,
  type DarkShareJSON,
  type DarkStepJSON,
  type DarkTranscript,
} from '../../src/dark/index.ts';

/** 32 bytes named by a label: the vectors' and tests' fixed secrets. */
export const labelled = (label: string): Uint8Array =>
  new Uint8Array(createHash('sha256').update(label).digest());

/** The fixed key secret and step seed of a seat in the tests and vectors. */
export function seatSecrets(label: string, seat: number) {
  return {
    keySecret: labelled(`${label} key ${seat}`),
    stepSeed: labelled(`${label} step ${seat}`),
  };
}

export interface DarkHandOptions extends Partial<DarkContext> {
  /** Labels the seats' secrets (default 'dark vectors'). */
  readonly label?: string;
  /** The seat the kitty goes to (default 0), or null to leave it shut. */
  readonly kittyTo?: number | null;
  /** How many cards each seat plays, its first ones by position (default 1). */
  readonly plays?: number;
}

/**
 * A whole dark hand among in-memory seats with fixed secrets: keys, three shuffle steps, the
 * deal, the kitty, a few plays and the reveals — the transcript and the seats that made it.
 */
export async function darkHand(options: DarkHandOptions = {}) {
  const context: DarkContext = {
    table: options.table ?? 'dark-table',
    hand: options.hand ?? 1,
    preset: options.preset ?? 'doudizhu',
    seats: options.seats ?? 3,
  };
  const label = options.label ?? 'dark vectors';
  const seats = await Promise.all(
    Array.from({ length: context.seats }, (_, seat) =>
      DarkSeat.create({ ...context, seat, ...seatSecrets(label, seat) }),
    ),
  );
  const keys = seats.map((s) => s.keyMessage());
  for (const s of seats) s.acceptKeys(keys);
  const steps: DarkStepJSON[] = [];
  for (const s of seats) steps.push(s.shuffle(steps.at(-1)?.deck ?? null));
  for (const s of seats) s.acceptDeck(steps);
  const shares: DarkShareJSON[] = seats.flatMap((s) => s.dealShares());
  for (const s of seats) s.acceptShares(shares);
  const kittyTo = options.kittyTo === undefined ? 0 : options.kittyTo;
  if (kittyTo !== null) {
    for (const s of seats) s.giveKitty(kittyTo);
    const kitty = seats.flatMap((s) => s.kittyShares());
    for (const s of seats) s.acceptShares(kitty);
    shares.push(...kitty);
  }
  const plays = [];
  for (const s of seats) {
    for (const { position, card } of s.hand().slice(0, options.plays ?? 1)) {
      const share = s.playShare(position);
      for (const other of seats) other.acceptShares([share]);
      shares.push(share);
      plays.push({ seat: s.seat, position, card });
    }
  }
  const transcript: DarkTranscript = {
    version: 'fairdeal-dark-v1',
    ...context,
    keys,
    steps,
    shares,
    kittyTo,
    plays,
    reveals: seats.map((s) => s.reveal()),
    void: null,
  };
  return { context, seats, transcript };
}

/** A type with every readonly removed, tuples kept: what a test may tamper with. */
export type Tampered<T> = T extends readonly [infer A, infer B]
  ? [Tampered<A>, Tampered<B>]
  : T extends readonly (infer U)[]
    ? Tampered<U>[]
    : T extends object
      ? { -readonly [K in keyof T]: Tampered<T[K]> }
      : T;

/** A deep copy to tamper with. */
export const copy = <T>(value: T): Tampered<T> => JSON.parse(JSON.stringify(value)) as Tampered<T>;
