import { FairdealError } from '../errors.ts';
import type { DealOptions } from '../games/index.ts';
import { getPreset, resolvePlan } from '../games/index.ts';
import type { FairOptions } from './deal-options.ts';
import { isOptionKey } from './option-key.ts';
import { compareUtf8 } from './validate.ts';

/**
 * The one canonical form of a preset's options (docs/FAIR.md §4): every option that the preset
 * takes, defaults filled in, values in their single spelling (`level` `"10"` becomes `"T"`),
 * keys in byte order. fairdeal-v2 commits to this form, so `{}`, `{ seats: 3 }` and
 * `{ seats: 3, dealer: 2 }` are one Dou Dizhu deal, not three decks a dealer could choose from.
 *
 * `seats` always; `dealer` (0-based) unless the preset fixes it (bridge, blackjack); then the
 * preset's own options as the games layer settles them (`resolvePlan`).
 *
 * @example
 * ```ts
 * canonicalFairOptions('doudizhu', {}); // { dealer: 2, seats: 3 }
 * canonicalFairOptions('shengji', { level: '10' }); // { dealer: 3, level: 'T', seats: 4, trump: 'none' }
 * ```
 * @throws {FairdealError} `UNKNOWN_PRESET`; `BAD_OPTION` for an option the preset does not take,
 *   `seed`/`source`, a deck given other than by name, or a bad value; `BAD_DECK` for an unknown
 *   deck name; `NOT_ENOUGH_CARDS` when the pattern needs more cards than the deck has.
 * @throws {TypeError} for a wrongly typed value; {RangeError} for an out-of-range number.
 */
export function canonicalFairOptions(preset: string, options: FairOptions = {}): FairOptions {
  if (typeof preset !== 'string') throw new TypeError('preset must be a preset name');
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError('options must be a plain object');
  }
  // Only the caller's own keys count, each checked against the option-name rule (docs/FAIR.md
  // §3) before anything reads it: `__proto__` (own, as JSON.parse makes it) is refused here by
  // name, and a key inherited from a crafted prototype is not an option at all.
  const given: Record<string, unknown> = Object.create(null);
  // The memo's key: the preset and every own entry, each value with its type (`-0` apart from
  // `0`), in the caller's order; only for values of the three JSON types an option can have.
  let memoKey: string | undefined = JSON.stringify(preset);
  for (const [key, value] of Object.entries(options)) {
    if (!isOptionKey(key)) {
      throw new FairdealError(
        'BAD_OPTION',
        `option name '${key.slice(0, 64)}' is not an identifier (docs/FAIR.md §3)`,
        { field: `options.${key.slice(0, 64)}` },
      );
    }
    given[key] = value;
    if (memoKey !== undefined) {
      const t = typeof value;
      memoKey =
        t === 'string'
          ? `${memoKey},${key}:s${JSON.stringify(value)}`
          : t === 'number'
            ? `${memoKey},${key}:n${Object.is(value, -0) ? '-0' : String(value)}`
            : t === 'boolean'
              ? `${memoKey},${key}:b${String(value)}`
              : undefined;
    }
  }
  for (const key of ['seed', 'source']) {
    if (Object.hasOwn(options, key)) {
      throw new FairdealError(
        'BAD_OPTION',
        `option '${key}' is not allowed in a fair deal: its randomness comes from the seeds`,
        { field: `options.${key}` },
      );
    }
  }
  if (Object.hasOwn(options, 'deck') && typeof options.deck !== 'string') {
    throw new FairdealError('BAD_OPTION', 'a fair deal takes its deck by name only', {
      field: 'options.deck',
    });
  }
  const known = memoKey === undefined ? undefined : memo.get(memoKey);
  if (known !== undefined) return { ...known };
  const p = getPreset(preset);
  const plan = resolvePlan(p, given as DealOptions);
  const out = new Map<string, string | number | boolean>([['seats', plan.seats]]);
  if (p.dealerOption !== false) out.set('dealer', plan.dealer);
  for (const [key, value] of Object.entries(plan.options)) out.set(key, value as string | number);
  // Built by fromEntries (own data properties, whatever the key), in byte order of the keys.
  const canonical = Object.fromEntries([...out].sort(([a], [b]) => compareUtf8(a, b)));
  if (memoKey !== undefined) {
    if (memo.size >= MEMO_SIZE) memo.clear();
    memo.set(memoKey, Object.freeze({ ...canonical }));
  }
  return canonical;
}

/** Canonical forms already worked out, by preset and options (the key above): a fair deal needs
 *  its options' canonical form two or three times, and each took a plan's resolution, a sort and
 *  an object (a tenth of a fair deal, issue 25). Only what resolved is kept; bounded, because
 *  options come from transcripts anyone can write. Callers get a copy of their own. */
const memo = new Map<string, FairOptions>();
const MEMO_SIZE = 256;
