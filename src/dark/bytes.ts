import { FairdealError } from '../errors.ts';
import { bytesToHex } from '../random/hex.ts';
import type { DarkGroup, DarkPoint } from './load-group.ts';

// The byte encodings of docs/DARK.md §2: every hash input is a concatenation of these, so that
// no two different field lists can give the same bytes (each string carries its length).

const encoder = new TextEncoder();

/** A 32-bit unsigned integer, big-endian. */
export function u32(n: number): Uint8Array {
  if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) {
    throw new RangeError(`expected an integer in [0, 2^32 - 1], got ${n}`);
  }
  return Uint8Array.of(n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
}

/** A string: u32(length of its UTF-8) ‖ its UTF-8. */
export function str(text: string): Uint8Array {
  const bytes = encoder.encode(text);
  return concat(u32(bytes.length), bytes);
}

/** The concatenation of byte strings. */
export function concat(...parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

// Encoding an element costs an inversion and a square root; hash inputs name the same keys,
// ciphertexts and shares many times, so each element's encoding is kept once made or read.
const encodings = new WeakMap<DarkPoint, Uint8Array>();

/** A point's 32-byte RFC 9496 encoding (kept with the point; do not modify it). */
export function encode(p: DarkPoint): Uint8Array {
  let bytes = encodings.get(p);
  if (bytes === undefined) {
    bytes = p.toBytes();
    encodings.set(p, bytes);
  }
  return bytes;
}

/** A point's 32-byte RFC 9496 encoding as lowercase hex. */
export function pointHex(p: DarkPoint): string {
  return bytesToHex(encode(p));
}

/** A scalar's 32-byte little-endian encoding (canonical: below ℓ) as lowercase hex. */
export function scalarHex(group: DarkGroup, s: bigint): string {
  return bytesToHex(group.Point.Fn.toBytes(s));
}

const HEX64 = /^[0-9a-f]{64}$/;

function hexBytes(text: string): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number.parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** Why a value is not a point or scalar: the caller turns it into its own error. */
export type Refuse = (why: string) => never;

/**
 * A point from 64 lowercase hex characters: only the canonical RFC 9496 encoding decodes, so
 * each element has one spelling and a transcript's hashes cannot be changed by re-encoding.
 */
export function readPoint(group: DarkGroup, text: unknown, refuse: Refuse): DarkPoint {
  if (typeof text !== 'string' || !HEX64.test(text)) {
    return refuse('is not 64 lowercase hex characters');
  }
  try {
    const bytes = hexBytes(text);
    const p = group.Point.fromBytes(bytes);
    encodings.set(p, bytes);
    return p;
  } catch {
    return refuse('is not the canonical encoding of a ristretto255 element');
  }
}

/** A scalar from 64 lowercase hex characters of its canonical little-endian encoding (< ℓ). */
export function readScalar(group: DarkGroup, text: unknown, refuse: Refuse): bigint {
  if (typeof text !== 'string' || !HEX64.test(text)) {
    return refuse('is not 64 lowercase hex characters');
  }
  let value = 0n;
  const bytes = hexBytes(text);
  for (let i = 31; i >= 0; i--) value = (value << 8n) | BigInt(bytes[i]!);
  if (value >= group.order) return refuse('is not a scalar below the group order');
  return value;
}

/** 32 bytes from 64 lowercase hex characters (a seed or commitment). */
export function readBytes32(text: unknown, refuse: Refuse): Uint8Array {
  if (typeof text !== 'string' || !HEX64.test(text)) {
    return refuse('is not 64 lowercase hex characters');
  }
  return hexBytes(text);
}

/** A FairdealError refusal for `code`, its message prefixed, with `detail`. */
export function refuser(
  code: 'BAD_SIGNATURE' | 'REVEAL_MISMATCH' | 'PROTOCOL_ORDER' | 'BAD_TRANSCRIPT',
  prefix: string,
  detail: Record<string, unknown>,
): Refuse {
  return (why: string): never => {
    throw new FairdealError(code, `${prefix} ${why}`, detail);
  };
}
