import { resolve } from 'node:path';
import { type FairOptions, parseStrictJson } from '../../fair/index.ts';
import type { CliIo } from '../io.ts';
import { UsageError } from '../io.ts';
import { InputError, MAX_FAIR_FILE_BYTES, readBoundedText } from '../read-input.ts';
import { escapeText } from './escape-text.ts';
import { checkWritable } from './safe-write.ts';

// What the steps of `fairdeal fair` (fairdeal-v2 in fair.ts, fairdeal-v3 in fair-v3.ts) read from
// their command line and files the same way.

const STRING_OPTIONS = new Set(['level', 'trump', 'deck', 'sort']);
const NUMBER_OPTIONS = new Set(['penetration']);
const WHOLE_OPTIONS = [
  'seats',
  'dealer',
  'boardNumber',
  'decks',
  'handSize',
  'kitty',
  'boardCards',
];

/**
 * The value of a flag a step cannot do without.
 *
 * @example
 * ```ts
 * const file = need(values.state, '--state');
 * ```
 * @throws {UsageError} `missing --state`.
 */
export function need(value: string | undefined, flag: string): string {
  if (value === undefined) throw new UsageError(`missing ${flag}`);
  return value;
}

/**
 * `--hand N`: a whole number the library then bounds.
 *
 * @example
 * ```ts
 * handNumber('12'); // 12
 * ```
 * @throws {UsageError} for anything but digits.
 */
export function handNumber(text: string): number {
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new UsageError(`--hand must be a whole number, got '${escapeText(text)}'`);
  }
  return Number(text);
}

/**
 * `key=value`, parsed by the option's type (docs/FAIR.md §4): level, trump, deck and sort are
 * text (so `level=10` stays "10" and becomes "T"), penetration a decimal number, the others
 * whole numbers. Unknown keys are passed as text for the library to name — as own keys (a Map,
 * then fromEntries): assigning `options['__proto__']` would set the prototype and drop the key
 * without a word, so `--option __proto__=x` was silently ignored.
 *
 * @example
 * ```ts
 * parseOptions(['decks=2', 'penetration=0.8']); // { decks: 2, penetration: 0.8 }
 * ```
 * @throws {UsageError} for a malformed item, a key given twice, a value of the wrong type.
 */
export function parseOptions(list: readonly string[]): FairOptions {
  const options = new Map<string, string | number | boolean>();
  for (const item of list) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new UsageError(`--option must be key=value, got '${escapeText(item)}'`);
    const key = item.slice(0, eq);
    const raw = item.slice(eq + 1);
    if (options.has(key)) throw new UsageError(`--option ${escapeText(key)} given twice`);
    if (STRING_OPTIONS.has(key)) options.set(key, raw);
    else if (NUMBER_OPTIONS.has(key)) {
      if (!/^(?:0|[1-9][0-9]*)?(?:\.[0-9]+)?$/.test(raw) || raw === '') {
        throw new UsageError(`--option ${key} needs a number like 0.75, got '${escapeText(raw)}'`);
      }
      options.set(key, Number(raw));
    } else if (/^-?[0-9]{1,15}$/.test(raw)) options.set(key, Number(raw));
    else if (WHOLE_OPTIONS.includes(key)) {
      throw new UsageError(`--option ${key} needs a whole number, got '${escapeText(raw)}'`);
    } else options.set(key, raw);
  }
  return Object.fromEntries(options);
}

/**
 * A JSON file (at most 16 MiB of UTF-8, docs/FAIR.md §13), read by `parse`; its errors name the
 * file.
 *
 * @example
 * ```ts
 * const roster = readRecord(io, 'roster.json', (text) => parseRoster(text));
 * ```
 * @throws {InputError} for a file that cannot be read or that `parse` refuses.
 */
export function readRecord<T>(io: CliIo, file: string, parse: (text: string) => T): T {
  const text = readBoundedText(io, file, MAX_FAIR_FILE_BYTES);
  try {
    return parse(text);
  } catch (error) {
    throw new InputError(`${escapeText(file)}: ${(error as Error).message}`);
  }
}

/**
 * A JSON file parsed strictly (no duplicate key, nesting at most 64), not yet given a shape.
 *
 * @example
 * ```ts
 * const value = readJson(io, 'hand-11.json');
 * ```
 * @throws {InputError} for a file that cannot be read or is not strict JSON.
 */
export function readJson(io: CliIo, file: string): unknown {
  return readRecord(io, file, (text) => {
    try {
      return parseStrictJson(text);
    } catch (error) {
      throw new Error(`not valid JSON (${(error as Error).message})`);
    }
  });
}

/**
 * `--prev-file`: the hash of the previous hand's record (a v2 transcript, a v3 dealt or void
 * record, or `deal --fair --json`'s output).
 *
 * @example
 * ```ts
 * const prev = prevHash(io, 'hand-11.json');
 * ```
 * @throws {UsageError} when the file holds no transcript hash.
 */
export function prevHash(io: CliIo, file: string): string {
  const v = readJson(io, file) as { hash?: unknown; transcript?: { hash?: unknown } };
  const hash = typeof v?.hash === 'string' ? v.hash : v?.transcript?.hash;
  if (typeof hash !== 'string') throw new UsageError(`${escapeText(file)} has no transcript hash`);
  return hash;
}

/** Where an `--out` goes: the path, the name as typed, and whether it may replace a file. */
export interface OutTarget {
  readonly path: string;
  readonly shown: string;
  readonly force: boolean;
}

/**
 * The `--out` target, checked before the step changes anything (a round dealt and saved, then an
 * `--out` refused, left a transcript that nothing printed); `undefined` without `--out`.
 *
 * @example
 * ```ts
 * const out = outTarget(io, values.out, values.force, values.state);
 * ```
 * @throws {UsageError}/{OutputError} as checkWritable, or when it names the state file.
 */
export function outTarget(
  io: CliIo,
  out: string | undefined,
  force: boolean | undefined,
  state: string | undefined,
): OutTarget | undefined {
  if (out === undefined) return undefined;
  const target = { path: resolve(io.cwd, out), shown: out, force: force === true };
  if (state !== undefined && resolve(io.cwd, state) === target.path) {
    throw new UsageError('--out names the state file: the transcript would replace the round');
  }
  checkWritable(target.path, target);
  return target;
}
