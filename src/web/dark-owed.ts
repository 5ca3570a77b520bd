// What a seat owes a dark hand now (docs/DARK.md §8, docs/TABLES.md "Dark tables"), read off
// the public view: its key, its shuffle step when its turn comes, its deal shares, its kitty
// shares once the landlord is known, its reveal at the end. The page's dark driver
// (dark-table.ts) sends each as soon as it is owed; nothing here needs a secret.
import type { DarkHandView } from '../client/index.ts';

/** The message a seat owes, by the action that carries it. */
export type DarkOwed = 'key' | 'step' | 'deal-shares' | 'kitty-shares' | 'reveal';

/**
 * The message seat `me` owes the dark hand `dark` now, or null when it owes nothing (another
 * seat's turn, or the bidding and the play, which are the player's own).
 *
 * @example
 * ```ts
 * darkOwed({ ...dark, stage: 'shuffle', waitingFor: [1] }, 1); // 'step'
 * darkOwed({ ...dark, stage: 'shuffle', waitingFor: [0] }, 1); // null
 * ```
 */
export function darkOwed(dark: DarkHandView, me: number): DarkOwed | null {
  if (me < 0 || !dark.waitingFor.includes(me)) return null;
  switch (dark.stage) {
    case 'keys':
      return dark.keys[me] === null || dark.keys[me] === undefined ? 'key' : null;
    case 'shuffle':
      return dark.steps.length === me ? 'step' : null;
    case 'deal':
      return 'deal-shares';
    case 'kitty':
      return dark.kittyTo === null ? null : 'kitty-shares';
    case 'reveal':
      return dark.reveals[me] === null || dark.reveals[me] === undefined ? 'reveal' : null;
    default:
      return null;
  }
}

/**
 * Whether seat `me` can open its hand: every other seat has sent its deal shares.
 *
 * @example
 * ```ts
 * handOpen({ ...dark, stage: 'deal', waitingFor: [2] }, 2); // true: only its own are missing
 * ```
 */
export function handOpen(dark: DarkHandView, me: number): boolean {
  if (dark.stage === 'keys' || dark.stage === 'shuffle' || dark.stage === 'void') return false;
  if (dark.stage === 'deal') return dark.waitingFor.every((seat) => seat === me);
  return true;
}
