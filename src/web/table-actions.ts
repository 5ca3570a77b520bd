// The buttons beside the hand and the keys that press them (docs/WEB.md, "The table page: one
// screen"): bids, doubles, show hand, Play, Pass, Hint, Next hand, Void. With focus in the hand
// or on its buttons, one key each: P plays the selected cards, S passes, H selects the hint —
// only when that button is there to press (your turn), so a stray key does nothing.
import { type TableAction, TableClientError } from '../client/index.ts';
import { byId, showMessage } from './dom.ts';
import { t } from './i18n.ts';
import { renderMine, selectCards, selectedCards } from './table-hand.ts';
import { hint } from './table-hint.ts';
import { act, here, refresh, refusalBox } from './table-live.ts';

/** The one-key shortcuts, by `KeyboardEvent.key` (lower case): the button each presses. */
export const SHORTCUTS: Readonly<Record<string, string>> = {
  p: 'table-play',
  s: 'table-pass',
  h: 'table-hint',
};

/**
 * Wires the controls (once).
 *
 * @example
 * ```ts
 * setupActions();
 * ```
 */
export function setupActions(): void {
  byId('table-bids').addEventListener('click', (event) => {
    const bid = (event.target as HTMLElement).closest<HTMLElement>('button[data-bid]')?.dataset.bid;
    if (bid === undefined || here.current === null) return;
    const value = (/^\d$/.test(bid) ? Number(bid) : bid) as Extract<
      TableAction,
      { type: 'bid' }
    >['bid'];
    void act(here.current, { type: 'bid', bid: value }).catch(() => {});
  });
  byId('table-doubles').addEventListener('click', (event) => {
    const choice = (event.target as HTMLElement).closest<HTMLElement>('button[data-double]')
      ?.dataset.double;
    if ((choice !== 'double' && choice !== 'no-double') || here.current === null) return;
    void act(here.current, { type: 'double', choice }).catch(() => {});
  });
  byId('table-show-hand').addEventListener('click', () => {
    if (here.current !== null) void act(here.current, { type: 'show-hand' }).catch(() => {});
  });
  byId('table-play').addEventListener('click', () => {
    const s = here.current;
    if (s === null) return;
    const cards = selectedCards(s);
    if (cards.length === 0) {
      showMessage(refusalBox(s), () => t('table.selectFirst'));
      return;
    }
    // A dark table: the worker makes the shares that open these cards to everyone.
    const move =
      s.dark === null ? Promise.resolve({ type: 'play', cards } as const) : s.dark.play(cards);
    void move
      .then((action) => act(s, action, cards))
      .then(() => {
        s.selected.clear();
        renderMine(s);
      })
      .catch(() => {});
  });
  byId('table-pass').addEventListener('click', () => {
    if (here.current !== null) void act(here.current, { type: 'pass' }).catch(() => {});
  });
  byId('table-hint').addEventListener('click', () => {
    const s = here.current;
    if (s === null) return;
    refusalBox(s).hidden = true;
    selectCards(s, hint(s.table, s.me));
    renderMine(s);
  });
  byId('table-next').addEventListener('click', () => {
    if (here.current !== null) void act(here.current, { type: 'next-hand' }).catch(() => {});
  });
  byId('table-void').addEventListener('click', () => {
    const s = here.current;
    if (s === null) return;
    // The service's own sweep may have voided the hand a moment before: then the refusal (a stale
    // version, or no hand to void) is no news, and the fresh view shows the void.
    void act(s, { type: 'void' }).catch(async (e: unknown) => {
      if (
        e instanceof TableClientError &&
        (e.code === 'STALE_VERSION' || e.code === 'WRONG_PHASE')
      ) {
        refusalBox(s).hidden = true;
        await refresh(s);
      }
    });
  });
  byId('table-hand-zone').addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
    const id = SHORTCUTS[event.key.toLowerCase()];
    if (id === undefined) return;
    const button = byId<HTMLButtonElement>(id);
    if (!button.checkVisibility() || button.disabled) return;
    event.preventDefault();
    button.click();
  });
}
