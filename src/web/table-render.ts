// Draws the table page for one sitting (docs/WEB.md, "The table page: one screen"), in place: the
// status and stakes line, the felt (table-board.ts), the hand (table-hand.ts), the controls of the
// moment (table-controls.ts), the clocks, and the side column — the host's panel, the waiting
// screen, the scores, the hand-end summary and the verdicts. Nothing focusable is rebuilt; when
// the focused control is hidden (Play, once played) or removed (the card played), focus goes to
// the hand's tab stop rather than to <body>.
import { darkDealt, renderDark } from './dark-render.ts';
import { byId } from './dom.ts';
import { serverNow } from './table-api.ts';
import { renderBoard } from './table-board.ts';
import { renderClocks } from './table-clock.ts';
import { renderControls } from './table-controls.ts';
import { focusHand, renderMine } from './table-hand.ts';
import { renderHostPanel } from './table-host.ts';
import { renderScores } from './table-scores.ts';
import type { Sitting } from './table-sitting.ts';
import { stakesLine, statusLine } from './table-status.ts';
import { tableStorage } from './table-storage.ts';
import { renderSummary } from './table-summary.ts';
import { renderWaiting } from './table-waiting.ts';

/** What drawing asks of the live side: read the table again (after a kick). */
export interface RenderHooks {
  readonly refresh: () => Promise<void>;
}

function setText(id: string, text: string): void {
  const box = byId(id);
  if (box.textContent !== text) box.textContent = text;
}

/**
 * The hand-end summary of the current hand, from its verified record (table-summary.ts).
 *
 * @example
 * ```ts
 * summary(s);
 * ```
 */
export function summary(s: Sitting): void {
  const n = s.table?.hand?.n;
  if (s.dark !== null) {
    renderSummary(
      s.table,
      n === undefined || s.table === null ? undefined : darkDealt(s.table, n, s.dark),
    );
    return;
  }
  renderSummary(s.table, n === undefined ? undefined : s.verdicts.dealt(n));
}

/**
 * Draws everything of `s`, patching what is there.
 *
 * @example
 * ```ts
 * render(s, { refresh: () => refresh(s) });
 * ```
 */
export function render(s: Sitting, hooks: RenderHooks): void {
  const seat = byId('table-seat');
  const before = document.activeElement;
  const focused = before instanceof HTMLElement && seat.contains(before) ? before : null;
  const tv = s.table;
  setText('table-status', statusLine(tv, s.me));
  setText('table-stakes', stakesLine(tv));
  // A room's creator is seat 0 and the host: its seat page carries the host's panel too.
  const hostToken =
    s.role === 'host' ? s.token : tv === null ? null : tableStorage.token(tv.id, 'host');
  byId('table-host').hidden = hostToken === null || s.role === 'watch';
  byId('table-watching').hidden = s.role !== 'watch';
  if (tv !== null && hostToken !== null && s.role !== 'watch') {
    renderHostPanel(tv, hostToken, { render: () => render(s, hooks), refresh: hooks.refresh });
  }
  if (tv !== null) renderWaiting(tv, s.me, serverNow(), s.role !== 'watch');
  renderDark(s);
  renderScores(tv);
  s.verdicts.render();
  summary(s);
  renderBoard(tv, s.me);
  renderControls(s);
  renderMine(s);
  renderClocks(seat, tv, serverNow());
  // A control hidden under the focus (Play after playing) or a card played: focus to the hand.
  if (focused !== null && !(focused.isConnected && focused.checkVisibility())) focusHand();
}
