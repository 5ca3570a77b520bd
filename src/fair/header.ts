import { canonicalFairOptions } from './canonical-options.ts';
import { CanonicalWriter } from './canonical-writer.ts';
import { type FairOptions, writeOptions } from './deal-options.ts';
import { fromHex } from './hex.ts';
import { isOptionKey } from './option-key.ts';
import { checkSeating, type Seating, writeSeating } from './seating.ts';
import { checkHand, checkId } from './validate.ts';

/** The first hand's empty `prev`, shared: the writer only reads it (no array per header). */
const NO_PREV = new Uint8Array(0);

/** The fairdeal-v2 algorithm id, written into every header, transcript and label. */
export const FAIR_V2 = 'fairdeal-v2';

/**
 * Everything a v2 server commitment fixes besides the server seed (docs/FAIR.md §3 "Header"):
 * table, hand, the previous transcript's hash, preset, canonical options and seating.
 */
export interface FairHeader {
  readonly table: string;
  readonly hand: number;
  readonly prev: string | null;
  readonly preset: string;
  /** In canonical form (see canonicalFairOptions). */
  readonly options: FairOptions;
  readonly seating: Seating;
}

/**
 * Checks a header given by a caller and returns it with its options in canonical form.
 *
 * @example
 * ```ts
 * normalizeHeader({ table: 't', hand: 1, prev: null, preset: 'doudizhu', options: {}, seating: 'roster' });
 * ```
 * @throws {FairdealError} `BAD_OPTION` for bad ids, options or seating; `UNKNOWN_PRESET`;
 *   `BAD_TRANSCRIPT` for a malformed `prev`. {TypeError}/{RangeError} for wrong types/numbers.
 */
export function normalizeHeader(h: {
  readonly table: string;
  readonly hand: number;
  readonly prev?: string | null;
  readonly preset: string;
  readonly options?: FairOptions;
  readonly seating: Seating;
}): FairHeader {
  const table = checkId(h.table, 'table');
  const hand = checkHand(h.hand);
  const prev = h.prev ?? null;
  if (prev !== null) fromHex(prev, 32, 'prev');
  const options = canonicalFairOptions(h.preset, h.options ?? {});
  const seating = checkSeating(h.seating, options.seats as number);
  return { table, hand, prev, preset: h.preset, options, seating };
}

/**
 * Writes the canonical header bytes: `str("fairdeal-v2") ‖ str(table) ‖ u64(hand) ‖
 * bytes(prev | empty) ‖ str(preset) ‖ options ‖ seating`.
 *
 * @example
 * ```ts
 * writeHeader(new CanonicalWriter(), header);
 * ```
 * @throws {FairdealError} `BAD_TRANSCRIPT`/`BAD_OPTION` for malformed fields.
 */
export function writeHeader(w: CanonicalWriter, h: FairHeader): CanonicalWriter {
  w.str(FAIR_V2)
    .str(h.table)
    .u64(h.hand)
    .bytes(h.prev === null ? NO_PREV : fromHex(h.prev, 32, 'prev'))
    .str(h.preset);
  writeOptions(w, h.options);
  return writeSeating(w, h.seating);
}

/**
 * The canonical header bytes of {@link writeHeader} as an array of their own, for a caller that
 * hashes one header into two messages (C_s and the transcript hash): written once.
 *
 * @example
 * ```ts
 * headerBytes(header).length; // the bytes writeHeader writes
 * ```
 * @throws as {@link writeHeader}.
 */
export function headerBytes(h: FairHeader): Uint8Array {
  return writeHeader(new CanonicalWriter(), h).finish();
}

/**
 * Whether two option records have the same canonical bytes (same keys, values and JSON types).
 *
 * @example
 * ```ts
 * sameOptions({ seats: 3 }, { seats: 3 }); // true
 * ```
 * @throws {FairdealError} `BAD_OPTION` for values that cannot be encoded.
 */
export function sameOptions(a: FairOptions, b: FairOptions): boolean {
  if (sameOptionValues(a, b)) return true;
  const x = writeOptions(new CanonicalWriter(), a).finish();
  const y = writeOptions(new CanonicalWriter(), b).finish();
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/**
 * Whether `a` and `b` have the same keys, each a valid option name, with the same value of a
 * type writeOptions encodes as itself (a string, a boolean, a safe integer): then their canonical
 * bytes are equal without writing them (verify compares a transcript's options with their
 * canonical form, and writing both was a twentieth of its time, issue 25). False only means
 * "not shown so": {@link sameOptions} then compares the bytes, and reports what they say.
 */
const SURROGATE = /[\uD800-\uDFFF]/;

function sameOptionValues(a: FairOptions, b: FairOptions): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!isOptionKey(key) || !Object.hasOwn(b, key)) return false;
    const x = a[key];
    if (x !== b[key]) return false;
    // A string with a surrogate may be ill-formed, which writing refuses: left to the bytes.
    const encodesAsItself =
      (typeof x === 'string' && !SURROGATE.test(x)) ||
      typeof x === 'boolean' ||
      Number.isSafeInteger(x);
    if (!encodesAsItself) return false;
  }
  return true;
}
