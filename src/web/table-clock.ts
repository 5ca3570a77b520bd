// The turn clock on the page (docs/WEB.md, "The table page: one screen"): the view's `hand.clock`
// says whose turn runs and when the service moves for it (docs/TABLES.md, "Clocks"); every
// element marked `data-clock-seat` shows that seat's time left on the service's clock, or hides.
// Only text changes each tick: nothing is rebuilt, so focus stays where it is.
import type { TableView } from '../client/index.ts';
import { tf } from './i18n.ts';

/**
 * A duration as a clock shows it, rounded up to the second: 0:05, 1:30.
 *
 * @example
 * ```ts
 * clockText(4_200); // '0:05'
 * ```
 */
export function clockText(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Updates every turn clock under `root` for `tv` at `now` (the service's clock, ms).
 *
 * @example
 * ```ts
 * renderClocks(document.body, view, serverNow());
 * ```
 */
export function renderClocks(root: ParentNode, tv: TableView | null, now: number): void {
  const clock = tv?.hand?.phase === 'playing' ? tv.hand.clock : null;
  for (const box of Array.from(root.querySelectorAll<HTMLElement>('[data-clock-seat]'))) {
    const seat = Number(box.dataset.clockSeat);
    const runs = clock !== null && clock !== undefined && clock.seat === seat;
    box.hidden = !runs;
    if (!runs) continue;
    const left = clock.deadline - now;
    const text = tf('table.clockLeft', { time: clockText(left) });
    if (box.textContent !== text) box.textContent = text;
    box.classList.toggle('urgent', left <= 5_000);
  }
}
