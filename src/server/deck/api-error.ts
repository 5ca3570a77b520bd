/**
 * An answer the service gives instead of a result: HTTP status, the reference's `error` text
 * where clients know it, and a stable `code` (docs/SERVICE.md lists them). Thrown by parameter
 * parsing and by the pure deck operations; the app turns it into a JSON body, never a 5xx.
 *
 * @example
 * ```ts
 * throw new ApiError(404, 'DECK_NOT_FOUND', 'Deck ID does not exist.');
 * ```
 */
export class ApiError extends Error {
  readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 414 | 422 | 429 | 501;
  readonly code: string;
  /** Extra fields merged into the body (`remaining`, `rejected`, …). */
  readonly extra: Readonly<Record<string, unknown>>;

  constructor(
    status: ApiError['status'],
    code: string,
    message: string,
    extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}
