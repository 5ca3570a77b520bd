import { ApiError } from '../deck/api-error.ts';
import {
  anything,
  array,
  boolean,
  type Infer,
  integer,
  object,
  oneOf,
  record,
  type Schema,
  string,
  tagged,
} from '../http/schema.ts';

// The bodies of the /v1 routes, each declared once: the route records (routes/) check requests
// with them and the OpenAPI document shows them. They check shapes; what depends on the table
// (a seat number in range, a card held, players as many as seats) is the steps' to check.

const HEX64 = /^[0-9a-f]{64}$/;
const HEX128 = /^[0-9a-f]{128}$/;
const PLAYER = /^[A-Za-z0-9_.-]{1,64}$/;
const PILE = ['hand', 'board', 'discard'] as const;

const cards = array(string({ minLength: 1, maxLength: 8 }), {
  minItems: 1,
  maxItems: 108,
  message: 'cards must be a list of card ids, e.g. ["3S","3H"].',
  description: 'Card ids, e.g. ["3S","3H"]',
});
const count = integer({
  minimum: 1,
  maximum: 108,
  message: 'count must be an integer from 1 to 108.',
  description: 'How many cards (default 1)',
});

/** `POST /v1/tables`. */
export const createTableBody = object(
  {
    preset: string({
      minLength: 1,
      maxLength: 64,
      message: 'preset is required (e.g. "doudizhu").',
      description: 'A preset name, e.g. doudizhu',
    }),
    options: record(anything(), {
      message: 'options must be an object.',
      description: 'Preset options (docs/FAIR.md §4)',
    }),
    players: array(string({ pattern: PLAYER }), {
      minItems: 1,
      maxItems: 64,
      message:
        'players must be distinct ids of letters, digits, . _ - (at most 64 each), one per seat.',
      description: 'Player id per seat',
    }),
    fair: boolean({ default: true, message: 'fair must be true or false.' }),
    revealTimeoutSeconds: integer({
      minimum: 0,
      maximum: 86_400,
      default: 120,
      message: 'revealTimeoutSeconds must be an integer from 0 to 86400.',
      description: 'Time to commit and reveal; past it the hand is void, never dealt',
    }),
    turnSeconds: integer({
      minimum: 0,
      maximum: 3600,
      default: 30,
      message: 'turnSeconds must be an integer from 0 to 3600 (0: no turn clock).',
      description:
        'Dou Dizhu: seconds the seat to act has for each bid or play; then the service moves for it (docs/TABLES.md, "Clocks"). 0: no clock',
    }),
    rules: record(boolean(), {
      message: 'rules are Dou Dizhu house-rule flags: true or false each.',
      description: 'Dou Dizhu house-rule flags (docs/DOUDIZHU.md), e.g. {"robLandlord": true}',
    }),
    bots: array(
      integer({ minimum: 0, maximum: 63, message: 'bots must be seat numbers (0, 1, …).' }),
      {
        maxItems: 64,
        message: 'bots must be a list of distinct seat numbers, e.g. [1, 2].',
        description:
          'Dou Dizhu: the seats the house’s bot plays from the start (docs/TABLES.md, "Bots")',
      },
    ),
    withholdPenalty: integer({
      minimum: 0,
      maximum: 1000,
      default: 0,
      message:
        'withholdPenalty: Dou Dizhu points from 0 to 1000 that a seat withholding its seed pays each other seat.',
      description: 'Dou Dizhu: points a seat that withheld its seed pays each other seat',
    }),
    room: boolean({
      default: false,
      message: 'room must be true or false.',
      description:
        'Open the table as a room: a short room code to join by, and spectators (docs/TABLES.md, "Rooms")',
    }),
    stakes: integer({
      minimum: 1,
      maximum: 1000,
      default: 1,
      message: 'stakes must be an integer from 1 to 1000.',
      description: 'Dou Dizhu: the stake (底分) every hand’s points are multiplied by',
    }),
    dark: boolean({
      default: false,
      message: 'dark must be true or false.',
      description:
        'A dark table (Dou Dizhu): the seats shuffle and deal among themselves and the service never sees a private card (docs/TABLES.md, "Dark tables")',
    }),
  },
  ['preset'],
);

