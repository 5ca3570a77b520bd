// "Sit at a table" (docs/WEB.md): open a Dou Dizhu table at the service, hand out one invite per
// seat, and follow it as the host — or claim a seat with an invite and play it. The host holds its
// own token and the invites, never a seat's token. A seat is claimed in its player's browser
// (table-join.ts), which makes the seat's key there and takes the fairdeal-v3 steps by itself
// (fairdeal/client's tableSeat, its memory in localStorage); the waiting screen says who is
// awaited and lets anyone void a hand after its deadline (table-waiting.ts); every finished or
// void hand is verified here (table-verdicts.ts). Every request goes through fairdeal/client
// (table-api.ts), the live stream too. Routes: #table/<id>/join/<seat>/<invite>[/name], #table/<id>/<seat>,
// #table/<id>/host; a token that arrives in the fragment (#table/<id>/host/<token>, or a seat's
// #table/<id>/<seat>/<token>) is moved to localStorage and cleared from the address bar.

import {
  type GameView,
  type PlayView,
  SeatCheckError,
  type TableAction,
  TableClientError,
  type TableSeat,
  type TableView,
  tableSeat,
} from '../client/index.ts';
import type { Card } from '../index.ts';
import { parseCard } from '../index.ts';
import type { Play } from '../rules/doudizhu/index.ts';
import { cardsFor, classify, legalPlays } from '../rules/doudizhu/index.ts';
import { cardImage } from './card-image.ts';
import { byId, el, showError, showMessage } from './dom.ts';
import type { RefusalContext } from './error-words.ts';
import { lang, onLanguageChange, t, tf, tn } from './i18n.ts';
import { playTypeName } from './play-words.ts';
import { seatName } from './seat-name.ts';
import { api, serverNow } from './table-api.ts';
import { renderHostPanel } from './table-host.ts';
import { setupJoinForm, showJoin } from './table-join.ts';
import { renderScores } from './table-scores.ts';
import { type Role, seatMemory, tableStorage } from './table-storage.ts';
import { renderSummary } from './table-summary.ts';
import { HandVerdicts } from './table-verdicts.ts';
import { renderWaiting } from './table-waiting.ts';

/** Face-down cards: backs, hidden from screen readers; the group carries the count. */
function backs(count: number, label: string): HTMLElement {
  // One image, named by its count: not a list (a list with role="img" orphans its items).
  const list = el('div', 'hand backs');
  list.setAttribute('role', 'img');
  list.setAttribute('aria-label', label);
  for (let i = 0; i < count; i++) {
    const li = el('span');
    const img = el('img', 'card back');
    img.src = '/static/img/back.svg';
    img.alt = '';
    img.width = 60;
    img.height = 84;
    li.append(img);
    list.append(li);
  }
  return list;
}

function faceUp(ids: readonly string[], label: string): HTMLElement {
  const list = el('ul', 'hand');
  list.setAttribute('aria-label', label);
  for (const id of ids) {
    const li = el('li');
    li.append(cardImage(parseCard(id), lang()));
    list.append(li);
  }
  return list;
}

let dealerKey: Promise<string> | null = null;

/** The dealer key this page trusts: the service's published one, read once per page. */
function dealer(): Promise<string> {
  dealerKey ??= api()
    .dealerKey()
    .then((r) => r.dealer);
  dealerKey.catch(() => {
    dealerKey = null;
  });
  return dealerKey;
}

/** The table followed in this tab, as a seat or as the host: state, stream, steps, verdicts. */
class Sitting {
  readonly id: string;
  readonly role: Role;
  readonly token: string;
  readonly verdicts: HandVerdicts;
  table: TableView | null = null;
  selected = new Set<string>();
  busy = false;
  stopped = false;
  lastEventId = 0;
  /** When this tab last had a view of the table (an answer, a read, an event). */
  lastHeard = Date.now();
  /** Ends the live stream. */
  stream: AbortController | null = null;
  timer: ReturnType<typeof setInterval> | null = null;
  /** The seat's own client (its key, its fair steps); null for the host, or without the key. */
  readonly seat: TableSeat | null;
  constructor(id: string, role: Role, token: string) {
    this.id = id;
    this.role = role;
    this.token = token;
    const key = typeof role === 'number' ? tableStorage.key(id, role) : null;
    this.seat =
      typeof role === 'number' && key !== null
        ? tableSeat({
            client: api(),
            tableId: id,
            seat: role,
            token,
            key,
            memory: seatMemory(id, role),
          })
        : null;
    this.verdicts = new HandVerdicts(id, role, dealer, () => {
      if (current !== this) return;
      this.verdicts.render();
      summary(this);
    });
  }
  /** The seat number, or -1 for the host. */
  get me(): number {
    return this.role === 'host' ? -1 : this.role;
  }
}

