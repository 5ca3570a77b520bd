import { codeOf } from './deck-state.ts';

/** Cards taken out of a list by code, what is left, and the codes that found no card. */
export interface Taken {
  readonly taken: string[];
  readonly rest: string[];
  readonly missing: string[];
}

/**
 * Takes one card per code from `list` (a code asked twice takes two copies, so `AS,AS` can never
 * duplicate a card: the reference's fault). Searches from the end (a pile's top) when `fromEnd`.
 *
 * @example
 * ```ts
 * takeByCode(['AS', 'KH', 'AS#2'], ['AS', 'QD'], false); // taken ['AS'], rest ['KH','AS#2'], missing ['QD']
 * ```
 * @throws never.
 */
export function takeByCode(
  list: readonly string[],
  codes: readonly string[],
  fromEnd: boolean,
): Taken {
  const used = new Uint8Array(list.length);
  const taken: string[] = [];
  const missing: string[] = [];
  for (const code of codes) {
    let found = -1;
    if (fromEnd) {
      for (let i = list.length - 1; i >= 0; i--) {
        if (used[i] === 0 && codeOf(list[i]!) === code) {
          found = i;
          break;
        }
      }
    } else {
      for (let i = 0; i < list.length; i++) {
        if (used[i] === 0 && codeOf(list[i]!) === code) {
          found = i;
          break;
        }
      }
    }
    if (found === -1) missing.push(code);
    else {
      used[found] = 1;
      taken.push(list[found]!);
    }
  }
  const rest = list.filter((_, i) => used[i] === 0);
  return { taken, rest, missing };
}
