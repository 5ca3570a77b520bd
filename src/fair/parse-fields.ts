import { FairdealError } from '../errors.ts';
import type { FairOptions } from './deal-options.ts';
import { checkHex } from './hex.ts';
import { isOptionKey } from './option-key.ts';
import type { Seating } from './seating.ts';
import type { DealtCard } from './transcript.ts';
import { utf8Length } from './utf8.ts';
import { checkId, checkWellFormed, MAX_TEXT_BYTES } from './validate.ts';

/**
 * Field readers shared by the v1 and v2 transcript parsers: each checks one JSON value and
 * throws `BAD_TRANSCRIPT` naming the field (docs/FAIR.md §9). Shape only; verify checks values.
 */

/** Fails with BAD_TRANSCRIPT naming the field. @throws {FairdealError} always. */
export function bad(where: string, message: string): never {
  throw new FairdealError('BAD_TRANSCRIPT', `transcript ${where} ${message}`, { field: where });
}

/** An object with only the allowed keys (all keys when `keys` is null). @throws BAD_TRANSCRIPT. */
export function object(
  value: unknown,
  where: string,
  keys: readonly string[] | null,
  required: readonly string[] = [],
): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    bad(where, 'must be an object');
  }
  const record = value as Record<string, unknown>;
  if (keys !== null) {
    for (const k of Object.keys(record)) {
      if (!keys.includes(k)) bad(where, `has an unknown field '${k.slice(0, 64)}'`);
    }
  }
  for (const k of required) if (!Object.hasOwn(record, k)) bad(where, `has no field '${k}'`);
  return record;
}

/**
 * A non-empty, well-formed string of at most {@link MAX_TEXT_BYTES} UTF-8 bytes: the bound of
 * docs/FAIR.md §3 holds for every string of a transcript (ids, seeds, preset, option values, card
 * ids and destinations), checked when it is read. @throws BAD_TRANSCRIPT.
 */
export function str(value: unknown, where: string): string {
  if (typeof value !== 'string' || value.length === 0) bad(where, 'must be a non-empty string');
  try {
    checkWellFormed(value as string, where);
  } catch {
    return bad(where, 'contains a lone surrogate');
  }
  if (tooLong(value as string)) bad(where, `is longer than ${MAX_TEXT_BYTES} UTF-8 bytes`);
  return value as string;
}

/** More than MAX_TEXT_BYTES in UTF-8 (at most 3 bytes a code unit: most texts need no count). */
function tooLong(text: string): boolean {
  return text.length * 3 > MAX_TEXT_BYTES && utf8Length(text) > MAX_TEXT_BYTES;
}

/** A table or player id (NFC, no control or format character). @throws BAD_TRANSCRIPT. */
export function id(value: unknown, where: string): string {
  str(value, where);
  try {
    return checkId(value, where);
  } catch (error) {
    return bad(where, `is not a valid id: ${(error as Error).message}`);
  }
}

/** 32 bytes of lowercase hex. @throws BAD_TRANSCRIPT. */
export function hex(value: unknown, where: string): string {
  return checkHex(value, 32, where);
}

/** A hand number: a safe non-negative integer. @throws BAD_TRANSCRIPT. */
export function hand(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    bad('hand', 'must be a non-negative integer');
  }
  return (value as number) + 0; // -0 → 0
}

/**
 * A flat record of strings, finite numbers (safe when integral) and booleans, whose keys follow
 * the option-name rule of docs/FAIR.md §3. The keys are checked here, before anything is copied:
 * `"__proto__"` copied into a plain object sets its prototype rather than a key, so an unchecked
 * copy silently dropped it and a transcript carrying it verified. `constructor`, `toString` and
 * the like are well-formed names and become ordinary keys, refused later as unknown options.
 */
export function options(value: unknown): FairOptions {
  const o = object(value, 'options', null);
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(o)) {
    if (!isOptionKey(k)) {
      bad(
        `options.${k.slice(0, 64)}`,
        'is not an option name (an ASCII letter, then up to 63 letters, digits, _ or -)',
      );
    }
    const ok =
      (typeof v === 'string' && !/[\uD800-\uDFFF]/.test(v) && !tooLong(v)) ||
      typeof v === 'boolean' ||
      (typeof v === 'number' &&
        Number.isFinite(v) &&
        (Number.isSafeInteger(v) || !Number.isInteger(v)));
    if (!ok) {
      bad(
        `options.${k.slice(0, 64)}`,
        `must be a string (at most ${MAX_TEXT_BYTES} UTF-8 bytes), a number or a boolean`,
      );
    }
    out[k] = typeof v === 'number' ? v + 0 : (v as string | boolean);
  }
  return out;
}

/** An array. @throws BAD_TRANSCRIPT. */
export function array(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) bad(where, 'must be an array');
  return value as unknown[];
}

/** `null` or 32 bytes of lowercase hex. @throws BAD_TRANSCRIPT. */
export function prev(value: unknown): string | null {
  if (value === null) return null;
  return hex(value, 'prev');
}

/** One `{card, to}` of a transcript's `cards`. @throws BAD_TRANSCRIPT. */
export function card(value: unknown, i: number): DealtCard {
  // The common case, checked without building a field name per card (a transcript has 54–416):
  // an object whose keys are exactly `card` and `to`, both non-empty strings with no surrogate at
  // all. Anything else takes the full path below, which accepts the same and names what is wrong.
  if (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    onlyCardAndTo(value)
  ) {
    const { card, to } = value as { card: unknown; to: unknown }; // each read once
    if (plainText(card) && plainText(to)) return { card, to };
  }
  const c = object(value, `cards[${i}]`, ['card', 'to'], ['card', 'to']);
  return { card: str(c.card, `cards[${i}].card`), to: str(c.to, `cards[${i}].to`) };
}

/** Whether the enumerable keys of `value` (its own and any inherited: `for…in`, which lists a
 *  parsed object's keys without making an array, where Object.keys made one per card) are
 *  exactly its own `card` and `to`. Anything else is for the full path to judge. */
function onlyCardAndTo(value: object): boolean {
  let count = 0;
  for (const key in value) {
    if ((key !== 'card' && key !== 'to') || !Object.hasOwn(value, key)) return false;
    count++;
  }
  return count === 2;
}

/** A non-empty string without any UTF-16 surrogate (so well-formed), short enough that it
 *  cannot pass MAX_TEXT_BYTES (341 code units of at most 3 bytes: 1,023); longer ones are
 *  counted on the full path. */
function plainText(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 341) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) return false;
  }
  return true;
}

/** The string `"roster"`, or a list of player ids and nulls. @throws BAD_TRANSCRIPT. */
export function seating(value: unknown): Seating {
  if (value === 'roster') return 'roster';
  return array(value, 'seating').map((p, i) => (p === null ? null : id(p, `seating[${i}]`)));
}