let current: Sitting | null = null;

/** The hand-end summary of the current hand, from its verified record (table-summary.ts). */
function summary(s: Sitting): void {
  const n = s.table?.hand?.n;
  renderSummary(s.table, n === undefined ? undefined : s.verdicts.dealt(n));
}

function player(tv: TableView, s: number): string {
  return seatName(tv.players[s], s);
}

function status(s: Sitting): string {
  const tv = s.table;
  const hand = tv?.hand;
  if (tv === null || tv === undefined) return t('table.loading');
  if (hand === null || hand === undefined) return t('table.waitJoin');
  const n = tf('table.handN', { n: hand.n });
  const g = hand.game;
  const line = (what: string) => tf('table.statusLine', { hand: n, what });
  if (hand.phase === 'committing') return line(t('table.committing'));
  if (hand.phase === 'revealing') return line(t('table.revealing'));
  if (hand.phase === 'void') return line(t('table.voidHand'));
  if (hand.phase === 'ended') {
    if (g?.winner !== null && g?.winner !== undefined)
      return line(tf('table.wonBy', { name: player(tv, g.winner) }));
    return line(t('table.noBid'));
  }
  if (g === undefined) return '';
  const whose =
    g.turn === s.me ? t('table.yourTurn') : `${t('table.turnOf')} ${player(tv, g.turn)}`;
  const phase =
    g.phase === 'bidding'
      ? t('table.bidding')
      : g.phase === 'doubling'
        ? t('table.doublingPhase')
        : t('table.playing');
  return `${phase} — ${whose}`;
}

function render(s: Sitting): void {
  const tv = s.table;
  byId('table-status').textContent = status(s);
  byId('table-host').hidden = s.role !== 'host' || tv === null;
  byId('table-mine-box').hidden = s.role === 'host' || tv?.hand?.yourCards == null;
  if (tv !== null && s.role === 'host') {
    renderHostPanel(tv, s.token, { render: () => render(s), refresh: () => refresh(s) });
  }
  if (tv !== null) renderWaiting(tv, s.me, serverNow());
  renderScores(tv);
  s.verdicts.render();
  summary(s);
  const board = byId('table-board');
  board.replaceChildren();
  renderControls(s);
  if (tv === null || tv.hand === null || tv.hand.counts === undefined) return;
  const hand = tv.hand;
  const g = hand.game;
  const counts = hand.counts;
  // The other seats (every seat, for the host): face down, with their counts.
  for (let k = 0; k < tv.seats; k++) {
    if (k === s.me) continue;
    const box = el('section', 'seat other');
    box.dataset.seat = String(k);
    const n = counts?.hands[k] ?? 0;
    const marks = [
      g?.landlord === k ? ` · ${t('table.landlord')}` : '',
      ...doublingMarks(g, k),
      g !== undefined && g.turn === k && hand.phase === 'playing' ? ` · ${t('table.toAct')}` : '',
    ].join('');
    const title = `${tf('table.seatLine', { name: player(tv, k), cards: tn('count.cards', n) })}${marks}`;
    // Once the landlord showed its hand (明牌), every viewer sees the cards it still holds.
    const shown = g?.landlord === k ? g.shownHand : null;
    box.append(
      el('h3', '', title),
      shown === null || shown === undefined
        ? backs(n, tn('table.faceDownLine', n, { name: player(tv, k) }))
        : faceUp(shown, tf('table.shownHand', { name: player(tv, k) })),
    );
    if (shown !== null && shown !== undefined) box.classList.add('shown');
    const last = g?.plays.filter((p) => p.seat === k).at(-1);
    if (last !== undefined) box.append(playLine(last));
    board.append(box);
  }
  // The kitty: face down until the landlord takes it, then face up for all.
  if (hand.kitty !== null && hand.kitty !== undefined) {
    const box = el('section', 'seat kitty');
    const to = g?.landlord !== null && g?.landlord !== undefined ? player(tv, g.landlord) : '';
    box.append(el('h3', '', to === '' ? t('deal.kitty') : tf('table.kittyTo', { name: to })));
    box.append(faceUp(hand.kitty, t('deal.kitty')));
    board.append(box);
  } else if ((counts?.kitty ?? 0) > 0) {
    const box = el('section', 'seat kitty');
    const kitty = counts?.kitty ?? 0;
    box.append(
      el('h3', '', tf('deal.pile', { title: t('deal.kitty'), cards: tn('count.cards', kitty) })),
    );
    box.append(backs(kitty, tn('table.faceDownLine', kitty, { name: t('deal.kitty') })));
    board.append(box);
  }
  // The lead on the table.
  if (g?.lead !== null && g?.lead !== undefined) {
    const box = el('section', 'seat lead');
    const type = playTypeName(g.lead.type, lang());
    box.append(el('h3', '', tf('table.leadLine', { name: player(tv, g.lead.seat), type })));
    box.append(faceUp(g.lead.cards, t('table.onTable')));
    board.append(box);
  }
  if (s.role !== 'host') renderMine(s);
}