/** A new table's body as checked. */
export type CreateTableBody = Infer<typeof createTableBody>;

/** A room's code as people type it (`ABCD-EFGH`, any case); what it must be is the route's to say. */
const roomCode = string({
  minLength: 1,
  maxLength: 64,
  message: 'code must be the room code, e.g. "ABCD-EFGH".',
  description:
    'The room code (8 symbols of Crockford base32; case, hyphens and spaces do not matter)',
});

/** `POST /v1/tables/{id}/seats/{seat}/claim`: the seat's invite, or at a room its code. */
export const claimSeatBody = object(
  {
    invite: string({
      pattern: /^[\x21-\x7e]{16,128}$/,
      message: 'Send the invite of the seat you claim (invite).',
      description: 'The single-use invite the host handed out (or, at a room, `code` instead)',
    }),
    code: roomCode,
    name: string({
      maxLength: 200,
      message: 'name must be the name to show for the seat: 1 to 20 characters.',
      description:
        'The name shown for the seat: 1 to 20 characters of any script after trimming (letters, marks, digits, punctuation, spaces); two seats never share one',
    }),
    publicKey: string({
      pattern: HEX64,
      message:
        'publicKey must be your seat key: 32 bytes of Ed25519 public key, 64 lowercase hex digits.',
      description: 'The seat key: 32-byte Ed25519 public key, hex',
    }),
    player: string({
      pattern: PLAYER,
      message: 'player: 1 to 64 letters, digits, . _ -',
      description: 'The player id, where the host did not name the seats',
    }),
  },
  ['publicKey'],
);

/** A claim's body as checked. */
export type ClaimSeatBody = Infer<typeof claimSeatBody>;

const signature = string({
  pattern: HEX128,
  message: 'signature must be an Ed25519 signature: 128 hex digits.',
  description: 'The seat key’s Ed25519 signature (docs/FAIR.md §V3.6)',
});
const none = object({});

// Dark tables (docs/TABLES.md, "Dark tables"): the protocol's messages (docs/DARK.md §4–§6) in
// their shapes; what they prove is the dark steps' to check (tables/dark-*.ts).
const hex64 = (what: string) =>
  string({ pattern: HEX64, message: `${what} must be 64 lowercase hex digits.` });
const seatNumber = integer({ minimum: 0, maximum: 63, message: 'seat must be a seat number.' });
const position = integer({
  minimum: 0,
  maximum: 107,
  message: 'position must be a position of the deck (0 to 107).',
});
const proof = object({ c: hex64('proof.c'), z: hex64('proof.z') }, ['c', 'z']);
const darkShare = object({ seat: seatNumber, position, share: hex64('share'), proof }, [
  'seat',
  'position',
  'share',
  'proof',
]);
const darkShares = array(darkShare, {
  minItems: 1,
  maxItems: 108,
  message: 'shares must be a list of 1 to 108 dark shares {seat, position, share, proof}.',
  description: 'Decryption shares with their proofs (docs/DARK.md §6)',
});
const darkKey = object({ seat: seatNumber, key: hex64('key'), proof }, ['seat', 'key', 'proof']);
const darkStep = object(
  {
    seat: seatNumber,
    commitment: hex64('commitment'),
    deck: array(array(hex64('a ciphertext element'), { minItems: 2, maxItems: 2 }), {
      minItems: 1,
      maxItems: 108,
      message: 'deck must be a list of ciphertexts [A, B], 64 hex digits each.',
    }),
  },
  ['seat', 'commitment', 'deck'],
);
const darkReveal = object({ seat: seatNumber, seed: hex64('seed') }, ['seat', 'seed']);

