import { FairdealError } from '../errors.ts';

/** The value of a lowercase hex digit's char code, or -1. */
function digit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/**
 * Parses lowercase hex of an exact byte length. Uppercase is refused on purpose: a transcript
 * has exactly one valid spelling, so its hash cannot be changed by re-casing a field.
 *
 * @example
 * ```ts
 * fromHex('00ff', 2, 'salt'); // Uint8Array [0, 255]
 * ```
 * @throws {FairdealError} `BAD_TRANSCRIPT` naming `what` when the text is not `length` bytes of
 *   lowercase hex.
 */
export function fromHex(text: unknown, length: number, what: string): Uint8Array {
  const out = new Uint8Array(length);
  let ok = typeof text === 'string' && text.length === length * 2;
  for (let i = 0; ok && i < length; i++) {
    const high = digit((text as string).charCodeAt(2 * i));
    const low = digit((text as string).charCodeAt(2 * i + 1));
    ok = high >= 0 && low >= 0;
    out[i] = (high << 4) | low;
  }
  if (!ok) throw badHex(length, what);
  return out;
}

/**
 * Checks what {@link fromHex} checks, without making the bytes: a transcript parser validates
 * nine hex fields that verify parses again, and an array per field was garbage (issue 11).
 *
 * @example
 * ```ts
 * checkHex('00ff', 2, 'salt'); // '00ff'
 * ```
 * @throws {FairdealError} `BAD_TRANSCRIPT` exactly when fromHex would.
 */
export function checkHex(text: unknown, length: number, what: string): string {
  let ok = typeof text === 'string' && text.length === length * 2;
  for (let i = 0; ok && i < 2 * length; i++) ok = digit((text as string).charCodeAt(i)) >= 0;
  if (!ok) throw badHex(length, what);
  return text as string;
}

function badHex(length: number, what: string): FairdealError {
  return new FairdealError(
    'BAD_TRANSCRIPT',
    `${what} must be ${length * 2} lowercase hex characters`,
    {
      field: what,
    },
  );
}