/** Who doubled (加倍) or declined, and a shown hand (明牌), as marks after a seat's name. */
function doublingMarks(g: GameView | undefined, k: number): string[] {
  if (g === undefined) return [];
  const out: string[] = [];
  // `doubled` is all false until a seat chooses: a seat that chose is no longer in `toDouble`.
  const chose = g.phase !== 'bidding' && g.landlord !== null && !(g.toDouble ?? []).includes(k);
  if (g.doubled?.[k] === true) out.push(` · ${t('table.doubledMark')}`);
  else if (chose && (g.toDouble?.length ?? 0) > 0) out.push(` · ${t('table.notDoubledMark')}`);
  if (g.shown === true && g.landlord === k) out.push(` · ${t('table.shownMark')}`);
  return out;
}

function playLine(p: PlayView): HTMLElement {
  const line = el('div', 'last-play');
  if (p.type === 'pass' || p.cards.length === 0) line.textContent = t('table.passed');
  else line.append(faceUp(p.cards, t('table.lastPlay')));
  return line;
}

function myCards(s: Sitting): readonly string[] {
  return s.table?.hand?.yourCards ?? [];
}

function renderMine(s: Sitting): void {
  const tv = s.table!;
  const mine = myCards(s);
  for (const id of [...s.selected]) if (!mine.includes(id)) s.selected.delete(id);
  const g = tv.hand?.game;
  const landlord = [
    g?.landlord === s.me ? ` · ${t('table.landlord')}` : '',
    ...doublingMarks(g, s.me),
  ].join('');
  byId('table-mine-title').textContent =
    `${tf('table.mineTitle', { name: player(tv, s.me), cards: tn('count.cards', mine.length) })}${landlord}`;
  const list = byId('table-mine');
  list.replaceChildren();
  for (const id of mine) {
    const li = el('li');
    const button = el('button', 'card-button');
    button.type = 'button';
    button.dataset.card = id;
    button.setAttribute('aria-pressed', String(s.selected.has(id)));
    button.append(cardImage(parseCard(id), lang()));
    li.append(button);
    list.append(li);
  }
}

function renderControls(s: Sitting): void {
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
      b.textContent = t(b.dataset.i18n as 'table.bidPass');
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
  byId('table-next').hidden = hand?.phase !== 'ended';
  const mustLead = g?.lead === null || g?.lead?.seat === s.me;
  byId<HTMLButtonElement>('table-pass').disabled = mustLead;
}

/** Keeps what this browser saw published for each hand, to hold its record to (table-verdicts). */
function remember(s: Sitting, tv: TableView): void {
  const hand = tv.hand;
  if (hand === null) return;
  const kept = tableStorage.kept(s.id, s.role, hand.n);
  if (kept === null) {
    tableStorage.setKept(s.id, s.role, hand.n, {
      commitment: hand.announcement.commitment,
      ...(hand.roster === null ? {} : { rosterHash: hand.roster.hash }),
      receipts: [],
    });
  } else if (kept.rosterHash === undefined && hand.roster !== null) {
    tableStorage.setKept(s.id, s.role, hand.n, { ...kept, rosterHash: hand.roster.hash });
  }
}

/** Receives a new view (from an answer, a GET or the stream), then takes the automatic steps. */
function accept(s: Sitting, tv: TableView): void {
  s.lastHeard = Date.now();
  if (s.table !== null && tv.version < s.table.version) return;
  s.table = tv;
  // A seat's memory is kept by its client (tableSeat); the host's here.
  if (s.seat === null) remember(s, tv);
  else s.seat.accept(tv);
  render(s);
  s.verdicts.check(tv);
  void step(s);
}

