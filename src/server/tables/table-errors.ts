import { FairdealError } from '../../index.ts';
import { ApiError } from '../deck/api-error.ts';

/**
 * A library error as the table's answer. The message is rebuilt here, never passed on blindly:
 * an `ILLEGAL_PLAY` with reason `not-in-hand` names a card the seat does not hold — which could
 * be a card some other seat holds — so it becomes a fixed sentence; the other library messages
 * name only public things (seat numbers, player ids, the public play to beat, the requester's own
 * cards). Anything unexpected becomes a generic 400 without its text.
 *
 * @example
 * ```ts
 * throw tableError(new FairdealError('BAD_BID', 'bid 1 does not beat 2'));
 * ```
 * @throws never.
 */
export function tableError(error: unknown): ApiError | unknown {
  if (error instanceof ApiError) return error;
  if (!(error instanceof FairdealError)) {
    if (error instanceof RangeError || error instanceof TypeError) {
      return new ApiError(400, 'BAD_REQUEST', 'The request has a value of the wrong kind or size.');
    }
    return error;
  }
  const reason = typeof error.detail?.reason === 'string' ? error.detail.reason : undefined;
  if (error.code === 'ILLEGAL_PLAY' && reason === 'not-in-hand') {
    return new ApiError(422, 'ILLEGAL_PLAY', 'You do not hold every one of those cards.', {
      reason,
    });
  }
  const extra: Record<string, unknown> = {};
  if (reason !== undefined) extra.reason = reason;
  // One status per code, both APIs (client/error-codes.ts).
  return ApiError.of(error.code, error.message, extra);
}
