import { jsonInput } from '../fair/json-input.ts';
import { array, bad, id, object, str } from '../fair/parse-fields.ts';
import { DARK_VERSION } from './context.ts';
import type { DarkKeyJSON, DarkProofJSON } from './seat-key.ts';
import type { DarkShareJSON } from './share.ts';
import type { DarkCiphertextJSON, DarkStepJSON } from './shuffle-step.ts';

/** A card played: the owner's share for `position` is among the transcript's shares. */
export interface DarkPlayJSON {
  readonly seat: number;
  readonly position: number;
  readonly card: string;
}

/** A seat's step seed, revealed at the end of the hand. */
export interface DarkRevealJSON {
  readonly seat: number;
  readonly seed: string;
}

/** Why a hand is void: the first seat that stopped sending, and at which stage. */
export interface DarkVoidJSON {
  readonly seat: number;
  readonly stage: 'key' | 'shuffle' | 'share' | 'reveal';
}

/**
 * The whole public record of a dark hand (docs/DARK.md §9): plain JSON, points, scalars, seeds
 * and commitments as lowercase hex. It holds no secret until the reveals, and then only the
 * step seeds (never a key secret).
 */
export interface DarkTranscript {
  readonly version: typeof DARK_VERSION;
  readonly table: string;
  readonly hand: number;
  readonly preset: string;
  readonly seats: number;
  /** One per seat, in seat order. */
  readonly keys: readonly DarkKeyJSON[];
  /** One per seat, in seat order: step i takes step i−1's deck (the start deck for step 0). */
  readonly steps: readonly DarkStepJSON[];
  readonly shares: readonly DarkShareJSON[];
  /** The seat the kitty went to (Dou Dizhu's landlord), once known; null before or without one. */
  readonly kittyTo: number | null;
  readonly plays: readonly DarkPlayJSON[];
  readonly reveals: readonly DarkRevealJSON[];
  readonly void: DarkVoidJSON | null;
}

const TOP = [
  'version',
  'table',
  'hand',
  'preset',
  'seats',
  'keys',
  'steps',
  'shares',
  'kittyTo',
  'plays',
  'reveals',
  'void',
];
const STAGES = ['key', 'shuffle', 'share', 'reveal'] as const;
const MAX_SEATS = 16;
const MAX_POSITIONS = 1024;

function int(value: unknown, where: string, below: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= below) {
    bad(where, `must be an integer in [0, ${below - 1}]`);
  }
  return (value as number) + 0;
}

function text(value: unknown, where: string): string {
  if (typeof value !== 'string') bad(where, 'must be a string');
  return value as string;
}

function proof(value: unknown, where: string): DarkProofJSON {
  const p = object(value, where, ['c', 'z'], ['c', 'z']);
  return { c: text(p.c, `${where}.c`), z: text(p.z, `${where}.z`) };
}

/**
 * Reads a dark transcript (JSON text, parsed strictly: a duplicate key is refused, or an already
 * parsed value) and checks its shape: every field present with its type, no unknown field, keys
 * and steps in seat order. Values (points, proofs, seeds) are checked by
 * {@link verifyDarkTranscript}.
 *
 * @example
 * ```ts
 * const transcript = parseDarkTranscript(text);
 * transcript.seats; // 3
 * ```
 * @throws {FairdealError} `BAD_TRANSCRIPT` naming the field.
 */
export function parseDarkTranscript(input: unknown): DarkTranscript {
  const t = object(jsonInput(input, 'dark transcript'), 'root', TOP, TOP);
  if (t.version !== DARK_VERSION) bad('version', `must be '${DARK_VERSION}'`);
  const table = id(t.table, 'table');
  const hand = int(t.hand, 'hand', 2 ** 32);
  const preset = str(t.preset, 'preset');
  const seats = int(t.seats, 'seats', MAX_SEATS + 1);
  if (seats < 2) bad('seats', 'must be at least 2');
  const seat = (v: unknown, where: string) => int(v, where, seats);
  const keys = array(t.keys, 'keys').map((k, i): DarkKeyJSON => {
    const o = object(k, `keys[${i}]`, ['seat', 'key', 'proof'], ['seat', 'key', 'proof']);
    if (seat(o.seat, `keys[${i}].seat`) !== i)
      bad(`keys[${i}].seat`, `must be ${i}: keys are in seat order`);
    return {
      seat: i,
      key: text(o.key, `keys[${i}].key`),
      proof: proof(o.proof, `keys[${i}].proof`),
    };
  });
  if (keys.length > seats) bad('keys', `has more than ${seats} keys`);
  const steps = array(t.steps, 'steps').map((s, i): DarkStepJSON => {
    const where = `steps[${i}]`;
    const o = object(s, where, ['seat', 'commitment', 'deck'], ['seat', 'commitment', 'deck']);
    if (seat(o.seat, `${where}.seat`) !== i)
      bad(`${where}.seat`, `must be ${i}: steps are in seat order`);
    const deck = array(o.deck, `${where}.deck`);
    if (deck.length > MAX_POSITIONS)
      bad(`${where}.deck`, `has more than ${MAX_POSITIONS} ciphertexts`);
    return {
      seat: i,
      commitment: text(o.commitment, `${where}.commitment`),
      deck: deck.map((c, j): DarkCiphertextJSON => {
        const pair = array(c, `${where}.deck[${j}]`);
        if (pair.length !== 2) bad(`${where}.deck[${j}]`, 'must be a pair [A, B]');
        return [text(pair[0], `${where}.deck[${j}][0]`), text(pair[1], `${where}.deck[${j}][1]`)];
      }),
    };
  });
  if (steps.length > seats) bad('steps', `has more than ${seats} steps`);
  const shares = array(t.shares, 'shares').map((s, i): DarkShareJSON => {
    const where = `shares[${i}]`;
    const f = ['seat', 'position', 'share', 'proof'];
    const o = object(s, where, f, f);
    return {
      seat: seat(o.seat, `${where}.seat`),
      position: int(o.position, `${where}.position`, MAX_POSITIONS),
      share: text(o.share, `${where}.share`),
      proof: proof(o.proof, `${where}.proof`),
    };
  });
  const kittyTo = t.kittyTo === null ? null : seat(t.kittyTo, 'kittyTo');
  const plays = array(t.plays, 'plays').map((p, i): DarkPlayJSON => {
    const where = `plays[${i}]`;
    const o = object(p, where, ['seat', 'position', 'card'], ['seat', 'position', 'card']);
    return {
      seat: seat(o.seat, `${where}.seat`),
      position: int(o.position, `${where}.position`, MAX_POSITIONS),
      card: str(o.card, `${where}.card`),
    };
  });
  const reveals = array(t.reveals, 'reveals').map((r, i): DarkRevealJSON => {
    const o = object(r, `reveals[${i}]`, ['seat', 'seed'], ['seat', 'seed']);
    return { seat: seat(o.seat, `reveals[${i}].seat`), seed: text(o.seed, `reveals[${i}].seed`) };
  });
  let stopped: DarkVoidJSON | null = null;
  if (t.void !== null) {
    const o = object(t.void, 'void', ['seat', 'stage'], ['seat', 'stage']);
    const stage = o.stage as DarkVoidJSON['stage'];
    if (!STAGES.includes(stage)) bad('void.stage', `must be one of ${STAGES.join(', ')}`);
    stopped = { seat: seat(o.seat, 'void.seat'), stage };
  }
  return {
    version: DARK_VERSION,
    table,
    hand,
    preset,
    seats,
    keys,
    steps,
    shares,
    kittyTo,
    plays,
    reveals,
    void: stopped,
  };
}
