// The controls of the moment beside the hand (docs/WEB.md, "Sit at a table"): the bids while
// this seat bids (classic 1–3 above the highest bid, or call / rob at a rob-the-landlord table),
// Double / No double in the doubling round (加倍), Play, Pass, Hint and Show hand (明牌) on its
// turn, Next hand once a hand ended (never for a spectator). Only shown or hidden here: the
// buttons are the page's, never rebuilt.
import { byId } from './dom.ts';
import { t } from './i18n.ts';
import type { Sitting } from './table-sitting.ts';

/**
 * Shows the controls `s` may use now and hides the rest.
 *
 * @example
 * ```ts
 * renderControls(s);
 * ```
 */
export function renderControls(s: Sitting): void {
  const hand = s.table?.hand;
  const g = hand?.game;
  const myTurn = hand?.phase === 'playing' && g?.turn === s.me;
  byId('table-bids').hidden = !(myTurn && g?.phase === 'bidding');
  // Classic bidding (叫分) offers 1–3 above the highest bid; rob the landlord (抢地主) offers
  // `call` until someone has called, then `rob` (docs/DOUDIZHU.md).
  const rob = s.table?.rules.robLandlord === true;
  const called = g?.bids.some((b) => b.bid === 'call') === true;
  for (const b of Array.from(
    byId('table-bids').querySelectorAll<HTMLButtonElement>('button[data-bid]'),
  )) {
    const value = b.dataset.bid ?? '';
    const points = /^\d$/.test(value);
    if (value === 'pass') {
      // After a call, passing is declining to rob (不抢), not declining to call (不叫).
      b.dataset.i18n = rob && called ? 'table.robPass' : 'table.bidPass';
      const words = t(b.dataset.i18n as 'table.bidPass');
      if (b.textContent !== words) b.textContent = words;
    }
    b.hidden = value !== 'pass' && (rob ? points : !points);
    b.disabled = points
      ? Number(value) <= (g?.highestBid ?? 0)
      : value === 'call'
        ? called
        : value === 'rob' && !called;
  }
  byId('table-doubles').hidden = !(myTurn && g?.phase === 'doubling');
  byId('table-plays').hidden = !(myTurn && g?.phase === 'playing');
  // 明牌 before the landlord's first play, once (canShowHand in fairdeal/doudizhu).
  byId('table-show-hand').hidden = !(
    myTurn &&
    g?.phase === 'playing' &&
    s.table?.rules.showHand === true &&
    g.landlord === s.me &&
    g.plays.length === 0 &&
    g.shown !== true
  );
  byId('table-next').hidden = hand?.phase !== 'ended' || s.role === 'watch';
  const mustLead = g?.lead === null || g?.lead?.seat === s.me;
  byId<HTMLButtonElement>('table-pass').disabled = mustLead;
}
