import { FairdealError } from '../errors.ts';

const MAX_DEPTH = 64;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?/y;

/**
 * Parses JSON text (RFC 8259) like `JSON.parse`, but refuses an object with a duplicate key.
 * `JSON.parse` keeps the last of two equal keys silently, so a transcript could show one value to
 * a reader and hash another for a verifier that keeps the first; a proof must have one reading.
 * Nesting deeper than 64 levels is refused too (no transcript needs it). Objects come back as
 * plain objects whose keys are own data properties (a `__proto__` key stays a key).
 *
 * @example
 * ```ts
 * parseStrictJson('{"a":1}'); // { a: 1 }
 * parseStrictJson('{"a":1,"a":2}'); // throws BAD_TRANSCRIPT: duplicate key 'a'
 * ```
 * @throws {FairdealError} `BAD_TRANSCRIPT` naming the problem and its offset.
 * @throws {TypeError} if `text` is not a string.
 */
export function parseStrictJson(text: string): unknown {
  if (typeof text !== 'string') throw new TypeError('JSON text must be a string');
  let i = 0;
  const fail = (what: string): never => {
    throw new FairdealError('BAD_TRANSCRIPT', `not valid JSON: ${what} at offset ${i}`, {
      field: 'format',
    });
  };
  const ws = (): void => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
      else break;
    }
  };
  const string = (): string => {
    i++; // opening quote
    let out = '';
    let start = i;
    for (;;) {
      if (i >= text.length) fail('unterminated string');
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        out += text.slice(start, i);
        i++;
        return out;
      }
      if (c < 0x20) fail('control character in a string');
      if (c !== 0x5c) {
        i++;
        continue;
      }
      out += text.slice(start, i);
      const e = text[i + 1];
      const simple: Record<string, string> = {
        '"': '"',
        '\\': '\\',
        '/': '/',
        b: '\b',
        f: '\f',
        n: '\n',
        r: '\r',
        t: '\t',
      };
      if (e !== undefined && Object.hasOwn(simple, e)) {
        out += simple[e];
        i += 2;
      } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
        out += String.fromCharCode(Number.parseInt(text.slice(i + 2, i + 6), 16));
        i += 6;
      } else fail('bad escape');
      start = i;
    }
  };
  const value = (depth: number): unknown => {
    if (depth > MAX_DEPTH) fail('nesting too deep');
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const obj: Record<string, unknown> = {};
      ws();
      if (text[i] === '}') {
        i++;
        return obj;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('expected a key');
        const key = string();
        if (Object.hasOwn(obj, key)) fail(`duplicate key '${key.slice(0, 64)}'`);
        ws();
        if (text[i] !== ':') fail("expected ':'");
        i++;
        const v = value(depth + 1);
        Object.defineProperty(obj, key, {
          value: v,
          enumerable: true,
          writable: true,
          configurable: true,
        });
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return obj;
        }
        fail("expected ',' or '}'");
      }
    }
    if (c === '[') {
      i++;
      const arr: unknown[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return arr;
      }
      for (;;) {
        arr.push(value(depth + 1));
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return arr;
        }
        fail("expected ',' or ']'");
      }
    }
    if (c === '"') return string();
    for (const [word, v] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return v;
      }
    }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (m === null) return fail('unexpected character');
    i += m[0].length;
    return Number(m[0]);
  };
  const result = value(0);
  ws();
  if (i !== text.length) fail('unexpected text after the value');
  return result;
}
