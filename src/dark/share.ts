import { FairdealError } from '../errors.ts';
import {
  concat,
  encode,
  pointHex,
  readPoint,
  readScalar,
  refuser,
  scalarHex,
  u32,
} from './bytes.ts';
import { contextBytes, type DarkContext } from './context.ts';
import { DST, hashScalar, scalarBytes } from './hash.ts';
import type { DarkGroup, DarkPoint } from './load-group.ts';
import type { DarkProofJSON } from './seat-key.ts';

/** A seat's decryption share D = x·A for one position of the final deck, with its DLEQ proof. */
export interface DarkShareJSON {
  readonly seat: number;
  readonly position: number;
  readonly share: string;
  readonly proof: DarkProofJSON;
}

function shareMessage(
  context: DarkContext,
  seat: number,
  position: number,
  h: DarkPoint,
  a: DarkPoint,
  d: DarkPoint,
): Uint8Array {
  return concat(contextBytes(context), u32(seat), u32(position), encode(h), encode(a), encode(d));
}

/**
 * A decryption share for the ciphertext (A, B) at `position`, with a Chaum–Pedersen proof that
 * log_G h = log_A D (Fiat–Shamir over the hand, the seat and the position, so it cannot be
 * replayed for another hand, position or seat). `x` is the seat's key scalar.
 *
 * @example
 * ```ts
 * const share = makeShare(group, context, 1, x, h, a, 5); // a: the first element of position 5's ciphertext
 * ```
 * @throws {FairdealError} `REVEAL_MISMATCH` if A is the identity (a ciphertext never shuffled).
 */
export function makeShare(
  group: DarkGroup,
  context: DarkContext,
  seat: number,
  x: bigint,
  h: DarkPoint,
  a: DarkPoint,
  position: number,
): DarkShareJSON {
  if (a.is0()) {
    throw new FairdealError(
      'REVEAL_MISMATCH',
      `ciphertext ${position} was never re-randomized: no share is made for it`,
      { position },
    );
  }
  const d = a.multiply(x);
  const msg = shareMessage(context, seat, position, h, a, d);
  let k = hashScalar(group, DST.nonce, scalarBytes(group, x), msg);
  if (k === 0n) k = 1n;
  const t1 = group.Point.BASE.multiply(k);
  const t2 = a.multiply(k);
  const c = hashScalar(group, DST.shareProof, msg, t1.toBytes(), t2.toBytes());
  const z = (k + c * x) % group.order;
  return {
    seat,
    position,
    share: pointHex(d),
    proof: { c: scalarHex(group, c), z: scalarHex(group, z) },
  };
}

/**
 * Checks a share from `share.seat`, whose key is h, for the ciphertext whose first element is A:
 * T1 = z·G − c·h, T2 = z·A − c·D, c = H_s(share proof, ctx ‖ seat ‖ position ‖ h ‖ A ‖ D ‖ T1 ‖ T2).
 * Returns D.
 *
 * @example
 * ```ts
 * const d = checkShare(group, context, h, a, share); // h: share.seat's key; a: the ciphertext's A
 * ```
 * @throws {FairdealError} `BAD_SIGNATURE` naming the seat and position.
 */
export function checkShare(
  group: DarkGroup,
  context: DarkContext,
  h: DarkPoint,
  a: DarkPoint,
  share: DarkShareJSON,
): DarkPoint {
  const { seat, position } = share;
  const detail = { seat, position, check: 'share' };
  const refuse = refuser('BAD_SIGNATURE', `seat ${seat}'s share for position ${position}`, detail);
  const d = readPoint(group, share.share, refuse);
  const c = readScalar(group, share.proof?.c, refuse);
  const z = readScalar(group, share.proof?.z, refuse);
  if (a.is0()) refuse('is for a ciphertext that was never re-randomized');
  const G = group.Point.BASE;
  const t1 = G.multiplyUnsafe(z).subtract(h.multiplyUnsafe(c));
  const t2 = a.multiplyUnsafe(z).subtract(d.multiplyUnsafe(c));
  const msg = shareMessage(context, seat, position, h, a, d);
  if (hashScalar(group, DST.shareProof, msg, t1.toBytes(), t2.toBytes()) !== c) {
    refuse("has a proof that does not verify: it is not this seat's share of this card");
  }
  return d;
}
