// Control (Cc: ESC, CR, C1 CSI …), format (Cf: bidi overrides, zero-width characters), line and
// paragraph separators, lone surrogates, and the backslash that introduces our escapes.
const UNSAFE =
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\\]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;

/**
 * Makes an untrusted string safe to print on a terminal: every control or format character is
 * written as `\u{1b}`, a backslash as `\\`. A transcript is attacker-controlled text: without
 * this, `\u001b[2J` clears the screen and draws a fake "VERIFIED", `\r` overwrites the verdict
 * line, and U+202E reverses what follows it.
 *
 * @example
 * ```ts
 * escapeText('a\u001b[2Jb'); // 'a\\u{1b}[2Jb'
 * ```
 * @throws never.
 */
export function escapeText(text: string): string {
  return text.replace(UNSAFE, (c) =>
    c === '\\' ? '\\\\' : `\\u{${c.codePointAt(0)!.toString(16)}}`,
  );
}

/**
 * JSON text with every control or format character escaped as `\uXXXX` (still valid JSON, same
 * value): `JSON.stringify` leaves DEL, the C1 controls (a terminal's CSI is U+009B) and bidi
 * overrides raw.
 *
 * @example
 * ```ts
 * safeJson({ table: 'a\u202eb' }); // '{"table":"a\\u202eb"}'
 * ```
 * @throws never for JSON-safe values.
 */
export function safeJson(value: unknown, indent = 2): string {
  return JSON.stringify(value, null, indent).replace(
    /[\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}]|[\uD800-\uDFFF]/gu,
    (c) =>
      Array.from(
        { length: c.length }, // an astral format character is two UTF-16 escapes
        (_, i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`,
      ).join(''),
  );
}
