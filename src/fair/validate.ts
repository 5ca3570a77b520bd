import { FairdealError } from '../errors.ts';
import { utf8Length } from './utf8.ts';

export { compareUtf8 } from './utf8.ts';

/** Longest identifier or client seed, in UTF-8 bytes: enough for any id, small enough to log. */
export const MAX_TEXT_BYTES = 1024;

/**
 * Checks a protocol text field (table id, player id, client seed, preset name): a non-empty
 * string of at most {@link MAX_TEXT_BYTES} UTF-8 bytes. Client seeds are used exactly as given —
 * no trimming, no Unicode normalization — so what a player typed is what the verifier hashes.
 *
 * @example
 * ```ts
 * checkText('table-7', 'table'); // 'table-7'
 * ```
 * @throws {TypeError} if `value` is not a string.
 * @throws {FairdealError} `BAD_OPTION` if it is empty or too long.
 */
export function checkText(value: unknown, what: string): string {
  if (typeof value !== 'string') {
    throw new TypeError(`${what} must be a string, got ${value === null ? 'null' : typeof value}`);
  }
  if (value.length === 0) throw new FairdealError('BAD_OPTION', `${what} must not be empty`);
  // UTF-8 takes at most 3 bytes per UTF-16 code unit, so most texts need no counting at all.
  if (value.length * 3 > MAX_TEXT_BYTES && utf8Length(value) > MAX_TEXT_BYTES) {
    throw new FairdealError('BAD_OPTION', `${what} is longer than ${MAX_TEXT_BYTES} UTF-8 bytes`);
  }
  return value;
}

/**
 * Checks a hand number: a non-negative safe integer (encoded as u64).
 *
 * @example
 * ```ts
 * checkHand(0); // 0
 * ```
 * @throws {TypeError} if it is not a number.
 * @throws {RangeError} if it is not a non-negative safe integer.
 */
export function checkHand(value: unknown): number {
  if (typeof value !== 'number') throw new TypeError(`hand must be a number, got ${typeof value}`);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`hand must be a non-negative integer, got ${value}`);
  }
  return value;
}

// Control (Cc), format (Cf: bidi overrides, zero-width joiners, …), line and paragraph separators.
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Checks a table or player id (docs/FAIR.md §3): a protocol text ({@link checkText}) that is
 * well-formed Unicode, in Normalization Form C, and free of control and format characters. Two
 * ids that look the same on screen (`é` composed and decomposed, `bob` and `bob\u200b`) would
 * otherwise be two different players — a dealer could seat a look-alike of a real player.
 *
 * @example
 * ```ts
 * checkId('alice', 'player id'); // 'alice'
 * checkId('e\u0301', 'player id'); // throws BAD_OPTION: not NFC
 * ```
 * @throws {TypeError} if `value` is not a string.
 * @throws {FairdealError} `BAD_OPTION` naming the reason (empty, too long, lone surrogate, not
 *   NFC, or the first hidden character as U+XXXX).
 */
export function checkId(value: unknown, what: string): string {
  const text = checkText(value, what);
  if (printableAscii(text)) return text;
  if (LONE.test(text)) {
    throw new FairdealError('BAD_OPTION', `${what} contains a lone surrogate`, { field: what });
  }
  if (text.normalize('NFC') !== text) {
    throw new FairdealError('BAD_OPTION', `${what} is not in Unicode normalization form C`, {
      field: what,
    });
  }
  const hidden = HIDDEN.exec(text);
  if (hidden !== null) {
    const cp = hidden[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    throw new FairdealError(
      'BAD_OPTION',
      `${what} contains the control or format character U+${cp}`,
      { field: what },
    );
  }
  return text;
}

/** U+0020…U+007E only: NFC, well-formed, and free of Cc/Cf/Zl/Zp, so checkId has nothing to
 *  find — and most ids are like this (the ICU call of `normalize` is the costly part). */
function printableAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}

/**
 * Checks that a string is well-formed Unicode (no lone surrogate), the condition for it to have
 * one UTF-8 encoding.
 *
 * @example
 * ```ts
 * checkWellFormed('lucky7', 'client seed'); // 'lucky7'
 * ```
 * @throws {FairdealError} `BAD_OPTION` for a lone surrogate.
 */
export function checkWellFormed(value: string, what: string): string {
  if (LONE.test(value)) {
    throw new FairdealError('BAD_OPTION', `${what} contains a lone surrogate`, { field: what });
  }
  return value;
}
