// A room's code in the page's address (docs/WEB.md, "The lobby"): a `#room=CODE` link opens the
// lobby on that room. The code is read as fairdeal/client reads a typed one (parseRoomCode:
// Crockford's base32, any case, hyphens and spaces ignored, O as 0, I and L as 1), then the lobby
// takes it out of the address bar: whoever holds the code may sit at the room.
import { parseRoomCode } from '../client/index.ts';

/**
 * The room code a `#room=CODE` address carries, or null for any other address, or for a code
 * that cannot be one.
 *
 * @example
 * ```ts
 * codeFromHash('#room=abcd-efgh'); // 'ABCDEFGH'
 * codeFromHash('#table/k3x/0'); // null
 * ```
 */
export function codeFromHash(hash: string): string | null {
  const m = /^#?room=([^/&#]*)$/.exec(hash);
  if (m === null) return null;
  try {
    return parseRoomCode(decodeURIComponent(m[1] ?? ''));
  } catch {
    return null; // a broken %-escape
  }
}
