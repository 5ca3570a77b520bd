import { FairdealError } from '../errors.ts';
import type { CanonicalWriter } from './canonical-writer.ts';
import { isOptionKey } from './option-key.ts';
import { sortByUtf8 } from './utf8.ts';

const sameText = (key: string): string => key;

/**
 * The preset options that shape a fair deal, as a flat record (e.g. `{ seats: 6 }` for hold'em).
 * Only plain values, so that the canonical encoding is easy to reproduce in any language.
 */
export type FairOptions = Readonly<Record<string, string | number | boolean>>;

/**
 * Writes options canonically: `u32(count)`, then per key in byte order `str(key) ‖ u8(tag) ‖
 * value`, where tag `0x69` ('i') is an integer written as `str(decimal)`, `0x62` ('b') a boolean
 * as `u8(0|1)`, `0x73` ('s') a string as `str(value)`, `0x66` ('f') a non-integer number as its
 * 8 IEEE-754 binary64 bytes big-endian (exact, unlike decimal text, whose shortest form differs
 * between languages). Tagging keeps `2` and `"2"` apart; keys
 * are ASCII identifiers so every language sorts them the same way.
 *
 * @example
 * ```ts
 * writeOptions(new CanonicalWriter(), { seats: 6 });
 * ```
 * @throws {FairdealError} `BAD_OPTION` for a key that is not an identifier, an unsafe integer, a
 *   non-finite number, or a value of another type.
 */
export function writeOptions(w: CanonicalWriter, options: FairOptions): CanonicalWriter {
  const keys = sortByUtf8(Object.keys(options), sameText);
  w.u32(keys.length);
  for (const key of keys) {
    if (!isOptionKey(key)) {
      throw new FairdealError('BAD_OPTION', `option name '${key}' is not an identifier`);
    }
    const value = options[key];
    w.str(key);
    if (typeof value === 'number') {
      if (Number.isSafeInteger(value)) {
        w.u8(0x69).str(String(value));
      } else if (Number.isFinite(value) && !Number.isInteger(value)) {
        const b = new Uint8Array(8);
        new DataView(b.buffer).setFloat64(0, value, false);
        w.u8(0x66);
        for (const x of b) w.u8(x);
      } else {
        throw new FairdealError(
          'BAD_OPTION',
          `option '${key}' must be a safe integer or a finite fraction, got ${value}`,
        );
      }
    } else if (typeof value === 'boolean') {
      w.u8(0x62).u8(value ? 1 : 0);
    } else if (typeof value === 'string') {
      w.u8(0x73).str(value);
    } else {
      throw new FairdealError(
        'BAD_OPTION',
        `option '${key}' must be a string, an integer or a boolean, got ${value === null ? 'null' : typeof value}`,
      );
    }
  }
  return w;
}