/** Ends this tab's sitting with a message (a kicked seat, a revoked token). */
function lose(s: Sitting): void {
  s.stopped = true;
  s.stream?.abort();
  if (typeof s.role === 'number') {
    tableStorage.setToken(s.id, s.role, null);
    tableStorage.setKey(s.id, s.role, null);
  }
  showMessage(byId('table-error'), () => t('table.kicked'), 'UNAUTHORIZED');
}

async function refresh(s: Sitting): Promise<void> {
  try {
    accept(s, await api().getTable(s.id, s.token));
  } catch (e) {
    if (e instanceof TableClientError && e.status === 401 && s.role !== 'host') {
      lose(s);
      return;
    }
    throw e;
  }
}

/**
 * What the page knows of a move, to word its refusal: the cards tried, the play they had to beat
 * and the highest bid (error-words.ts names the cards as the page labels them).
 */
function refusalContext(s: Sitting, action: TableAction): RefusalContext {
  const g = s.table?.hand?.game;
  const lead = g?.lead !== null && g?.lead !== undefined && g.lead.seat !== s.me ? g.lead : null;
  return {
    ...(action.type === 'play' ? { cards: action.cards } : {}),
    ...(lead === null ? {} : { lead: { cards: lead.cards, type: lead.type } }),
    ...(g === undefined ? {} : { highest: g.highestBid }),
  };
}

/** Sends a move on the newest view's version; a lost answer is asked again by the client. */
async function act(s: Sitting, action: TableAction): Promise<void> {
  const error = byId('table-error');
  error.hidden = true;
  const version = s.table?.version ?? 0;
  const ctx = refusalContext(s, action);
  try {
    const r = await api().act(s.id, s.token, action, { version });
    accept(s, r.table);
  } catch (e) {
    if (e instanceof TableClientError && e.code === 'STALE_VERSION') {
      await refresh(s);
      throw e;
    }
    showError(error, e, ctx);
    throw e;
  }
}

/**
 * What a seat says when its dealer failed a check, in the page's words; in English the client's
 * own reason follows (a sentence the page has no Chinese for: the Chinese page says what failed
 * and that the seat stops, which is what a player can act on).
 */
function refusal(e: SeatCheckError): string {
  const words =
    e.check === 'announcement'
      ? t('table.badAnnouncement')
      : e.check === 'roster'
        ? t('table.badRoster')
        : t(/reveal/.test(e.reason) ? 'table.badReceipt.reveal' : 'table.badReceipt.commit');
  return lang() === 'en' ? `${words} ${e.reason}` : words;
}

/** Whether this seat owes a fair step in `tv` (to say it cannot take it without its key). */
function owesStep(tv: TableView, seat: number): boolean {
  const hand = tv.hand;
  if (hand === null || tv.mode !== 'fair') return false;
  if (hand.phase === 'committing') return hand.commits[seat] === null;
  return hand.phase === 'revealing' && hand.reveals[seat] === null;
}

/** The seat's fair steps, taken by its client as soon as the phase allows; one at a time. */
async function step(s: Sitting): Promise<void> {
  const tv = s.table;
  if (tv === null || s.busy || s.stopped || typeof s.role !== 'number') return;
  if (s.seat === null) {
    if (owesStep(tv, s.role)) showMessage(byId('table-error'), () => t('table.noKey'));
    return;
  }
  const seat = s.seat;
  const hand = tv.hand;
  if (hand !== null && hand.phase === 'revealing' && owesStep(tv, s.role)) {
    const mine = tableStorage.secret(s.id, s.role, hand.n);
    if (mine === null || mine.serverCommitment !== hand.announcement.commitment) {
      showMessage(byId('table-error'), () => t('table.lostSeed'));
      return;
    }
  }
  s.busy = true;
  try {
    await seat.step();
    // The step's answers went to the seat's client: show the newest.
    if (seat.table !== null && s.table !== null && seat.table.version > s.table.version) {
      accept(s, seat.table);
    }
  } catch (e) {
    if (e instanceof SeatCheckError) showMessage(byId('table-error'), () => refusal(e));
    else showError(byId('table-error'), e);
  } finally {
    s.busy = false;
    // A view that arrived while this step ran (a stale version, another seat's move) was not
    // acted on: take the next step from it now.
    if (s.table !== tv) void step(s);
  }
}

/**
 * The live stream: fairdeal/client's, a fetch with the token in its Authorization header (no
 * ticket, nothing secret in a URL). It reconnects by itself after a drop, resuming after the last
 * event it delivered; it ends when the seat's token is revoked (the host kicked it).
 */
