import { FairdealError } from '../errors.ts';

const utf8 = new TextEncoder();

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
  if (utf8.encode(value).length > MAX_TEXT_BYTES) {
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

/**
 * Compares two strings by their UTF-8 bytes (= by code point), the canonical order of player
 * ids. JavaScript's default sort compares UTF-16 code units, which orders astral characters
 * differently than Python, Go or a byte-wise C verifier would.
 *
 * @example
 * ```ts
 * ['b', 'a'].sort(compareUtf8); // ['a', 'b']
 * ```
 * @throws never.
 */
export function compareUtf8(a: string, b: string): number {
  const x = utf8.encode(a);
  const y = utf8.encode(b);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const d = (x[i] as number) - (y[i] as number);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}
