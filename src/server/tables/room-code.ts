import { parseRoomCode, roomCodeOf } from '../../client/index.ts';
import { secureBytes } from './random-bytes.ts';
import { tokenHash } from './tokens.ts';

/**
 * A new room code: 40 bits from the operating system's CSPRNG (through src/random), spelt as 8
 * symbols of Crockford's base32 (`roomCodeOf`), with the only form the service keeps of it: its
 * SHA-256 (hex). 40 bits are enough for a code that only lets people watch and take a free seat,
 * behind the service's rate limit (docs/TABLES.md, "Rooms", on guessing).
 *
 * @example
 * ```ts
 * const { code, hash } = newRoomCode(); // code 'K3X9QM2T'
 * ```
 * @throws never.
 */
export function newRoomCode(): { readonly code: string; readonly hash: string } {
  // secureBytes draws whole 32-bit words: 8 bytes, of which the code takes 5.
  const code = roomCodeOf(secureBytes(8).subarray(0, 5));
  return { code, hash: tokenHash(code) };
}

/**
 * The stored form of a room code as a person typed it (any spelling `parseRoomCode` reads), or
 * undefined when it is not a code at all.
 *
 * @example
 * ```ts
 * roomCodeHash('k3x9-qm2t') === roomCodeHash('K3X9QM2T'); // true
 * ```
 * @throws never.
 */
export function roomCodeHash(text: string): string | undefined {
  const code = parseRoomCode(text);
  return code === null ? undefined : tokenHash(code);
}
