import { FairdealError } from '../../index.ts';
import { ApiError } from '../deck/api-error.ts';

// Library codes → HTTP statuses (docs/TABLES.md, "Errors"). 409: the request was fine but the
// table is not where it must be for it (order, phase, turn, version); 422: the request itself is
// refused by the rules (a bad bid, an illegal play, a reveal that does not match).
const STATUS: Readonly<Record<string, ApiError['status']>> = {
  PROTOCOL_ORDER: 409,
  NOT_YOUR_TURN: 409,
  WRONG_PHASE: 409,
  REVEAL_MISMATCH: 422,
  BAD_SIGNATURE: 422,
  VOID_HAND: 409,
  BAD_BID: 422,
  ILLEGAL_PLAY: 422,
  BAD_TRANSCRIPT: 422,
  BAD_OPTION: 400,
  UNKNOWN_PRESET: 400,
  NOT_ENOUGH_CARDS: 400,
};

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
  const status = STATUS[error.code] ?? 400;
  const reason = typeof error.detail?.reason === 'string' ? error.detail.reason : undefined;
  if (error.code === 'ILLEGAL_PLAY' && reason === 'not-in-hand') {
    return new ApiError(422, 'ILLEGAL_PLAY', 'You do not hold every one of those cards.', {
      reason,
    });
  }
  const extra: Record<string, unknown> = {};
  if (reason !== undefined) extra.reason = reason;
  return new ApiError(status, error.code, error.message, extra);
}
