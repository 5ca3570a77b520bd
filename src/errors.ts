/**
 * The one domain error of fairdeal. `code` is stable across versions: the service maps it to a
 * 4xx JSON body and the CLI to a one-line message, so callers may switch on it.
 *
 * Wrong types still throw `TypeError` and bad numbers `RangeError` (DESIGN.md, "Errors"); this
 * class is for everything a caller can get wrong about cards, decks, games, seeds and proofs.
 *
 * Codes in use (docs/ERRORS.md lists them with their meaning):
 * `BAD_SEED`, `BAD_CARD`, `BAD_DECK`, `NOT_ENOUGH_CARDS`, `UNKNOWN_PRESET`, `BAD_OPTION`,
 * `CARD_NOT_FOUND`, `BAD_TRANSCRIPT`, `RANDOM_UNAVAILABLE`, `STREAM_EXHAUSTED`,
 * `PROTOCOL_ORDER`, `REVEAL_MISMATCH`; Dou Dizhu rules (src/rules/doudizhu): `BAD_DEAL`,
 * `BAD_BID`, `NOT_YOUR_TURN`, `WRONG_PHASE`, `ILLEGAL_PLAY`.
 *
 * @example
 * ```ts
 * try { parseCard('ZZ'); } catch (e) { if (e instanceof FairdealError && e.code === 'BAD_CARD') … }
 * ```
 */
export class FairdealError extends Error {
  /** Stable machine-readable code, e.g. `NOT_ENOUGH_CARDS`. */
  readonly code: string;
  /** Optional structured detail (never secrets: it may be logged or sent to clients). */
  readonly detail: Readonly<Record<string, unknown>> | undefined;

  constructor(code: string, message: string, detail?: Record<string, unknown>) {
    super(message);
    this.name = 'FairdealError';
    this.code = code;
    this.detail = detail;
  }
}