// A string or a number: which ones are bids is the rules' to say (422 BAD_BID, reason
// unknown-bid), like any bid that cannot be made.
const bidValue: Schema<string | number> = {
  json: { type: ['string', 'integer'], description: 'pass, 1, 2, 3, call or rob' },
  check(value) {
    if (typeof value === 'string' || typeof value === 'number') return value;
    throw new ApiError(400, 'BAD_REQUEST', 'bid must be pass, 1, 2, 3, call or rob.');
  },
};

/**
 * `POST /v1/tables/{id}/actions`: the action, by `type`. The version is read by the action's
 * step, after an idempotent replay is answered (a replay carries a version stale by then).
 */
export const actionBody = tagged(
  'type',
  {
    'next-hand': none,
    commit: object(
      {
        commitment: string({ pattern: HEX64, message: 'commitment must be 64 hex digits.' }),
        signature,
      },
      ['commitment', 'signature'],
    ),
    reveal: object(
      {
        seed: string({
          minLength: 1,
          maxLength: 1024,
          message: 'seed must be a non-empty string.',
        }),
        salt: string({ pattern: HEX64, message: 'salt must be 64 hex digits.' }),
        signature,
      },
      ['seed', 'salt', 'signature'],
    ),
    void: none,
    timeout: none,
    back: none,
    'end-hand': none,
    bid: object({ bid: bidValue }, ['bid']),
    play: object({ cards }, ['cards']),
    // A dark table's play (tables/dark-play.ts): positions, the seat's share for each, signed.
    'dark-play': object(
      {
        positions: array(position, {
          minItems: 1,
          maxItems: 20,
          message: 'positions must be a list of 1 to 20 deck positions.',
        }),
        shares: array(darkShare, {
          maxItems: 20,
          message: 'shares must be a list of dark shares {seat, position, share, proof}.',
        }),
        signature,
      },
      ['positions', 'shares', 'signature'],
    ),
    'dark-key': object({ key: darkKey, signature }, ['key', 'signature']),
    'dark-step': object({ step: darkStep, signature }, ['step', 'signature']),
    'dark-shares': object({ shares: darkShares, signature }, ['shares', 'signature']),
    'dark-reveal': object({ reveal: darkReveal, signature }, ['reveal', 'signature']),
    pass: none,
    // Dou Dizhu with the doubling rule (加倍): one choice per seat, in turn, after the bidding.
    double: object(
      {
        choice: oneOf(['double', 'no-double'], {
          message: 'choice must be double or no-double.',
        }),
      },
      ['choice'],
    ),
    // Dou Dizhu with the showHand rule (明牌): the landlord, before its first play.
    'show-hand': none,
    draw: object({
      count,
      to: integer({ minimum: 0, maximum: 63, message: 'to must be a seat number.' }),
    }),
    burn: object({ count }),
    discard: object({ cards }, ['cards']),
    move: object(
      {
        cards,
        from: oneOf(PILE, { message: 'from and to must be hand, board or discard.' }),
        to: oneOf(PILE, { message: 'from and to must be hand, board or discard.' }),
      },
      ['cards', 'from', 'to'],
    ),
    'deal-street': object({
      street: oneOf(['flop', 'turn', 'river'], { message: 'street must be flop, turn or river.' }),
    }),
  },
  object({
    version: anything({
      type: 'integer',
      description: 'The table version the client acts on (409 STALE_VERSION when stale)',
    }),
  }),
  () => new ApiError(400, 'UNKNOWN_ACTION', 'Unknown action type.'),
);

/** An action as checked by {@link actionBody}. */
export type ActionBody = Infer<typeof actionBody>;

/** `POST /v1/rooms/open`: the code rides in the body, never in a URL (logs keep URLs). */
export const openRoomBody = object({ code: roomCode }, ['code']);

/** `POST /v1/verify`. */
export const verifyBody = object(
  {
    transcript: anything({ description: 'A fairdeal record (v1, v2 or v3), as JSON or its text' }),
    expected: object({
      commitment: string({ minLength: 1, maxLength: 256 }),
      rosterHash: string({ minLength: 1, maxLength: 256 }),
      dealer: string({ minLength: 1, maxLength: 256 }),
    }),
  },
  ['transcript'],
);
