import { CanonicalWriter } from '../fair/canonical-writer.ts';
import { fromHex } from '../fair/hex.ts';
import type { DarkKeyWire, DarkRevealWire, DarkShareWire, DarkStepWire } from './wire.ts';

/** The kinds of message a seat signs at a dark table (docs/TABLES.md, "Dark tables"). */
export type DarkMessageKind = 'key' | 'step' | 'shares' | 'play' | 'reveal';

/** What a seat signs, by kind: the dark protocol's message (docs/DARK.md §8), as sent. */
export type DarkSignedPayload =
  | { readonly kind: 'key'; readonly key: DarkKeyWire }
  | { readonly kind: 'step'; readonly step: DarkStepWire }
  | { readonly kind: 'shares'; readonly shares: readonly DarkShareWire[] }
  | {
      readonly kind: 'play';
      readonly positions: readonly number[];
      readonly shares: readonly DarkShareWire[];
    }
  | { readonly kind: 'reveal'; readonly reveal: DarkRevealWire };

const LABEL = 'fairdeal-dark-v1/sign/';

function writeShares(w: CanonicalWriter, shares: readonly DarkShareWire[]): void {
  w.u32(shares.length);
  for (const s of shares) {
    w.u32(s.seat).u32(s.position).str(s.share).str(s.proof.c).str(s.proof.z);
  }
}

/**
 * The bytes a seat signs with its Ed25519 seat key for one dark message:
 * `str("fairdeal-dark-v1/sign/" + kind) ‖ bytes(C_s) ‖ u32(seat) ‖ the message's fields`, each
 * field as written by fairdeal's canonical framing (docs/FAIR.md §2: `str` is a u32 length and
 * UTF-8, `u32` big-endian). C_s — the hand's announced commitment — binds the table, the hand,
 * the seats and their keys, so a signed message is good for one seat of one hand only. The dark
 * protocol's own proofs say *what* a message proves; the signature says *who* sent it, so that a
 * relay that alters a message cannot make its seat look guilty (docs/DARK.md §1).
 *
 * @example
 * ```ts
 * const reveal = { seat: 0, seed: '01'.repeat(32) };
 * const bytes = darkSignedBytes('ab'.repeat(32), 0, { kind: 'reveal', reveal }); // C_s, seat, message
 * // then: ed25519SignAsync(the seat key's private half, bytes)
 * ```
 * @throws {FairdealError} `BAD_TRANSCRIPT` for a commitment that is not 64 hex digits;
 *   {RangeError} for a seat or position that is not a u32; {TypeError} for a malformed message.
 */
export function darkSignedBytes(
  commitment: string,
  seat: number,
  payload: DarkSignedPayload,
): Uint8Array {
  const w = new CanonicalWriter()
    .str(LABEL + payload.kind)
    .bytes(fromHex(commitment, 32, 'announcement commitment'))
    .u32(seat);
  switch (payload.kind) {
    case 'key':
      w.u32(payload.key.seat)
        .str(payload.key.key)
        .str(payload.key.proof.c)
        .str(payload.key.proof.z);
      break;
    case 'step':
      w.u32(payload.step.seat).str(payload.step.commitment).u32(payload.step.deck.length);
      for (const [a, b] of payload.step.deck) w.str(a).str(b);
      break;
    case 'shares':
      writeShares(w, payload.shares);
      break;
    case 'play':
      w.u32(payload.positions.length);
      for (const p of payload.positions) w.u32(p);
      writeShares(w, payload.shares);
      break;
    case 'reveal':
      w.u32(payload.reveal.seat).str(payload.reveal.seed);
      break;
  }
  return w.finish();
}
