import type { RandomSource } from './source.ts';

/**
 * Sources whose words someone else can know: `chacha20` seeded with a passphrase (words a person
 * chose, open to guessing), `mathRandom` (its state is recoverable from a few outputs) and
 * `scriptedSource` (its words are written in the code). A WeakSet rather than a property: it
 * cannot be forged or removed by the holder of a source, it adds nothing to the sources' shape
 * (their fast paths stay as they were), and it changes no word of any stream.
 */
const predictable = new WeakSet<object>();

/**
 * Records that a source's words can be known to others (see {@link isPredictable}). Internal to
 * the random layer, which marks its own predictable sources when it makes them.
 *
 * @example
 * ```ts
 * const source = markPredictable(scriptedSource([1, 2, 3]));
 * ```
 * @throws never.
 */
export function markPredictable<T extends RandomSource>(source: T): T {
  predictable.add(source);
  return source;
}

/**
 * Whether a source is one fairdeal knows to be predictable: `chacha20` seeded with a passphrase
 * (not with 32 bytes or 64 hex digits), `mathRandom`, `scriptedSource`. Such a source must never
 * make a secret such as a fair deal's server seed (docs/FAIR.md §3). `false` says only that
 * fairdeal did not mark it: a source made elsewhere is as good as whatever feeds it.
 *
 * @example
 * ```ts
 * isPredictable(chacha20('table 7')); // true: a passphrase
 * isPredictable(secureRandom); // false
 * ```
 * @throws never.
 */
export function isPredictable(source: unknown): boolean {
  return typeof source === 'object' && source !== null && predictable.has(source);
}
