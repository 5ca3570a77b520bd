// The words of a dark hand's progress (docs/WEB.md, "Dark tables"): the status line while the
// seats make their keys, shuffle, deal, open the kitty and reveal ("Dark deal: shuffling… 2 of
// 3"), and the verdict this browser reached by checking the whole hand itself.
import type { DarkHandView, TableView } from '../client/index.ts';
import type { DarkVerdict } from '../dark/index.ts';
import type { DarkDealt } from './dark-protocol.ts';
import { type Key, t, tf } from './i18n.ts';
import { displayName } from './table-names.ts';

/** How many seats are done with the stage `dark` is in. */
function done(dark: DarkHandView, seats: number): number {
  if (dark.stage === 'shuffle') return dark.steps.length;
  return seats - dark.waitingFor.length;
}

const STAGE_WORDS: Partial<Record<DarkHandView['stage'], Key>> = {
  keys: 'dark.keys',
  shuffle: 'dark.shuffling',
  deal: 'dark.dealing',
  kitty: 'dark.kitty',
  reveal: 'dark.revealing',
};

/**
 * The progress of a dark hand's protocol in words, or null when the hand is at a stage the
 * table's own line says (the bidding, the play, the end).
 *
 * @example
 * ```ts
 * darkProgress(view); // 'Dark deal: shuffling… 2 of 3'
 * ```
 */
export function darkProgress(tv: TableView): string | null {
  const dark = tv.hand?.dark;
  if (dark === undefined) return null;
  const key = STAGE_WORDS[dark.stage];
  if (key === undefined) return null;
  return tf(key, { done: done(dark, tv.seats), seats: tv.seats });
}

/** What this browser found checking a dark hand: its verdict, or the seat at fault. */
export type DarkCheck =
  | { readonly kind: 'checking' }
  | { readonly kind: 'verified'; readonly verdict: DarkVerdict; readonly dealt: DarkDealt | null }
  | { readonly kind: 'failed'; readonly seat: number | null };

/**
 * The line for hand `n`'s check in this browser.
 *
 * @example
 * ```ts
 * darkCheckWords(view, 3, { kind: 'failed', seat: 1 }); // '✗ Hand 3 failed its check: bob sent …'
 * ```
 */
export function darkCheckWords(tv: TableView, n: number, check: DarkCheck): string {
  if (check.kind === 'checking') return t('dark.verifying');
  if (check.kind === 'verified') return tf('dark.verified', { n });
  if (check.seat === null) return tf('dark.failedNoSeat', { n });
  return tf('dark.failed', { n, name: displayName(tv, check.seat) });
}

/**
 * Why a void dark hand is void, in words: the seat that stopped sending (the service's word;
 * docs/DARK.md §8).
 *
 * @example
 * ```ts
 * darkVoidWords(view, 3, 2); // 'Hand 3 is void: carol stopped sending its part of the deal.'
 * ```
 */
export function darkVoidWords(tv: TableView, n: number, seat: number): string {
  return tf('dark.void', { n, name: displayName(tv, seat) });
}
