import type { FairdealErrorCode } from '../errors.ts';

/** The HTTP statuses the service refuses with. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 414 | 422 | 429 | 500 | 501;

// Every library code, with the status the service gives it when a step throws it. `satisfies`
// makes the compiler refuse a library code added without a status here. 409: the request was
// fine but the table is not where it must be for it (order, phase, turn, cards left); 422: the
// request itself is refused by the rules or the protocol; 400: malformed. The codes a request
// cannot raise (the seed and snapshot codes, MISSING_PEER, RANDOM_UNAVAILABLE) would be the
// service's own fault: 500, 501.
const LIBRARY = {
  BAD_SEED: 400,
  BAD_CARD: 400,
  BAD_DECK: 400,
  NOT_ENOUGH_CARDS: 409,
  UNKNOWN_PRESET: 400,
  BAD_OPTION: 400,
  CARD_NOT_FOUND: 422,
  BAD_TRANSCRIPT: 422,
  BAD_SNAPSHOT: 500,
  RANDOM_UNAVAILABLE: 500,
  STREAM_EXHAUSTED: 500,
  MISSING_PEER: 501,
  PROTOCOL_ORDER: 409,
  REVEAL_MISMATCH: 422,
  BAD_DEAL: 422,
  BAD_BID: 422,
  NOT_YOUR_TURN: 409,
  WRONG_PHASE: 409,
  ILLEGAL_PLAY: 422,
  BAD_SIGNATURE: 422,
  VOID_HAND: 409,
} as const satisfies Record<FairdealErrorCode, ErrorStatus>;

// The service's own codes, both APIs (docs/SERVICE.md, docs/TABLES.md: a test holds those
// tables to this map, row by row).
const SERVICE = {
  // either API
  BAD_REQUEST: 400,
  BAD_BODY: 400,
  BODY_TOO_LARGE: 413,
  URL_TOO_LONG: 414,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  // the Deck of Cards API
  DECK_NOT_FOUND: 404,
  PILE_NOT_FOUND: 404,
  PILE_LACKS_CARDS: 404,
  PILE_OVERDRAWN: 404,
  CARDS_REQUIRED: 404,
  TOO_MANY_DECKS: 400,
  TOO_FEW_DECKS: 400,
  BAD_DECK_COUNT: 400,
  BAD_COUNT: 400,
  BAD_BOOLEAN: 400,
  TOO_MANY_CARDS: 400,
  DECK_TOO_LARGE: 400,
  BAD_PILE_NAME: 400,
  TOO_MANY_PILES: 409,
  PNG_UNAVAILABLE: 501,
  // the tables
  UNAUTHORIZED: 401,
  BAD_INVITE: 401,
  BAD_ROOM_CODE: 401,
  FORBIDDEN: 403,
  TABLE_NOT_FOUND: 404,
  HAND_NOT_FOUND: 404,
  SEAT_NOT_FOUND: 404,
  ROOM_NOT_FOUND: 404,
  VERSION_REQUIRED: 400,
  UNKNOWN_ACTION: 400,
  STALE_VERSION: 409,
  TOO_EARLY: 409,
  SEAT_TAKEN: 409,
  KEY_IN_USE: 409,
  NAME_TAKEN: 409,
  TABLE_TOO_OLD: 409,
  SEATS_OPEN: 409,
  SEAT_OPEN: 409,
  HAND_IN_PLAY: 409,
  HAND_NOT_ENDED: 409,
  NO_STREET_LEFT: 409,
  WRONG_STREET: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  NOT_HELD: 422,
} as const satisfies Record<string, ErrorStatus>;

/**
 * Every code the service answers with, and its one status: the same mistake gives the same code
 * and status in the Deck of Cards API and the tables API.
 *
 * @example
 * ```ts
 * ERROR_STATUS.STALE_VERSION; // 409
 * ```
 */
export const ERROR_STATUS = { ...LIBRARY, ...SERVICE } as const;

/** A code the service answers with (`code` in every error body). */
export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * Whether a string is one of the service's codes (for a client reading an answer).
 *
 * @example
 * ```ts
 * isErrorCode('STALE_VERSION'); // true
 * ```
 * @throws never.
 */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_STATUS, code);
}
