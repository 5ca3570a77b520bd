import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CliIo } from './io.ts';
import { errnoWords } from './io.ts';

/**
 * A file named on the command line could not be read, or does not hold what it should; main
 * prints the message, one line, and exits 1.
 */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

/**
 * The text of a file named on the command line (relative to the working directory), as UTF-8.
 *
 * @example
 * ```ts
 * const text = readTextFile(io, 'names.txt');
 * ```
 * @throws {InputError} `cannot read FILE: no such file or directory (ENOENT)` and the like.
 */
export function readTextFile(io: Pick<CliIo, 'cwd'>, file: string): string {
  try {
    return readFileSync(resolve(io.cwd, file), 'utf8');
  } catch (error) {
    throw new InputError(`cannot read ${file}: ${errnoWords(error)}`);
  }
}

/**
 * The largest JSON file the fair commands read — transcripts, announcements, rosters, a player's
 * seed file, a round's state: 16 MiB, the bound docs/FAIR.md §9 sets for a transcript
 * (src/fair's MAX_TRANSCRIPT_BYTES; tools/verify-fair.py reads no more either).
 */
export const MAX_FAIR_FILE_BYTES = 16 * 1024 * 1024;

/**
 * A file that was read but cannot hold what it should: larger than the bound (refused after at
 * most one byte more), or not UTF-8. `verify` reports it as that file's failure and goes on.
 */
export class ContentError extends InputError {
  constructor(message: string) {
    super(message);
    this.name = 'ContentError';
  }
}

/**
 * {@link readTextFile} that reads at most `maxBytes` (`-`: standard input): a file with more is
 * refused without being read whole, so a huge or endless input costs no memory. The bytes must
 * be UTF-8 (docs/FAIR.md §9).
 *
 * @example
 * ```ts
 * const text = readBoundedText(io, 'hand-12.json', MAX_FAIR_FILE_BYTES);
 * ```
 * @throws {ContentError} past the bound or for bytes that are not UTF-8; {InputError} for a file
 *   that cannot be read.
 */
export function readBoundedText(io: Pick<CliIo, 'cwd'>, file: string, maxBytes: number): string {
  let fd: number;
  try {
    fd = file === '-' ? 0 : openSync(resolve(io.cwd, file), 'r');
  } catch (error) {
    throw new InputError(`cannot read ${file}: ${errnoWords(error)}`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1 << 20, maxBytes + 1 - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > maxBytes) {
        throw new ContentError(
          `${file} is larger than ${maxBytes.toLocaleString('en')} bytes: not read`,
        );
      }
    }
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`cannot read ${file}: ${errnoWords(error)}`);
  } finally {
    if (fd !== 0) closeSync(fd);
  }
  try {
    // Strict: a byte that is not UTF-8 is refused, not turned into U+FFFD (which a transcript's
    // seed could then match); a BOM is kept, so that JSON refuses it as tools/verify-fair.py does.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(
      Buffer.concat(chunks, total),
    );
  } catch {
    throw new ContentError(`${file} is not UTF-8 text`);
  }
}

/**
 * A JSON file named on the command line, parsed. The error names the file and, when it can, where
 * or how the JSON breaks, but never quotes it: it may be binary, or hold a secret.
 *
 * @example
 * ```ts
 * const transcript = readJsonFile(io, 'hand-12.json', 'transcript');
 * ```
 * @throws {InputError} for a file that cannot be read or is not JSON.
 */
export function readJsonFile(io: Pick<CliIo, 'cwd'>, file: string, what = 'file'): unknown {
  return parseJsonText(readTextFile(io, file), `${what} ${file}`);
}

/**
 * Parses JSON text read from `name`, with an error that names it and the place, not the text.
 *
 * @example
 * ```ts
 * parseJsonText('{"a":1}', 'standard input'); // { a: 1 }
 * ```
 * @throws {InputError} `NAME is not valid JSON (it is empty | it holds binary data, not text |
 *   line L, column C | it ends too soon)`.
 */
export function parseJsonText(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    // V8 quotes the text it choked on; keep only where (when it says) or what kind of text.
    const at = /position (\d+)/.exec((error as Error).message);
    let where = '';
    if (text.trim() === '') where = ' (it is empty)';
    // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for binary data is the point.
    else if (/[\u0000-\u0008\u000e-\u001f\ufffd]/.test(text))
      where = ' (it holds binary data, not text)';
    else if (at !== null) {
      const before = text.slice(0, Number(at[1]));
      const line = before.split('\n').length;
      const column = before.length - before.lastIndexOf('\n');
      where = ` (line ${line}, column ${column})`;
    } else if (/end of JSON input/.test((error as Error).message)) where = ' (it ends too soon)';
    throw new InputError(`${name} is not valid JSON${where}`);
  }
}
