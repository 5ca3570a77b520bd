// The hand-end summary (docs/WEB.md, "Sit at a table"): every seat's hand face up as dealt, with
// the verification badge, once the hand ends. The cards come from the hand's record only after
// this browser verified it (table-verdicts.ts): the record is what the seats' seeds dealt, so the
// summary cannot show a deal the dealer did not commit to — a view the service sent could.

import type { TableView } from '../client/index.ts';
import { byId, el } from './dom.ts';
import { lang, t, tf } from './i18n.ts';
import { faceUp } from './table-cards.ts';
import { displayName } from './table-names.ts';

/** Where each card of a dealt record went: each seat's cards, in dealing order, and the kitty. */
export interface DealtHands {
  readonly seats: readonly (readonly string[])[];
  readonly kitty: readonly string[];
}

/**
 * The hands a verified dealt record (fairdeal-v3 `kind: "dealt"`) gave each of `seats` seats, or
 * null for anything else (a void record, a record of another shape).
 *
 * @example
 * ```ts
 * dealtHands({ kind: 'dealt', cards: [{ card: '3H', to: 'hand:0' }, { card: 'BJ', to: 'kitty' }] }, 1);
 * // { seats: [['3H']], kitty: ['BJ'] }
 * ```
 */
export function dealtHands(record: unknown, seats: number): DealtHands | null {
  const r = record as { kind?: unknown; cards?: unknown };
  if (r === null || typeof r !== 'object' || r.kind !== 'dealt' || !Array.isArray(r.cards)) {
    return null;
  }
  const hands: string[][] = Array.from({ length: seats }, () => []);
  const kitty: string[] = [];
  for (const c of r.cards as { card?: unknown; to?: unknown }[]) {
    if (typeof c.card !== 'string' || typeof c.to !== 'string') return null;
    const seat = /^hand:(\d+)$/.exec(c.to);
    if (seat !== null) {
      const hand = hands[Number(seat[1])];
      if (hand === undefined) return null;
      hand.push(c.card);
    } else if (c.to === 'kitty') kitty.push(c.card);
  }
  return { seats: hands, kitty };
}

/**
 * Draws the summary of the current hand once it ended and its record verified (`dealt` from it,
 * `badge` its verdict as table-verdicts draws it); hidden otherwise — while a hand is in play the
 * page never shows the cards of an earlier one (the same deck, so the same card ids).
 *
 * @example
 * ```ts
 * renderSummary(view, verdicts.dealt(view.hand.n));
 * ```
 */
export function renderSummary(
  tv: TableView | null,
  dealt: { readonly hands: DealtHands; readonly badge: HTMLElement } | undefined,
): void {
  const box = byId('table-summary');
  const hand = tv?.hand;
  if (tv === null || hand === null || hand === undefined || hand.phase !== 'ended' || !dealt) {
    box.hidden = true;
    const out = byId('table-summary-hands');
    delete out.dataset.sig;
    out.replaceChildren();
    return;
  }
  box.hidden = false;
  const out = byId('table-summary-hands');
  // A verified hand's summary does not change: drawn once per hand and language.
  const sig = `${hand.n}:${lang()}`;
  if (out.dataset.sig === sig) return;
  out.dataset.sig = sig;
  out.dataset.hand = String(hand.n);
  const parts: HTMLElement[] = [el('p', '', tf('table.summaryTitle', { n: hand.n }))];
  const badge = el('ul', 'verdicts');
  badge.append(dealt.badge);
  parts.push(badge);
  dealt.hands.seats.forEach((cards, k) => {
    const name = displayName(tv, k);
    const seat = el('section', 'seat dealt');
    seat.dataset.seat = String(k);
    const label = tf('table.summarySeat', { name });
    seat.append(el('h3', '', label), faceUp(cards, label));
    parts.push(seat);
  });
  if (dealt.hands.kitty.length > 0) {
    const kitty = el('section', 'seat dealt kitty');
    kitty.append(el('h3', '', t('deal.kitty')), faceUp(dealt.hands.kitty, t('deal.kitty')));
    parts.push(kitty);
  }
  out.replaceChildren(...parts);
}
