import { FairdealError } from '../errors.ts';

/**
 * Lowercase hex of bytes, the only spelling fairdeal-v1 writes into transcripts.
 *
 * @example
 * ```ts
 * toHex(Uint8Array.of(0, 255)); // '00ff'
 * ```
 * @throws never.
 */
export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
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
  if (typeof text !== 'string' || text.length !== length * 2 || !/^[0-9a-f]*$/.test(text)) {
    throw new FairdealError(
      'BAD_TRANSCRIPT',
      `${what} must be ${length * 2} lowercase hex characters`,
      { field: what },
    );
  }
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = Number.parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return out;
}
