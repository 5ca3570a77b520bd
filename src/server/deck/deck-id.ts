import type { RandomSource } from '../../index.ts';
import { uniformInt } from '../../index.ts';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Length of a deck id: 36^20 ≈ 2^103.4 ids, above the 96 bits an unguessable id needs. */
export const DECK_ID_LENGTH = 20;

/**
 * A new deck id: 20 characters of the reference's lowercase alphanumeric alphabet, each exactly
 * uniform (uniformInt rejects, no modulo bias), from `source` (the secure source in service).
 *
 * @example
 * ```ts
 * newDeckId(secureRandom); // e.g. 'k3x9…' (20 characters)
 * ```
 * @throws whatever the source throws (the secure source throws if the platform has no CSPRNG).
 */
export function newDeckId(source: RandomSource): string {
  let id = '';
  for (let i = 0; i < DECK_ID_LENGTH; i++) id += ALPHABET[uniformInt(36, source)];
  return id;
}

/**
 * Whether a path segment can be a deck id at all (ids of the reference were 12 characters, ours
 * are 20; anything else is answered 404 without asking the store).
 *
 * @example
 * ```ts
 * isDeckIdShape('3p40paa87x90'); // true
 * ```
 * @throws never.
 */
export function isDeckIdShape(id: string): boolean {
  return /^[a-z0-9]{1,64}$/.test(id);
}
