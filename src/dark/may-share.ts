import type { Destination } from '../games/index.ts';

/**
 * Whether `seat` may publish its share for a position dealt to `to` (docs/DARK.md §6): another
 * seat's hand card (dealing it), its own hand card only when playing it, the kitty once it has
 * gone to a seat, the board; never the stock or a burnt card, which nobody may see.
 *
 * @example
 * ```ts
 * mayShare('hand:1', 0, { played: false, kittyGiven: false }); // true: dealing to seat 1
 * mayShare('hand:0', 0, { played: false, kittyGiven: false }); // false: its own unplayed card
 * ```
 */
export function mayShare(
  to: Destination | undefined,
  seat: number,
  state: { readonly played: boolean; readonly kittyGiven: boolean },
): boolean {
  if (to === undefined) return false;
  if (to.startsWith('hand:')) return Number(to.slice(5)) !== seat || state.played;
  if (to === 'kitty') return state.kittyGiven;
  return to === 'board';
}

/** The seat a hand position is dealt to, or null for the other piles. */
export function ownerOf(to: Destination | undefined): number | null {
  return to?.startsWith('hand:') ? Number(to.slice(5)) : null;
}
