// The felt (docs/WEB.md, "The table page: one screen"): the other seats placed around the table
// as the seat sees it — the next seat to play on the right, the one before on the left, the
// third of four across the top; the host and a spectator see seat 1 at the bottom — each with
// its name, card count, last play, turn clock, marks (landlord, doubled, shown) and tags (to
// act, bot, away); in the middle the kitty and the play to beat. Patched in place: a seat's box
// is made once and its parts redrawn only when they change.
import type { GameView, PlayView, TableView } from '../client/index.ts';
import { byId, el } from './dom.ts';
import { lang, t, tf, tn } from './i18n.ts';
import { playTypeName } from './play-words.ts';
import { backs, faceUp } from './table-cards.ts';
import { patchChildren, whenChanged } from './table-keyed.ts';
import { displayName } from './table-names.ts';

/** Where a seat sits on the felt, seen from the bottom. */
export type SeatPosition = 'bottom' | 'right' | 'top' | 'left';

/**
 * Where each seat but `me` sits, seen from seat `me` (-1: the host or a spectator, who sees seat
 * 0 at the bottom): play goes round to the right, so the next seat is on the right and the one
 * before on the left; a fourth sits across the top (two seats: across).
 *
 * @example
 * ```ts
 * seatPositions(3, 1); // [{ seat: 2, pos: 'right' }, { seat: 0, pos: 'left' }]
 * ```
 */
export function seatPositions(seats: number, me: number): { seat: number; pos: SeatPosition }[] {
  const from = me < 0 ? 0 : me;
  const around: SeatPosition[][] = [[], ['top'], ['right', 'left'], ['right', 'top', 'left']];
  const places = around[seats - 1] ?? [];
  const out: { seat: number; pos: SeatPosition }[] = [];
  if (me < 0) out.push({ seat: from, pos: 'bottom' });
  for (let i = 1; i < seats; i++) {
    out.push({ seat: (from + i) % seats, pos: places[i - 1] ?? 'top' });
  }
  return out;
}

/** Who doubled (加倍) or declined, and a shown hand (明牌), as marks after a seat's name. */
export function doublingMarks(g: GameView | undefined, k: number): string[] {
  if (g === undefined) return [];
  const out: string[] = [];
  // `doubled` is all false until a seat chooses: a seat that chose is no longer in `toDouble`.
  const chose = g.phase !== 'bidding' && g.landlord !== null && !(g.toDouble ?? []).includes(k);
  if (g.doubled?.[k] === true) out.push(` · ${t('table.doubledMark')}`);
  else if (chose && (g.toDouble?.length ?? 0) > 0) out.push(` · ${t('table.notDoubledMark')}`);
  if (g.shown === true && g.landlord === k) out.push(` · ${t('table.shownMark')}`);
  return out;
}

/** A tag after a seat's name: shown (or not) and worded in the page's language. */
function tag(box: HTMLElement, name: string, on: boolean, words: string): void {
  const span = box.querySelector<HTMLElement>(`.tag.${name}`);
  if (span === null) return;
  span.hidden = !on;
  if (span.textContent !== words) span.textContent = words;
}

/** The tags line of a seat (to act, bot, away) and its clock: made once per seat box. */
export function makeTags(seat: number): HTMLElement {
  const tags = el('div', 'tags');
  const clock = el('span', 'clock');
  clock.setAttribute('role', 'timer');
  clock.dataset.clockSeat = String(seat);
  clock.hidden = true;
  for (const name of ['turn', 'bot', 'away']) {
    const span = el('span', `tag ${name}`);
    span.hidden = true;
    tags.append(span);
  }
  tags.append(clock);
  return tags;
}

/**
 * Updates a tags line (see {@link makeTags}) for seat `k` of `tv`.
 *
 * @example
 * ```ts
 * updateTags(box, view, 1);
 * ```
 */
export function updateTags(box: HTMLElement, tv: TableView, k: number): void {
  const g = tv.hand?.game;
  const turn = g !== undefined && g.turn === k && tv.hand?.phase === 'playing';
  tag(box, 'turn', turn, t('table.toAct'));
  tag(box, 'bot', tv.bots?.includes(k) === true, t('table.botMark'));
  tag(box, 'away', tv.away?.[k] === true, t('table.awayMark'));
  const clock = box.querySelector<HTMLElement>('.clock');
  clock?.setAttribute('aria-label', tf('table.clockLabel', { name: displayName(tv, k) }));
}

function makeSeat(): HTMLElement {
  const box = el('section', 'seat other');
  box.append(el('h3'), el('div', 'tags-slot'), el('div', 'cards'), el('div', 'last-play'));
  return box;
}

