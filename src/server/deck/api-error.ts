import { ERROR_STATUS, type ErrorCode } from '../../client/index.ts';

/**
 * An answer the service gives instead of a result: HTTP status, the reference's `error` text
 * where clients know it, and a stable `code` (docs/SERVICE.md, docs/TABLES.md list them). Thrown
 * by parameter parsing, the request checks and the pure steps; the app turns it into a JSON body.
 * The status is the code's (ERROR_STATUS): written at the call for the reader, and checked by the
 * compiler — `new ApiError(400, 'STALE_VERSION', …)` does not compile.
 *
 * @example
 * ```ts
 * throw new ApiError(404, 'DECK_NOT_FOUND', 'Deck ID does not exist.');
 * ```
 */
export class ApiError<C extends ErrorCode = ErrorCode> extends Error {
  readonly status: (typeof ERROR_STATUS)[ErrorCode];
  readonly code: C;
  /** Extra fields merged into the body (`remaining`, `rejected`, …). */
  readonly extra: Readonly<Record<string, unknown>>;

  constructor(
    status: (typeof ERROR_STATUS)[C],
    code: C,
    message: string,
    extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.extra = extra;
  }

  /**
   * The error for a code whose status is the map's (for codes chosen at run time, e.g. a
   * library error's).
   *
   * @example
   * ```ts
   * ApiError.of('WRONG_PHASE', 'No hand is open.').status; // 409
   * ```
   */
  static of(code: ErrorCode, message: string, extra: Record<string, unknown> = {}): ApiError {
    return new ApiError(ERROR_STATUS[code], code, message, extra);
  }
}
