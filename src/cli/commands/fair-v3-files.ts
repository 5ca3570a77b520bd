import type {
  AnnouncementV3,
  ReceiptV3,
  RosterV3,
  SeatCommitV3,
  SeatRevealMessage,
} from '../../fair/index.ts';
import { parseStrictJson } from '../../fair/index.ts';
import type { CliIo } from '../io.ts';
import { escapeText } from './escape-text.ts';
import { readRecord } from './fair-args.ts';

// The fairdeal-v3 files the `fair` steps pass between dealer and seats (docs/FAIR.md §13,
// "Files"), read strictly: exactly the fields the step that wrote them writes, each of the right
// JSON type, no other. The values (hex, ids, canonical options, signatures) are the library's to
// check — checkAnnouncementV3, checkRosterV3, checkReceiptV3, SignedRound — so a field's text is
// judged in one place. A file with one more field is refused: what a seat signs or keeps must
// have one reading, as a transcript must (§9).

type Kind = 'string' | 'string|null' | 'int' | 'object' | 'array';

const WORDS: Record<Kind, string> = {
  string: 'a string',
  'string|null': 'a string or null',
  int: 'a whole number',
  object: 'a JSON object',
  array: 'a list',
};

function fits(value: unknown, kind: Kind): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string';
    case 'string|null':
      return value === null || typeof value === 'string';
    case 'int':
      return Number.isSafeInteger(value);
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
  }
}

function exact(
  value: unknown,
  fields: Record<string, Kind>,
  what: string,
): Record<string, unknown> {
  if (!fits(value, 'object')) throw new Error(`${what} must be a JSON object`);
  const v = value as Record<string, unknown>;
  for (const key of Object.keys(v)) {
    if (!Object.hasOwn(fields, key)) {
      throw new Error(`${what} has an unknown field '${escapeText(key.slice(0, 64))}'`);
    }
  }
  for (const [key, kind] of Object.entries(fields)) {
    if (!Object.hasOwn(v, key)) throw new Error(`${what} has no field '${key}'`);
    if (!fits(v[key], kind)) throw new Error(`${what} field '${key}' must be ${WORDS[kind]}`);
  }
  return v;
}

const ANNOUNCEMENT: Record<string, Kind> = {
  algorithm: 'string',
  mode: 'string',
  table: 'string',
  hand: 'int',
  prev: 'string|null',
  preset: 'string',
  options: 'object',
  dealer: 'string',
  seats: 'array',
  commitment: 'string',
  at: 'int',
  signature: 'string',
};

function announcementOf(value: unknown, what: string): AnnouncementV3 {
  const a = exact(value, ANNOUNCEMENT, what);
  if (a.algorithm !== 'fairdeal-v3') throw new Error(`${what} is not a fairdeal-v3 announcement`);
  (a.seats as unknown[]).forEach((s, i) => {
    exact(s, { player: 'string', key: 'string|null' }, `${what} seats[${i}]`);
  });
  return a as unknown as AnnouncementV3;
}

function read<T>(io: CliIo, file: string, shape: (value: unknown) => T): T {
  return readRecord(io, file, (text) => shape(parseStrictJson(text)));
}

/**
 * The announcement `fairdeal fair open` printed (§V3.6).
 *
 * @example
 * ```ts
 * const a = readAnnouncementV3(io, 'ann.json');
 * ```
 * @throws {InputError} naming the file and the field.
 */
export function readAnnouncementV3(io: CliIo, file: string): AnnouncementV3 {
  return read(io, file, (v) => announcementOf(v, 'announcement'));
}

/**
 * The roster `fairdeal fair close` printed (§V3.6).
 *
 * @example
 * ```ts
 * const roster = readRosterV3(io, 'roster.json');
 * ```
 * @throws {InputError} naming the file and the field.
 */
export function readRosterV3(io: CliIo, file: string): RosterV3 {
  return read(io, file, (value) => {
    const r = exact(
      value,
      { commitment: 'string', commits: 'array', hash: 'string', at: 'int', signature: 'string' },
      'roster',
    );
    (r.commits as unknown[]).forEach((c, i) => {
      exact(c, { commitment: 'string', signature: 'string', at: 'int' }, `roster commits[${i}]`);
    });
    return r as unknown as RosterV3;
  });
}

/**
 * A receipt `fairdeal fair join` or `fair reveal` printed (§V3.6).
 *
 * @example
 * ```ts
 * const receipt = readReceiptV3(io, 'alice-reveal-receipt.json');
 * ```
 * @throws {InputError} naming the file and the field.
 */
export function readReceiptV3(io: CliIo, file: string): ReceiptV3 {
  return read(io, file, (value) => {
    const r = exact(
      value,
      {
        kind: 'string',
        seat: 'int',
        commitment: 'string',
        seatSignature: 'string',
        at: 'int',
        signature: 'string',
      },
      'receipt',
    );
    if (r.kind !== 'commit' && r.kind !== 'reveal') {
      throw new Error("receipt field 'kind' must be 'commit' or 'reveal'");
    }
    return r as unknown as ReceiptV3;
  });
}

/** What a seat keeps after committing: its commit (seed and salt: SECRET) and what it agreed to. */
export interface SeatFileV3 extends SeatCommitV3 {
  /** The announcement it checked and committed to. */
  readonly announcement: AnnouncementV3;
}

/**
 * A seat's own file, as `fairdeal fair client --out` wrote it for a v3 announcement.
 *
 * @example
 * ```ts
 * const mine = readSeatFileV3(io, 'alice.json');
 * ```
 * @throws {InputError} naming the file and the field.
 */
export function readSeatFileV3(io: CliIo, file: string): SeatFileV3 {
  return read(io, file, (value) => {
    const s = exact(
      value,
      {
        seat: 'int',
        seed: 'string',
        salt: 'string',
        commitment: 'string',
        signature: 'string',
        serverCommitment: 'string',
        announcement: 'object',
      },
      "seat's file",
    );
    const a = announcementOf(s.announcement, "seat's file announcement");
    if (s.serverCommitment !== a.commitment) {
      throw new Error("seat's file belongs to another hand than its announcement");
    }
    return s as unknown as SeatFileV3;
  });
}

/** A seat's signed commit as it travels to the dealer (`fair client` prints it). */
export interface CommitMessageV3 {
  readonly seat: number;
  readonly commitment: string;
  readonly signature: string;
}

/**
 * The commit message a seat sent (`fairdeal fair client`'s output).
 *
 * @example
 * ```ts
 * const m = readCommitMessageV3(io, 'alice-commit.json'); // { seat, commitment, signature }
 * ```
 * @throws {InputError} naming the file and the field.
 */
export function readCommitMessageV3(io: CliIo, file: string): CommitMessageV3 {
  return read(
    io,
    file,
    (v) =>
      exact(
        v,
        { seat: 'int', commitment: 'string', signature: 'string' },
        'commit message',
      ) as unknown as CommitMessageV3,
  );
}

/**
 * The reveal message a seat sent (`fairdeal fair sign-reveal`'s output).
 *
 * @example
 * ```ts
 * const m = readRevealMessageV3(io, 'alice-reveal.json'); // { seat, seed, salt, signature }
 * ```
 * @throws {InputError} naming the file and the field.
 */
export function readRevealMessageV3(
  io: CliIo,
  file: string,
): SeatRevealMessage & { readonly seat: number } {
  return read(
    io,
    file,
    (v) =>
      exact(
        v,
        { seat: 'int', seed: 'string', salt: 'string', signature: 'string' },
        'reveal message',
      ) as unknown as SeatRevealMessage & { seat: number },
  );
}
