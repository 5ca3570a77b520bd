/**
 * A word as a POSIX shell reads it back unchanged: left bare when it holds only characters no
 * shell treats specially, otherwise in single quotes (inside which only `'` needs care: close,
 * escaped quote, reopen).
 *
 * @example
 * ```ts
 * shellQuote('table 7');  // "'table 7'"
 * shellQuote("it's");     // "'it'\\''s'"
 * shellQuote('abc');      // 'abc'
 * ```
 * @throws never.
 */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_.,:/+=@%-]+$/.test(word) && !word.startsWith('-')
    ? word
    : `'${word.replace(/'/g, `'\\''`)}'`;
}
