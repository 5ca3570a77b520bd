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
  // The engine's JSON.parse builds the value (issue 11: this parser's per-key defineProperty made
  // dictionary-mode objects and was 40 % of verifying a transcript's text); one pass over the
  // text then checks what JSON.parse does not: duplicate keys and depth. Whenever either says no,
  // or looks unusual, the exact parser below decides, with its own message and offset — so the
  // result and every error are the same as before (strict-json.test.ts compares them).
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return readStrictJson(text);
  }
  return plainStructure(text) ? value : readStrictJson(text);
}

/** Nesting beyond which plainStructure defers to the exact parser (MAX_DEPTH decides there). */
const SCAN_DEPTH = MAX_DEPTH - 4;
/** Keys of an object compared by a list up to this many, by a Set beyond. */
const LIST_KEYS = 16;

/**
 * For a text JSON.parse accepted: true when no object repeats a key and nesting stays below
 * SCAN_DEPTH. A key is a string followed by ':' inside an object; one with an escape is decoded
 * (JSON.parse of its own quoted text) before it is compared.
 */
function plainStructure(text: string): boolean {
  const open: (string[] | null)[] = []; // per open container: its keys so far, null for arrays
  const sets: (Set<string> | undefined)[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      let j = i + 1;
      let escaped = false;
      for (;;) {
        const d = text.charCodeAt(j);
        if (d === 0x22) break;
        if (d === 0x5c) {
          escaped = true;
          j += 2;
        } else j++;
      }
      const depth = open.length - 1;
      const keys = depth >= 0 ? open[depth] : null;
      if (keys != null) {
        let k = j + 1;
        while (isSpace(text.charCodeAt(k))) k++;
        if (text.charCodeAt(k) === 0x3a) {
          const key = escaped ? (JSON.parse(text.slice(i, j + 1)) as string) : text.slice(i + 1, j);
          let set = sets[depth];
          if (set !== undefined) {
            if (set.has(key)) return false;
            set.add(key);
          } else if (keys.includes(key)) {
            return false;
          } else if (keys.length < LIST_KEYS) {
            keys.push(key);
          } else {
            set = new Set(keys);
            set.add(key);
            sets[depth] = set;
          }
        }
      }
      i = j + 1;
    } else {
      if (c === 0x7b || c === 0x5b) {
        if (open.length >= SCAN_DEPTH) return false;
        sets[open.length] = undefined;
        open.push(c === 0x7b ? [] : null);
      } else if (c === 0x7d || c === 0x5d) {
        open.pop();
      }
      i++;
    }
  }
  return true;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/**
 * The exact parser behind {@link parseStrictJson}: reads `text` character by character and
 * refuses the first problem it meets. Exported for the tests that hold the fast path to it.
 *
 * @example
 * ```ts
 * readStrictJson('{"a":1,"a":2}'); // throws BAD_TRANSCRIPT: duplicate key 'a' at offset 10
 * ```
 * @throws as {@link parseStrictJson}.
 */
export function readStrictJson(text: string): unknown {
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
