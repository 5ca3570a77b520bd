// A room's code as people type and read it (docs/TABLES.md, "Rooms"): 8 characters of Crockford
// base32 (https://www.crockford.com/base32.html), shown ABCD-EFGH. Typed codes are forgiven as
// Crockford intends — any case, hyphens and spaces ignored, O read as 0 and I or L as 1 — so a
// code read aloud or copied from a chat still opens the room. The service reads codes the same
// way; the page checks the shape only to say "that is no room code" without asking it.

const ALPHABET = /^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$/;

/**
 * The room code in `typed`, as the service's 8 characters, or null when it cannot be one (a
 * wrong length, a U or a character outside the alphabet).
 *
 * @example
 * ```ts
 * roomCode(' abcd-efgh '); // 'ABCDEFGH'
 * roomCode('1O2I-3L45');   // '10213145'
 * roomCode('ABCD');        // null
 * ```
 */
export function roomCode(typed: string): string | null {
  const code = typed
    .toUpperCase()
    .replace(/[\s\-‐‑–—]/g, '')
    .replaceAll('O', '0')
    .replace(/[IL]/g, '1');
  return ALPHABET.test(code) ? code : null;
}

/**
 * A code as people read it: two groups of four, `ABCD-EFGH`.
 *
 * @example
 * ```ts
 * showRoomCode('ABCDEFGH'); // 'ABCD-EFGH'
 * ```
 */
export function showRoomCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * The room code a `#room=CODE` address carries, or null for any other address (the lobby reads
 * it, then takes it out of the address bar).
 *
 * @example
 * ```ts
 * codeFromHash('#room=ABCDEFGH'); // 'ABCDEFGH'
 * ```
 */
export function codeFromHash(hash: string): string | null {
  const m = /^#?room=([^/&]*)$/.exec(hash);
  if (m === null) return null;
  let text = m[1] ?? '';
  try {
    text = decodeURIComponent(text);
  } catch {
    return null;
  }
  return roomCode(text);
}
