/** '00' … 'ff': one string per byte beats `toString(16).padStart` per byte. */
const BYTE_HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/**
 * Lowercase hex of bytes, two digits per byte: the one spelling fairdeal writes anywhere — seeds
 * (a 64-digit hex seed is the key itself to {@link parseSeed}), transcripts (fairdeal-v1 to v3
 * accept only lowercase, so a re-cased field cannot change a hash), keys and digests. One
 * function in the lowest layer, so that a deal, a transcript, the CLI and the web page cannot
 * spell the same bytes two ways.
 *
 * @example
 * ```ts
 * bytesToHex(Uint8Array.of(0, 255)); // '00ff'
 * ```
 * @throws never.
 */
export function bytesToHex(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += BYTE_HEX[bytes[i]!]!;
  return s;
}
