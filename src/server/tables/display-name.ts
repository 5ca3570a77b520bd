import { ApiError } from '../deck/api-error.ts';

/** The longest display name, in characters (code points) after trimming and NFC. */
export const NAME_MAX = 20;

// Letters, marks, digits, punctuation and spaces of any script (张三, Zoë, O'Brien, José María):
// no control characters (a newline in a log), no format characters (a right-to-left override or
// a zero-width joiner that makes one name look like another: CVE-2021-42574, "Trojan Source"),
// no symbols, no line or paragraph separators.
const ALLOWED = /^[\p{L}\p{M}\p{N}\p{P}\p{Zs}]+$/u;

/**
 * A seat's display name as a claimer sent it, checked and in its one form: trimmed, NFC
 * (so that "é" typed as one character or two is one name), 1 to {@link NAME_MAX} characters.
 *
 * @example
 * ```ts
 * displayName('  张三 '); // '张三'
 * displayName('a\u202Eb'); // throws: a format character
 * ```
 * @throws {ApiError} 400 `BAD_REQUEST` naming the field `name`.
 */
export function displayName(raw: string): string {
  const name = raw.normalize('NFC').trim();
  const length = [...name].length;
  if (length < 1 || length > NAME_MAX) {
    throw new ApiError(
      400,
      'BAD_REQUEST',
      `name must be 1 to ${NAME_MAX} characters (after trimming the spaces around it).`,
    );
  }
  if (!ALLOWED.test(name)) {
    throw new ApiError(
      400,
      'BAD_REQUEST',
      'name may hold letters, marks, digits, punctuation and spaces (of any script), and no control or format characters.',
    );
  }
  return name;
}

/**
 * The key two names are compared under: the same name in other letter case is the same name.
 *
 * @example
 * ```ts
 * nameKey('Zoë') === nameKey('ZOË'); // true
 * ```
 * @throws never.
 */
export function nameKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}
