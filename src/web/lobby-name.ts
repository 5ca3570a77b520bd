// The name a player shows at a room (docs/TABLES.md, "Rooms"): 1–20 characters after trimming
// and Unicode NFC, letters, marks, digits, spaces and punctuation of any script ("张三", "Zoë",
// "O'Brien"), no control or format character (an invisible right-to-left override or a
// zero-width joiner could make two names look alike). The service decides; the page checks the
// same rule first so a person learns at once, in their language, what to change.

const ALLOWED = /^[\p{L}\p{M}\p{N}\p{P}\p{Zs}]+$/u;

/** The longest name, in characters (code points, so 张三 is 2 and an emoji-free name counts as read). */
export const NAME_MAX = 20;

/**
 * The name as it will be sent (trimmed, NFC), or null when the service would refuse it.
 *
 * @example
 * ```ts
 * displayName('  张三 '); // '张三'
 * displayName('a\u202Eb'); // null (a format character)
 * ```
 */
export function displayName(typed: string): string | null {
  const name = typed.normalize('NFC').trim();
  const length = [...name].length;
  if (length < 1 || length > NAME_MAX) return null;
  return ALLOWED.test(name) ? name : null;
}
