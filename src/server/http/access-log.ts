/**
 * One log record as one line of JSON. JSON.stringify escapes every control character, quote and
 * backslash, so no field — a decoded path such as `/x%0AGET%20…%0AERROR%20forged`, a header, an
 * error message — can end the line and forge a second record (issue 27). U+2028 and U+2029 are
 * escaped too: JSON allows them raw, but JavaScript-based log viewers and some terminals break
 * lines at them.
 *
 * @example
 * ```ts
 * logLine({ msg: 'request', path: '/x\nERROR forged' });
 * // '{"msg":"request","path":"/x\\nERROR forged"}'
 * ```
 * @throws never for plain data (strings, numbers, booleans, nested plain objects).
 */
export function logLine(fields: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(fields).replace(/[\u2028\u2029]/g, (c) =>
    c === '\u2028' ? '\\u2028' : '\\u2029',
  );
}
