import { isErrorCode } from './error-codes.ts';
import type { ErrorAnswer } from './wire.ts';

/**
 * The client's own codes, for when the service gave no usable answer: `NETWORK` (no answer at
 * all, after every retry), `TIMEOUT` (no answer in time, after every retry), `BAD_ANSWER` (an
 * answer that is not the API's: not JSON, not an event stream).
 */
export type ClientErrorCode = 'NETWORK' | 'TIMEOUT' | 'BAD_ANSWER';

/**
 * A refusal of the tables API (`{"success":false,"error":…,"code":…}`, docs/TABLES.md "Errors"),
 * or no usable answer at all. `code` is the service's stable code (`STALE_VERSION`,
 * `ILLEGAL_PLAY`, `UNAUTHORIZED`, …) or one of the client's own ({@link ClientErrorCode});
 * `status` is the HTTP status (0 when nothing answered); `reason` the rules' reason where they
 * give one; `body` the whole answer (e.g. `version` with `STALE_VERSION`). The message is the
 * service's sentence (and its reason), never a token.
 *
 * @example
 * ```ts
 * try {
 *   await client.act(tableId, token, { type: 'pass' }, { version });
 * } catch (e) {
 *   if (e instanceof TableClientError && e.code === 'STALE_VERSION') await client.getTable(tableId, token);
 * }
 * ```
 */
export class TableClientError extends Error {
  readonly code: ErrorAnswer['code'] | ClientErrorCode;
  readonly status: number;
  readonly reason: string | undefined;
  readonly body: Readonly<Record<string, unknown>>;

  constructor(
    status: number,
    body: Readonly<Record<string, unknown>>,
    fallback: { readonly code: ClientErrorCode; readonly message: string } = {
      code: 'BAD_ANSWER',
      message: `The service answered HTTP ${status} without an error body.`,
    },
    options: { readonly cause?: unknown } = {},
  ) {
    const reason = typeof body.reason === 'string' ? body.reason : undefined;
    const text = typeof body.error === 'string' ? body.error : fallback.message;
    super(reason === undefined ? text : `${text} — ${reason}`, options);
    this.name = 'TableClientError';
    this.status = status;
    this.code = isErrorCode(body.code) ? body.code : fallback.code;
    this.reason = reason;
    this.body = body;
  }
}