function updateSeat(box: HTMLElement, tv: TableView, k: number, pos: SeatPosition): void {
  const hand = tv.hand;
  const g = hand?.game;
  const n = hand?.counts?.hands[k] ?? 0;
  box.dataset.seat = String(k);
  box.dataset.pos = pos;
  const turn = g !== undefined && g.turn === k && hand?.phase === 'playing';
  box.classList.toggle('turn', turn);
  const name = displayName(tv, k);
  const marks = [
    g?.landlord === k ? ` · ${t('table.landlord')}` : '',
    ...doublingMarks(g, k),
    turn ? ` · ${t('table.toAct')}` : '',
  ].join('');
  const title = `${tf('table.seatLine', { name, cards: tn('count.cards', n) })}${marks}`;
  const h3 = box.querySelector('h3')!;
  if (h3.textContent !== title) h3.textContent = title;
  const slot = box.querySelector<HTMLElement>('.tags-slot')!;
  if (slot.firstElementChild === null) slot.append(makeTags(k));
  updateTags(slot, tv, k);
  // Once the landlord showed its hand (明牌), every viewer sees the cards it still holds.
  const shown = g?.landlord === k ? (g.shownHand ?? null) : null;
  box.classList.toggle('shown', shown !== null);
  const cards = box.querySelector<HTMLElement>('.cards')!;
  const sig = shown === null ? `backs:${n}` : `shown:${shown.join(',')}`;
  whenChanged(cards, `${sig}:${name}:${lang()}`, () =>
    cards.replaceChildren(
      shown === null
        ? backs(n, tn('table.faceDownLine', n, { name }))
        : faceUp(shown, tf('table.shownHand', { name })),
    ),
  );
  const last = g?.plays.filter((p) => p.seat === k).at(-1);
  const line = box.querySelector<HTMLElement>('.last-play')!;
  whenChanged(line, `${hand?.n}:${last === undefined ? '' : playSig(last)}:${lang()}`, () =>
    line.replaceChildren(...(last === undefined ? [] : playNodes(last))),
  );
}

function playSig(p: PlayView): string {
  return `${p.type}:${p.cards.join(',')}`;
}

function playNodes(p: PlayView): (string | HTMLElement)[] {
  if (p.type === 'pass' || p.cards.length === 0) return [t('table.passed')];
  return [faceUp(p.cards, t('table.lastPlay'))];
}

/** The middle of the felt: the kitty (face down, then turned over to all) and the play to beat. */
function updateCenter(center: HTMLElement, tv: TableView): void {
  const hand = tv.hand;
  const g = hand?.game;
  const keys: string[] = [];
  const kittyUp = hand?.kitty !== null && hand?.kitty !== undefined;
  const kittyDown = (hand?.counts?.kitty ?? 0) > 0;
  if (kittyUp || kittyDown) keys.push('kitty');
  if (g?.lead !== null && g?.lead !== undefined) keys.push('lead');
  patchChildren(
    center,
    keys,
    (key) => {
      const box = el('section', `seat ${key}`);
      box.append(el('h3'), el('div', 'cards'));
      return box;
    },
    (box, key) => {
      const h3 = box.querySelector('h3')!;
      const cards = box.querySelector<HTMLElement>('.cards')!;
      let title: string;
      let sig: string;
      let draw: () => HTMLElement;
      if (key === 'kitty' && kittyUp) {
        const ids = hand?.kitty ?? [];
        const to =
          g?.landlord !== null && g?.landlord !== undefined ? displayName(tv, g.landlord) : '';
        title = to === '' ? t('deal.kitty') : tf('table.kittyTo', { name: to });
        sig = `up:${ids.join(',')}`;
        draw = () => faceUp(ids, t('deal.kitty'));
      } else if (key === 'kitty') {
        const n = hand?.counts?.kitty ?? 0;
        title = tf('deal.pile', { title: t('deal.kitty'), cards: tn('count.cards', n) });
        sig = `down:${n}`;
        draw = () => backs(n, tn('table.faceDownLine', n, { name: t('deal.kitty') }));
      } else {
        const lead = g!.lead!;
        const type = playTypeName(lead.type, lang());
        title = tf('table.leadLine', { name: displayName(tv, lead.seat), type });
        sig = `${lead.seat}:${lead.cards.join(',')}`;
        draw = () => faceUp(lead.cards, t('table.onTable'));
      }
      if (h3.textContent !== title) h3.textContent = title;
      whenChanged(cards, `${sig}:${lang()}`, () => cards.replaceChildren(draw()));
    },
  );
}

/**
 * Draws the felt of `tv` as seat `me` (-1: the host or a spectator) sees it, in place.
 *
 * @example
 * ```ts
 * renderBoard(view, 1);
 * ```
 */
export function renderBoard(tv: TableView | null, me: number): void {
  const board = byId('table-board');
  const hand = tv?.hand;
  if (tv === null || hand === null || hand === undefined || hand.counts === undefined) {
    patchChildren(board, [], () => el('div'));
    board.hidden = true;
    return;
  }
  board.hidden = false;
  board.dataset.seats = String(tv.seats);
  board.dataset.viewer = me < 0 ? 'all' : 'seat';
  const places = seatPositions(tv.seats, me);
  patchChildren(
    board,
    [...places.map((p) => `seat-${p.seat}`), 'center'],
    (key) => (key === 'center' ? el('div', 'center') : makeSeat()),
    (node, key) => {
      if (key === 'center') {
        updateCenter(node, tv);
        return;
      }
      const place = places.find((p) => `seat-${p.seat}` === key)!;
      updateSeat(node, tv, place.seat, place.pos);
    },
  );
}
