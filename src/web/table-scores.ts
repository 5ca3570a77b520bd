// The scores at a table (docs/WEB.md, "Sit at a table"): the last scored hand as the service
// scored it (src/rules/doudizhu/score.ts: base × multiplier, what made the multiplier, each seat's
// points) and a running total per player summed from the table's history — what every seat and the
// host see alike, from the public view. The page adds nothing up but the deltas the service sent:
// a page that computed its own score could disagree with the record every seat verifies.

import type { HandScore, HistoryView, TableView } from '../client/index.ts';
import type { DoudizhuScore } from '../rules/doudizhu/index.ts';
import { byId, el } from './dom.ts';
import { list, t, tf, tn } from './i18n.ts';
import { displayName } from './table-names.ts';

function isDoudizhu(score: HandScore): score is DoudizhuScore {
  return score !== null && 'deltas' in score;
}

/**
 * What hand `h` moved each seat's score by: a Dou Dizhu hand's deltas, or a void hand's penalty
 * (each withholder pays `points` to every other seat, docs/TABLES.md); zeros otherwise.
 *
 * @example
 * ```ts
 * handDeltas({ ...h, score: { withheld: [2], points: 2 } }, 3); // [2, 2, -4]
 * ```
 */
export function handDeltas(h: HistoryView, seats: number): number[] {
  const out = new Array<number>(seats).fill(0);
  const score = h.score;
  if (score === null) return out;
  if (isDoudizhu(score)) {
    for (let k = 0; k < seats; k++) out[k] = score.deltas[k] ?? 0;
    return out;
  }
  for (const w of score.withheld) {
    for (let k = 0; k < seats; k++) {
      if (k === w) out[k] = (out[k] ?? 0) - score.points * (seats - 1);
      else out[k] = (out[k] ?? 0) + score.points;
    }
  }
  return out;
}

/**
 * Each seat's running total: what the player holding it now won or lost over the hands in
 * `tv.history` (the last hands the table keeps) — only the hands it held that seat in, by the key
 * each hand's announcement bound (a newcomer to a kicked player's seat, or the house's bot, starts
 * from 0). A hand recorded without its keys counts for the seat.
 *
 * @example
 * ```ts
 * runningTotals(view); // [24, -12, -12]
 * ```
 */
export function runningTotals(tv: TableView): number[] {
  const totals = new Array<number>(tv.seats).fill(0);
  for (const h of tv.history) {
    handDeltas(h, tv.seats).forEach((d, k) => {
      const holder = h.holders?.[k];
      const held = h.holders === null || (holder != null && tv.seatKeys[k]?.startsWith(holder));
      if (held) totals[k] = (totals[k] ?? 0) + d;
    });
  }
  return totals;
}

/** A signed number as a score sheet writes it: +12, −6, 0. */
function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

/** What made a Dou Dizhu hand's multiplier, in the page's words. */
function why(tv: TableView, s: DoudizhuScore): string {
  const parts: string[] = [];
  const bombs = s.bombs - s.rockets;
  if (bombs > 0) parts.push(tn('count.bombs', bombs));
  if (s.rockets > 0) parts.push(t('table.scoreRocket'));
  if (s.spring) parts.push(t('table.scoreSpring'));
  if (s.antiSpring) parts.push(t('table.scoreAntiSpring'));
  if (s.shown) parts.push(t('table.scoreShown'));
  const doubled = s.doubled.flatMap((d, k) => (d ? [displayName(tv, k)] : []));
  if (doubled.length > 0) parts.push(tf('table.scoreDoubled', { names: list(doubled) }));
  return parts.length === 0 ? t('table.scoreNoFactor') : list(parts);
}

/** The headline and the sum of hand `h`. */
function lines(tv: TableView, h: HistoryView): string[] {
  const score = h.score;
  if (score === null) return [];
  if (!isDoudizhu(score)) {
    const names = list(score.withheld.map((k) => displayName(tv, k)));
    return [tf('table.scorePenalty', { n: h.n, names, points: score.points })];
  }
  const name = displayName(tv, score.landlord);
  return [
    tf(score.landlordWon ? 'table.scoreLandlordWon' : 'table.scoreFarmersWon', { n: h.n, name }),
    tf('table.scoreSum', {
      base: score.base,
      multiplier: score.multiplier,
      unit: score.unit,
      why: why(tv, score),
    }),
  ];
}

/**
 * Draws the scores box for `tv`: hidden until a hand has a score.
 *
 * @example
 * ```ts
 * renderScores(view);
 * ```
 */
export function renderScores(tv: TableView | null): void {
  const box = byId('table-scores');
  const scored = tv?.history.filter((h) => h.score !== null) ?? [];
  const last = scored.at(-1);
  box.hidden = tv === null || last === undefined;
  if (tv === null || last === undefined) return;
  const head = byId('table-score-last');
  head.dataset.hand = String(last.n);
  head.replaceChildren(...lines(tv, last).map((line) => el('p', '', line)));
  const thisHand = handDeltas(last, tv.seats);
  const totals = runningTotals(tv);
  const table = el('table', 'scores');
  const caption = el(
    'caption',
    '',
    tf('table.totalsCaption', { hands: tn('count.hands', tv.history.length) }),
  );
  const headRow = el('tr');
  for (const words of [t('table.player'), tf('table.handN', { n: last.n }), t('table.total')]) {
    const th = el('th', '', words);
    th.scope = 'col';
    headRow.append(th);
  }
  const body = el('tbody');
  for (let k = 0; k < tv.seats; k++) {
    const row = el('tr');
    row.dataset.seat = String(k);
    const who = el('th', '', displayName(tv, k));
    who.scope = 'row';
    const delta = el('td', 'delta', signed(thisHand[k] ?? 0));
    const total = el('td', 'total', signed(totals[k] ?? 0));
    row.append(who, delta, total);
    body.append(row);
  }
  const thead = el('thead');
  thead.append(headRow);
  table.append(caption, thead, body);
  byId('table-totals').replaceChildren(table);
}
