import { FairdealError } from '../errors.ts';
import { parseStrictJson } from './strict-json.ts';
import { utf8Length } from './utf8.ts';

/**
 * The largest text a verifier reads as a transcript, an announcement or a roster (docs/FAIR.md
 * §9): 16 MiB of UTF-8, hundreds of times the largest real transcript (an eight-deck shoe is
 * about 30 KiB), so that a hostile file cannot make a verifier spend its memory and time on it.
 * The CLI and tools/verify-fair.py hold files to the same bound.
 */
export const MAX_TRANSCRIPT_BYTES = 16 * 1024 * 1024;

/**
 * A fair-deal record as a value: text is held to {@link MAX_TRANSCRIPT_BYTES} and parsed
 * strictly (duplicate keys refused); anything else is taken as already parsed.
 *
 * @example
 * ```ts
 * jsonInput('{"hand": 1}', 'transcript'); // { hand: 1 }
 * ```
 * @throws {FairdealError} `BAD_TRANSCRIPT` (field `format`) for text over the bound or not JSON.
 */
export function jsonInput(input: unknown, what: string): unknown {
  if (typeof input !== 'string') return input;
  if (tooLarge(input)) {
    throw new FairdealError(
      'BAD_TRANSCRIPT',
      `${what} text is larger than 16 MiB (16,777,216 UTF-8 bytes, docs/FAIR.md §9): not read`,
      { field: 'format' },
    );
  }
  return parseStrictJson(input);
}

function tooLarge(text: string): boolean {
  if (text.length > MAX_TRANSCRIPT_BYTES) return true; // a code unit is at least one byte
  return text.length * 3 > MAX_TRANSCRIPT_BYTES && utf8Length(text) > MAX_TRANSCRIPT_BYTES;
}
