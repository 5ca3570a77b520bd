// Crockford's base32 alphabet (https://www.crockford.com/base32.html): the digits and the
// letters but I, L, O and U, so that a code read aloud or copied by hand has no look-alikes.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A room code's length: 8 symbols of 5 bits, 40 bits in all. */
export const ROOM_CODE_LENGTH = 8;

/**
 * A room code as typed or pasted, in its canonical form (8 upper-case symbols of Crockford's
 * base32, no hyphen), or null when it is not one. Case does not matter; hyphens and spaces are
 * ignored; Crockford's aliases are read as the symbols they stand for (O as 0, I and L as 1),
 * so a code copied from a screen or a voice reads back the same. A `#room=` link is accepted too.
 *
 * @example
 * ```ts
 * parseRoomCode('abcd-efgh'); // 'ABCDEFGH'
 * parseRoomCode(' 0OIL 1234 '); // '00111234'
 * parseRoomCode('/#room=ABCDEFGH'); // 'ABCDEFGH'
 * parseRoomCode('ABCDEFGU'); // null (U is not a symbol)
 * ```
 * @throws never.
 */
export function parseRoomCode(text: string): string | null {
  if (typeof text !== 'string' || text.length > 200) return null;
  let t = text.trim();
  const hash = t.indexOf('#room=');
  if (hash >= 0) t = t.slice(hash + 6);
  const code = t.replace(/[-\s]/g, '').toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length !== ROOM_CODE_LENGTH) return null;
  for (const ch of code) if (!ALPHABET.includes(ch)) return null;
  return code;
}

/**
 * A room code as people are shown it: `ABCD-EFGH` (any spelling {@link parseRoomCode} reads).
 *
 * @example
 * ```ts
 * formatRoomCode('abcdefgh'); // 'ABCD-EFGH'
 * ```
 * @throws {RangeError} when `code` is not a room code.
 */
export function formatRoomCode(code: string): string {
  const c = parseRoomCode(code);
  if (c === null) throw new RangeError('not a room code: 8 symbols of Crockford base32');
  return `${c.slice(0, 4)}-${c.slice(4)}`;
}

/**
 * The room code of 5 bytes (40 bits, big-endian), 8 symbols: how the service spells the bytes
 * it draws for a new room.
 *
 * @example
 * ```ts
 * roomCodeOf(new Uint8Array([0, 0, 0, 0, 0])); // '00000000'
 * ```
 * @throws {RangeError} unless `bytes` holds exactly 5 bytes.
 */
export function roomCodeOf(bytes: Uint8Array): string {
  if (bytes.length !== 5) throw new RangeError('a room code is made of 5 bytes');
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = '';
  for (let k = ROOM_CODE_LENGTH - 1; k >= 0; k--)
    out += ALPHABET[Number((n >> BigInt(5 * k)) & 31n)];
  return out;
}
