// The waiting screen (docs/WEB.md, "Sit at a table"): before every seat is claimed, and while a
// hand waits for commitments and reveals (or a dark hand for its seats' messages), who has done what — by name, not a count — the time
// left before the deadline (the service's clock), and once it has passed a button to void the
// hand with what that means. A void hand is never dealt: there is no deal with fewer seeds.

import type { TableView } from '../client/index.ts';
import { darkProgress } from './dark-status.ts';
import { byId, el } from './dom.ts';
import { list, t, tf } from './i18n.ts';
import { displayName } from './table-names.ts';

function clock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Whether the waiting screen is what the table shows now. */
function waiting(tv: TableView): boolean {
  const h = tv.hand;
  return (
    h === null ||
    h.phase === 'committing' ||
    h.phase === 'revealing' ||
    h.phase === 'void' ||
    h.phase === 'dark'
  );
}

/**
 * Whether seat `k` has sent its part of the dark stage the hand is in: its key, its shuffle step
 * (the seats shuffle in order), its shares, its reveal.
 */
function darkDone(tv: TableView, k: number): boolean {
  const d = tv.hand?.dark;
  if (d === undefined) return false;
  if (d.stage === 'keys') return d.keys[k] !== null && d.keys[k] !== undefined;
  if (d.stage === 'shuffle') return k < d.steps.length;
  return !d.waitingFor.includes(k);
}

/**
 * Draws the waiting screen for `tv` as `me` (a seat, or -1 for the host or a spectator) sees it at
 * `now` (the service's clock); hides it when the hand is dealt. `canVoid`: false for a spectator,
 * who may not void a hand.
 *
 * @example
 * ```ts
 * renderWaiting(view, 1, serverNow());
 * ```
 */
export function renderWaiting(tv: TableView, me: number, now: number, canVoid = true): void {
  const box = byId('table-waiting');
  box.hidden = !waiting(tv);
  if (box.hidden) return;
  const h = tv.hand;
  const claiming = h === null || h.phase === 'void';
  const dark = h !== null && h.phase === 'dark';
  byId('table-waiting-title').textContent = claiming
    ? t('table.waitJoin')
    : `${tf('table.handN', { n: h.n })} — ${dark ? (darkProgress(tv) ?? t('dark.badge')) : h.phase === 'committing' ? t('table.committing') : t('table.revealing')}`;
  const rows = byId('table-waiting-list');
  rows.replaceChildren();
  for (let k = 0; k < tv.seats; k++) {
    let done: boolean;
    let words: string;
    if (claiming) {
      done = tv.seatKeys[k] !== null;
      words = done ? t('table.seatJoined') : t('table.seatOpen');
    } else if (dark) {
      done = darkDone(tv, k);
      words = done ? t('dark.seatDone') : t('dark.seatPending');
    } else if (h.phase === 'committing') {
      done = h.commits[k] !== null && h.commits[k] !== undefined;
      words = done ? t('table.committed') : t('table.toCommit');
    } else {
      done = h.reveals[k] !== null && h.reveals[k] !== undefined;
      words = done ? t('table.revealed') : t('table.toReveal');
    }
    const li = el('li', done ? 'done' : 'pending');
    li.dataset.seat = String(k);
    const who = `${displayName(tv, k)}${k === me ? ` ${t('table.youMark')}` : ''}`;
    li.append(el('span', 'mark', done ? '✓' : '…'), ' ', el('strong', '', who), ` — ${words}`);
    rows.append(li);
  }
  const countdown = byId('table-countdown');
  const voidBox = byId('table-void-box');
  if (claiming) {
    countdown.hidden = true;
    voidBox.hidden = true;
    return;
  }
  countdown.hidden = false;
  const left = h.deadline - now;
  countdown.textContent =
    left > 0 ? tf('table.timeLeft', { time: clock(left) }) : t('table.timeUp');
  // A dark hand whose seat stopped is voided by the service's own sweep at its deadline.
  voidBox.hidden = dark || !canVoid || left > 0 || h.waitingFor.length === 0;
  if (!voidBox.hidden) {
    const names = list(h.waitingFor.map((k) => displayName(tv, k)));
    byId('table-void-why').textContent = tf(
      h.phase === 'committing' ? 'table.voidWhyCommit' : 'table.voidWhyReveal',
      { names },
    );
  }
}
