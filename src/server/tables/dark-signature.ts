import { type DarkSignedPayload, darkSignedBytes } from '../../client/index.ts';
import { ed25519Verify } from '../../fair/index.ts';
import { ApiError } from '../deck/api-error.ts';
import type { DarkHand } from './dark-state.ts';
import type { HandDocument, TableDocument } from './table-doc.ts';

/**
 * Checks that `seat`'s own seat key (the Ed25519 key it claimed the seat with, bound by the
 * hand's announcement) signed this dark message (client/dark-message.ts), and returns the
 * hand's dark state with the signature kept in public. The token says which seat sent the
 * request; the signature lets anyone check later that the seat, not the service, wrote it.
 *
 * @example
 * ```ts
 * const signed = checkDarkSignature(doc, hand, dark, 0, { kind: 'key', key }, body.signature);
 * ```
 * @throws {ApiError} 422 `BAD_SIGNATURE` naming the seat.
 */
export function checkDarkSignature(
  doc: TableDocument,
  hand: HandDocument,
  dark: DarkHand,
  seat: number,
  payload: DarkSignedPayload,
  signature: string,
): DarkHand {
  const key = doc.seatKeys[seat];
  let ok = false;
  try {
    const bytes = darkSignedBytes(hand.announcement.commitment, seat, payload);
    // Both are lowercase hex already: the seat key as claimed, the signature by the body's schema.
    ok =
      typeof key === 'string' &&
      ed25519Verify(Buffer.from(key, 'hex'), bytes, Buffer.from(signature, 'hex'));
  } catch {
    ok = false;
  }
  if (!ok) {
    throw new ApiError(
      422,
      'BAD_SIGNATURE',
      `Seat ${seat}'s ${payload.kind} message is not signed by seat ${seat}'s key.`,
      { seat },
    );
  }
  return { ...dark, signatures: [...dark.signatures, { kind: payload.kind, seat, signature }] };
}
