/** What {@link checkDeck} found. */
export interface DeckCheck {
  /** True when the deck is exactly the intended one (every card once, nothing else). */
  readonly ok: boolean;
  readonly size: number;
  readonly expectedSize: number;
  /** Codes of the intended deck that are absent, in deck order. */
  readonly missing: string[];
  /** Codes present more than once (each listed once). */
  readonly duplicated: string[];
  /** How many entries were not cards at all (`undefined` codes). */
  readonly unknown: number;
}

const RANK_ORDER = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

/**
 * The intended deck as neutral codes: 52 cards (`AS` … `KD`), plus `BJ`, `SJ` for 54.
 *
 * @example
 * ```ts
 * standardDeckCodes('standard-54').length; // 54
 * ```
 * @throws never.
 */
export function standardDeckCodes(kind: 'standard-52' | 'standard-54'): string[] {
  const codes: string[] = [];
  for (const suit of ['S', 'H', 'C', 'D']) for (const rank of RANK_ORDER) codes.push(rank + suit);
  if (kind === 'standard-54') codes.push('BJ', 'SJ');
  return codes;
}

/**
 * Checks that a deck (as neutral codes, see `FoundingDeck.toCode`) is exactly the intended deck:
 * the check that catches document 000's forgotten tens (50 cards instead of 54).
 *
 * @example
 * ```ts
 * checkDeck(['AS', 'AS'], 'standard-52').duplicated; // ['AS']
 * ```
 * @throws never: every fault is reported in the result.
 */
export function checkDeck(
  codes: readonly (string | undefined)[],
  kind: 'standard-52' | 'standard-54',
): DeckCheck {
  const expected = standardDeckCodes(kind);
  const counts = new Map<string, number>();
  let unknown = 0;
  for (const code of codes) {
    if (code === undefined || !expected.includes(code)) {
      unknown++;
      continue;
    }
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  const missing = expected.filter((c) => !counts.has(c));
  const duplicated = expected.filter((c) => (counts.get(c) ?? 0) > 1);
  return {
    ok: missing.length === 0 && duplicated.length === 0 && unknown === 0,
    size: codes.length,
    expectedSize: expected.length,
    missing,
    duplicated,
    unknown,
  };
}