async function listen(s: Sitting): Promise<void> {
  if (current !== s || s.stopped) return;
  const stop = new AbortController();
  s.stream = stop;
  try {
    const events = api().events(s.id, s.token, { after: s.lastEventId, signal: stop.signal });
    for await (const event of events) {
      s.lastEventId = event.id;
      accept(s, event.data.table);
    }
  } catch (e) {
    if (s.stopped || current !== s || stop.signal.aborted) return;
    if (e instanceof TableClientError && e.status === 401 && s.role !== 'host') {
      // The host kicked this seat (or its token was replaced): the stream ends, and so does the seat.
      lose(s);
      return;
    }
    // Refused for now (not a drop, which the client resumes by itself): said, and tried again —
    // a seat whose stream never came back would wait for ever.
    showError(byId('table-error'), e);
    setTimeout(() => void listen(s), 3000);
  }
}

function leave(): void {
  if (current === null) return;
  current.stopped = true;
  current.stream?.abort();
  if (current.timer !== null) clearInterval(current.timer);
  current = null;
}

function showOnly(part: 'open' | 'join' | 'seat'): void {
  byId('table-open').hidden = part !== 'open';
  byId('table-join').hidden = part !== 'join';
  byId('table-seat').hidden = part !== 'seat';
}

function sit(id: string, role: Role, token: string): void {
  leave();
  const s = new Sitting(id, role, token);
  current = s;
  showOnly('seat');
  byId('table-error').hidden = true;
  // The countdown of the waiting screen, on the service's clock.
  s.timer = setInterval(() => {
    if (s.table === null || current !== s) return;
    renderWaiting(s.table, s.me, serverNow());
    // While the hand waits for seeds, a tab that has heard nothing for 5 s reads the table once:
    // a change whose event was lost (a stream dropped and resumed at the wrong moment) must not
    // leave a seat waiting on a step it could take.
    const phase = s.table.hand?.phase;
    if ((phase === 'committing' || phase === 'revealing') && Date.now() - s.lastHeard > 5000) {
      s.lastHeard = Date.now();
      void refresh(s).catch(() => {});
    }
  }, 1000);
  render(s);
  void refresh(s)
    .then(() => listen(s))
    .catch((e: unknown) => showError(byId('table-error'), e));
}

/** Routes #table/…; see the file's head. */
function route(): void {
  const parts = location.hash.replace(/^#/, '').split('/').map(decodeURIComponent);
  if (parts[0] !== 'table') return;
  const id = parts[1];
  if (id === undefined || id === '') {
    leave();
    showOnly('open');
    return;
  }
  byId('table-error').hidden = true;
  if (parts[2] === 'join') {
    const seat = Number(parts[3]);
    const invite = parts[4] ?? '';
    if (!Number.isInteger(seat) || seat < 0 || invite === '') return;
    leave();
    showOnly('join');
    showJoin(id, seat, invite, parts[5] === 'name', route);
    return;
  }
  const role: Role | null =
    parts[2] === 'host' ? 'host' : /^\d+$/.test(parts[2] ?? '') ? Number(parts[2]) : null;
  if (role === null) return;
  const fromUrl = parts[3];
  if (fromUrl !== undefined && fromUrl !== '') {
    tableStorage.setToken(id, role, fromUrl);
    history.replaceState(null, '', `#table/${encodeURIComponent(id)}/${role}`);
  }
  const token = tableStorage.token(id, role);
  if (token === null) {
    leave();
    showOnly('seat');
    showMessage(byId('table-error'), () =>
      t(role === 'host' ? 'table.noHostToken' : 'table.noToken'),
    );
    return;
  }
  if (current?.id === id && current.role === role) return;
  sit(id, role, token);
}

function selectedCards(s: Sitting): string[] {
  return myCards(s).filter((id) => s.selected.has(id));
}

/** The library's first legal play for this hand against the lead (a hint; the server decides). */
function hint(s: Sitting): string[] {
  const g = s.table?.hand?.game;
  const hand: Card[] = myCards(s).map((c) => parseCard(c));
  let previous: Play | null = null;
  if (g?.lead !== null && g?.lead !== undefined && g.lead.seat !== s.me) {
    previous = classify(
      g.lead.cards.map((c) => parseCard(c)),
      s.table?.rules,
    );
  }
  const plays = legalPlays(hand, previous, s.table?.rules).filter((p) => p.type !== 'pass');
  const first = plays[0];
  return first === undefined ? [] : cardsFor(hand, first).map((c) => c.id);
}

function openTableForm(): void {
  byId<HTMLFormElement>('table-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const error = byId('table-error');
    error.hidden = true;
    const typed = [0, 1, 2].map((i) => byId<HTMLInputElement>(`table-player-${i}`).value.trim());
    // No name at all: each player chooses theirs when claiming the seat.
    const namesOpen = typed.every((n) => n === '');
    const players = typed.map((n, i) => n || `seat-${i}`);
    const timeout = Number(byId<HTMLInputElement>('table-timeout').value);
    const rules = {
      ...(byId<HTMLInputElement>('table-rob').checked ? { robLandlord: true } : {}),
      ...(byId<HTMLInputElement>('table-doubling').checked ? { doubling: true } : {}),
      ...(byId<HTMLInputElement>('table-showhand').checked ? { showHand: true } : {}),
    };
    void api()
      .createTable({
        preset: 'doudizhu',
        ...(namesOpen ? {} : { players }),
        ...(Number.isInteger(timeout) && timeout > 0 ? { revealTimeoutSeconds: timeout } : {}),
        ...(Object.keys(rules).length > 0 ? { rules } : {}),
      })
      .then((r) => {
        const id = r.tableId;
        tableStorage.setToken(id, 'host', r.hostToken);
        const invites: Record<string, string> = {};
        for (const i of r.invites) invites[String(i.seat)] = i.invite;
        tableStorage.setInvites(id, { namesOpen, invites });
        location.hash = `table/${encodeURIComponent(id)}/host`;
      })
      .catch((e: unknown) => showError(error, e));
  });
}

