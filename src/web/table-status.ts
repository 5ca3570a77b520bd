// The line at the top of the felt (docs/WEB.md, "Sit at a table"): the hand and its phase, whose
// turn; beside it the stake (底分) and the multiplier so far. The multiplier shown during a hand
// is read off the public view (the bid, bombs and rockets played, a shown hand) to tell players
// what is at stake; the hand's score is always the service's (table-scores.ts).
import type { GameView, TableView } from '../client/index.ts';
import { darkProgress } from './dark-status.ts';
import { t, tf } from './i18n.ts';
import { displayName } from './table-names.ts';

/**
 * The status line of `tv` as seat `me` (-1: the host or a spectator) sees it.
 *
 * @example
 * ```ts
 * statusLine(view, 1); // 'Playing — your turn'
 * ```
 */
export function statusLine(tv: TableView | null, me: number): string {
  const hand = tv?.hand;
  if (tv === null || tv === undefined) return t('table.loading');
  if (hand === null || hand === undefined) return t('table.waitJoin');
  const n = tf('table.handN', { n: hand.n });
  const g = hand.game;
  const line = (what: string) => tf('table.statusLine', { hand: n, what });
  if (hand.phase === 'committing') return line(t('table.committing'));
  if (hand.phase === 'revealing') return line(t('table.revealing'));
  if (hand.phase === 'void') return line(t('table.voidHand'));
  if (hand.phase === 'dark') return line(darkProgress(tv) ?? t('dark.badge'));
  if (hand.phase === 'ended') {
    if (g?.winner !== null && g?.winner !== undefined)
      return line(tf('table.wonBy', { name: displayName(tv, g.winner) }));
    return line(t('table.noBid'));
  }
  if (g === undefined) return '';
  const whose =
    g.turn === me ? t('table.yourTurn') : `${t('table.turnOf')} ${displayName(tv, g.turn)}`;
  const phase =
    g.phase === 'bidding'
      ? t('table.bidding')
      : g.phase === 'doubling'
        ? t('table.doublingPhase')
        : t('table.playing');
  return `${phase} — ${whose}`;
}

/**
 * The base and multiplier of the hand so far, as the score will name them, from what every
 * viewer sees: the base is the winning bid (robs included), the multiplier ×2 per bomb or rocket
 * played and ×2 once the landlord showed its hand; null before a landlord is chosen. Spring is
 * only known at the end (the service's score says it).
 *
 * @example
 * ```ts
 * multiplierSoFar({ ...game, landlord: 0, base: 3, bombs: 1, shown: false }); // { base: 3, multiplier: 2 }
 * ```
 */
export function multiplierSoFar(
  g: Pick<GameView, 'landlord' | 'base' | 'bombs' | 'shown'> | undefined,
): { base: number; multiplier: number } | null {
  if (g === undefined || g.landlord === null) return null;
  return { base: g.base, multiplier: 2 ** g.bombs * (g.shown ? 2 : 1) };
}

/**
 * The stake and multiplier line of `tv`.
 *
 * @example
 * ```ts
 * stakesLine(view); // 'Stake 1 · so far: base 3 × multiplier 2'
 * ```
 */
export function stakesLine(tv: TableView | null): string {
  if (tv === null) return '';
  const stake = tf('table.stakesLine', { stakes: tv.stakes ?? 1 });
  const m = tv.hand?.phase === 'playing' ? multiplierSoFar(tv.hand.game) : null;
  return m === null ? stake : `${stake} · ${tf('table.multiplierLine', m)}`;
}
