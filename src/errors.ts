/**
 * Every code a {@link FairdealError} can carry, in the order docs/ERRORS.md lists them (a test
 * holds the two to each other). Codes are stable across versions; adding one is a minor change,
 * renaming or removing one is breaking. To add a code: append it here and document it in
 * docs/ERRORS.md.
 *
 * @example
 * ```ts
 * FAIRDEAL_ERROR_CODES.includes('BAD_SEED'); // true
 * ```
 */
export const FAIRDEAL_ERROR_CODES = Object.freeze([
  'BAD_SEED',
  'BAD_CARD',
  'BAD_DECK',
  'NOT_ENOUGH_CARDS',
  'UNKNOWN_PRESET',
  'BAD_OPTION',
  'CARD_NOT_FOUND',
  'BAD_TRANSCRIPT',
  'BAD_SNAPSHOT',
  'RANDOM_UNAVAILABLE',
  'STREAM_EXHAUSTED',
  'MISSING_PEER',
  'PROTOCOL_ORDER',
  'REVEAL_MISMATCH',
  'BAD_DEAL',
  'BAD_BID',
  'NOT_YOUR_TURN',
  'WRONG_PHASE',
  'ILLEGAL_PLAY',
  'BAD_SIGNATURE',
  'VOID_HAND',
] as const);

/** A stable machine-readable error code (docs/ERRORS.md); switch on it exhaustively. */
export type FairdealErrorCode = (typeof FAIRDEAL_ERROR_CODES)[number];

/**
 * The one domain error of fairdeal. `code` is stable across versions: the service maps it to a
 * 4xx JSON body and the CLI to a one-line message, so callers may switch on it.
 *
 * Wrong types still throw `TypeError` and bad numbers `RangeError` (DESIGN.md, "Errors"); this
 * class is for everything a caller can get wrong about cards, decks, games, seeds and proofs.
 *
 * @example
 * ```ts
 * try {
 *   parseCard('ZZ');
 * } catch (e) {
 *   if (e instanceof FairdealError && e.code === 'BAD_CARD') console.log(e.message);
 * }
 * ```
 */
export class FairdealError extends Error {
  /** Stable machine-readable code, e.g. `NOT_ENOUGH_CARDS`. */
  readonly code: FairdealErrorCode;
  /** Optional structured detail (never secrets: it may be logged or sent to clients). */
  readonly detail: Readonly<Record<string, unknown>> | undefined;

  constructor(code: FairdealErrorCode, message: string, detail?: Record<string, unknown>) {
    super(message);
    this.name = 'FairdealError';
    this.code = code;
    this.detail = detail;
  }
}