/** Wires the table view (docs/WEB.md, "Sit at a table") and routes the address. */
export function setupTableView(): void {
  openTableForm();
  setupJoinForm(route);
  byId('table-mine').addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLElement>('button[data-card]');
    const s = current;
    if (button === null || s === null) return;
    const id = button.dataset.card ?? '';
    if (s.selected.has(id)) s.selected.delete(id);
    else s.selected.add(id);
    button.setAttribute('aria-pressed', String(s.selected.has(id)));
  });
  byId('table-bids').addEventListener('click', (event) => {
    const bid = (event.target as HTMLElement).closest<HTMLElement>('button[data-bid]')?.dataset.bid;
    if (bid === undefined || current === null) return;
    const value = (/^\d$/.test(bid) ? Number(bid) : bid) as Extract<
      TableAction,
      { type: 'bid' }
    >['bid'];
    void act(current, { type: 'bid', bid: value }).catch(() => {});
  });
  byId('table-doubles').addEventListener('click', (event) => {
    const choice = (event.target as HTMLElement).closest<HTMLElement>('button[data-double]')
      ?.dataset.double;
    if ((choice !== 'double' && choice !== 'no-double') || current === null) return;
    void act(current, { type: 'double', choice }).catch(() => {});
  });
  byId('table-show-hand').addEventListener('click', () => {
    if (current !== null) void act(current, { type: 'show-hand' }).catch(() => {});
  });
  byId('table-play').addEventListener('click', () => {
    const s = current;
    if (s === null) return;
    const cards = selectedCards(s);
    if (cards.length === 0) {
      showMessage(byId('table-error'), () => t('table.selectFirst'));
      return;
    }
    void act(s, { type: 'play', cards })
      .then(() => s.selected.clear())
      .catch(() => {});
  });
  byId('table-pass').addEventListener('click', () => {
    if (current !== null) void act(current, { type: 'pass' }).catch(() => {});
  });
  byId('table-hint').addEventListener('click', () => {
    const s = current;
    if (s === null) return;
    s.selected = new Set(hint(s));
    renderMine(s);
  });
  byId('table-next').addEventListener('click', () => {
    if (current !== null) void act(current, { type: 'next-hand' }).catch(() => {});
  });
  byId('table-void').addEventListener('click', () => {
    const s = current;
    if (s === null) return;
    // The service's own sweep may have voided the hand a moment before: then the refusal (a stale
    // version, or no hand to void) is no news, and the fresh view shows the void.
    void act(s, { type: 'void' }).catch(async (e: unknown) => {
      if (
        e instanceof TableClientError &&
        (e.code === 'STALE_VERSION' || e.code === 'WRONG_PHASE')
      ) {
        byId('table-error').hidden = true;
        await refresh(s);
      }
    });
  });
  window.addEventListener('hashchange', route);
  onLanguageChange(() => {
    if (current !== null) render(current);
  });
  route();
}
