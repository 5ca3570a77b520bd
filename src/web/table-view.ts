// "Sit at a table" (docs/WEB.md): open a Dou Dizhu table at the service, hand out one link per
// seat, and play one seat. The seat's token arrives in the URL fragment (#table/<id>/<seat>/<token>)
// — a fragment never reaches a server or its logs — and is moved at once to sessionStorage and
// cleared from the address bar. The page makes this seat's seed in the browser (Web Crypto through
// the library's secure source), commits, checks the roster with the library and reveals: the
// service never proposes a seed (docs/FAIR.md). Every finished hand is verified here by verify().
import type { ClientCommit } from '../fair/index.ts';
import { checkRoster, commitClientSeed, verify } from '../fair/index.ts';
import type { Card } from '../index.ts';
import { parseCard, secureRandom } from '../index.ts';
import type { Play } from '../rules/doudizhu/index.ts';
import { cardsFor, classify, legalPlays } from '../rules/doudizhu/index.ts';
import { cardImage } from './card-image.ts';
import { byId, el, showError } from './dom.ts';
import { bytesToHex } from './hex.ts';
import { lang, onLanguageChange, t } from './i18n.ts';
import { apiRequest, TableApiError } from './table-api.ts';

interface RosterView {
  readonly commitment: string;
  readonly rosterHash: string;
  readonly roster: readonly { readonly player: string; readonly commitment: string }[];
}
interface PlayView {
  readonly seat: number;
  readonly type: string;
  readonly cards: readonly string[];
}
interface GameView {
  readonly phase: string;
  readonly turn: number;
  readonly bids: readonly { readonly seat: number; readonly bid: unknown }[];
  readonly highestBid: number;
  readonly landlord: number | null;
  readonly plays: readonly PlayView[];
  readonly lead: PlayView | null;
  readonly winner: number | null;
}
interface HandView {
  readonly n: number;
  readonly phase: 'committing' | 'revealing' | 'playing' | 'ended';
  readonly announcement: { readonly commitment: string };
  readonly roster: RosterView | null;
  readonly committed: readonly string[];
  readonly revealed: readonly string[];
  readonly yourCards?: readonly string[] | null;
  readonly counts?: { readonly hands: readonly number[]; readonly kitty: number };
  readonly kitty?: readonly string[] | null;
  readonly game?: GameView;
}
interface TableView {
  readonly id: string;
  readonly version: number;
  readonly seats: number;
  readonly players: readonly string[];
  readonly rules: Record<string, unknown>;
  readonly you: { readonly seat: number; readonly player: string } | 'host';
  readonly hand: HandView | null;
  readonly history: readonly { readonly n: number }[];
}

const TOKEN_KEY = (id: string, seat: number) => `fairdeal-seat:${id}/${seat}`;
const SECRET_KEY = (id: string, seat: number, n: number) => `fairdeal-secret:${id}/${seat}/${n}`;

function randomHex(bytes: number): string {
  const words = new Uint32Array(Math.ceil(bytes / 4));
  secureRandom.fillUint32(words);
  return bytesToHex(new Uint8Array(words.buffer)).slice(0, bytes * 2);
}

function store(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // storage disabled: the page keeps working until it is reloaded
  }
}
function load(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Face-down cards: backs, hidden from screen readers; the group carries the count. */
function backs(count: number, label: string): HTMLElement {
  const list = el('ul', 'hand backs');
  list.setAttribute('role', 'img');
  list.setAttribute('aria-label', label);
  for (let i = 0; i < count; i++) {
    const li = el('li');
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

/** The seat being played in this tab: state, the live stream, the automatic fair steps. */
class Seat {
  readonly id: string;
  readonly seat: number;
  readonly token: string;
  table: TableView | null = null;
  selected = new Set<string>();
  busy = false;
  lastEventId = 0;
  source: EventSource | null = null;
  verified = new Map<number, { ok: boolean; text: string }>();
  constructor(id: string, seat: number, token: string) {
    this.id = id;
    this.seat = seat;
    this.token = token;
  }
}

let current: Seat | null = null;

function player(tv: TableView, s: number): string {
  return tv.players[s] ?? `${t('deal.seat')} ${s + 1}`;
}

function status(seat: Seat): string {
  const tv = seat.table;
  const hand = tv?.hand;
  if (tv === null || hand === null || hand === undefined) return t('table.loading');
  const g = hand.game;
  if (hand.phase === 'committing')
    return `${t('table.committing')} (${hand.committed.length}/${tv.seats})`;
  if (hand.phase === 'revealing')
    return `${t('table.revealing')} (${hand.revealed.length}/${tv.seats})`;
  if (hand.phase === 'ended') {
    if (g?.winner !== null && g?.winner !== undefined)
      return `${t('table.ended')}: ${player(tv, g.winner)} ${t('table.wins')}`;
    return `${t('table.ended')} (${t('table.allPassed')})`;
  }
  if (g === undefined) return '';
  const whose =
    g.turn === seat.seat ? t('table.yourTurn') : `${t('table.turnOf')} ${player(tv, g.turn)}`;
  return `${g.phase === 'bidding' ? t('table.bidding') : t('table.playing')} — ${whose}`;
}

function render(seat: Seat): void {
  const tv = seat.table;
  byId('table-status').textContent = status(seat);
  const board = byId('table-board');
  board.replaceChildren();
  if (tv === null || tv.hand === null) return;
  const hand = tv.hand;
  const g = hand.game;
  const counts = hand.counts;
  // The other seats: face down, with their counts.
  for (let s = 0; s < tv.seats; s++) {
    if (s === seat.seat) continue;
    const box = el('section', 'seat other');
    box.dataset.seat = String(s);
    const n = counts?.hands[s] ?? 0;
    const marks = [
      g?.landlord === s ? ` · ${t('table.landlord')}` : '',
      g !== undefined && g.turn === s && hand.phase === 'playing' ? ` · ${t('table.toAct')}` : '',
    ].join('');
    const title = `${player(tv, s)} — ${n} ${t('deal.cards')}${marks}`;
    box.append(el('h3', '', title), backs(n, `${player(tv, s)}: ${n} ${t('table.faceDown')}`));
    const last = g?.plays.filter((p) => p.seat === s).at(-1);
    if (last !== undefined) box.append(playLine(last));
    board.append(box);
  }
  // The kitty: face down until the landlord takes it, then face up for all.
  if (hand.kitty !== null && hand.kitty !== undefined) {
    const box = el('section', 'seat kitty');
    box.append(
      el(
        'h3',
        '',
        `${t('deal.kitty')} → ${g?.landlord !== null && g?.landlord !== undefined ? player(tv, g.landlord) : ''}`,
      ),
    );
    box.append(faceUp(hand.kitty, t('deal.kitty')));
    board.append(box);
  } else if ((counts?.kitty ?? 0) > 0) {
    const box = el('section', 'seat kitty');
    box.append(el('h3', '', `${t('deal.kitty')} — ${counts?.kitty} ${t('deal.cards')}`));
    box.append(
      backs(counts?.kitty ?? 0, `${t('deal.kitty')}: ${counts?.kitty} ${t('table.faceDown')}`),
    );
    board.append(box);
  }
  // The lead on the table.
  if (g?.lead !== null && g?.lead !== undefined) {
    const box = el('section', 'seat lead');
    box.append(el('h3', '', `${t('table.onTable')}: ${player(tv, g.lead.seat)} (${g.lead.type})`));
    box.append(faceUp(g.lead.cards, t('table.onTable')));
    board.append(box);
  }
  renderMine(seat);
  renderControls(seat);
  renderBadge(seat);
}

function playLine(p: PlayView): HTMLElement {
  const line = el('div', 'last-play');
  if (p.type === 'pass' || p.cards.length === 0) line.textContent = t('table.passed');
  else line.append(faceUp(p.cards, t('table.lastPlay')));
  return line;
}

function myCards(seat: Seat): readonly string[] {
  return seat.table?.hand?.yourCards ?? [];
}

function renderMine(seat: Seat): void {
  const tv = seat.table!;
  const mine = myCards(seat);
  for (const id of [...seat.selected]) if (!mine.includes(id)) seat.selected.delete(id);
  const g = tv.hand?.game;
  const landlord = g?.landlord === seat.seat ? ` · ${t('table.landlord')}` : '';
  byId('table-mine-title').textContent =
    `${t('table.you')}: ${player(tv, seat.seat)} — ${mine.length} ${t('deal.cards')}${landlord}`;
  const list = byId('table-mine');
  list.replaceChildren();
  for (const id of mine) {
    const li = el('li');
    const button = el('button', 'card-button');
    button.type = 'button';
    button.dataset.card = id;
    button.setAttribute('aria-pressed', String(seat.selected.has(id)));
    button.append(cardImage(parseCard(id), lang()));
    li.append(button);
    list.append(li);
  }
}

function renderControls(seat: Seat): void {
  const hand = seat.table?.hand;
  const g = hand?.game;
  const myTurn = hand?.phase === 'playing' && g?.turn === seat.seat;
  byId('table-bids').hidden = !(myTurn && g?.phase === 'bidding');
  // Classic bidding (叫分) offers 1–3 above the highest bid; rob the landlord (抢地主) offers
  // `call` until someone has called, then `rob` (docs/DOUDIZHU.md).
  const rob = seat.table?.rules.robLandlord === true;
  const called = g?.bids.some((b) => b.bid === 'call') === true;
  for (const b of Array.from(
    byId('table-bids').querySelectorAll<HTMLButtonElement>('button[data-bid]'),
  )) {
    const value = b.dataset.bid ?? '';
    const points = /^\d$/.test(value);
    b.hidden = value !== 'pass' && (rob ? points : !points);
    b.disabled = points
      ? Number(value) <= (g?.highestBid ?? 0)
      : value === 'call'
        ? called
        : value === 'rob' && !called;
  }
  byId('table-plays').hidden = !(myTurn && g?.phase === 'playing');
  byId('table-next').hidden = hand?.phase !== 'ended';
  const mustLead = g?.lead === null || g?.lead?.seat === seat.seat;
  byId<HTMLButtonElement>('table-pass').disabled = mustLead;
}

function renderBadge(seat: Seat): void {
  const badge = byId('table-badge');
  const n = seat.table?.hand?.n;
  const v = n === undefined ? undefined : seat.verified.get(n);
  if (v === undefined) {
    badge.hidden = true;
    return;
  }
  badge.hidden = false;
  badge.className = `badge ${v.ok ? 'ok' : 'bad'}`;
  badge.textContent = `${v.ok ? '✓' : '✗'} ${t('table.hand')} ${n}: ${v.ok ? t('deal.verified') : t('deal.notVerified')} — ${v.text}`;
}

/** Receives a new view (from an answer, a GET or the stream), then takes the automatic steps. */
function accept(seat: Seat, tv: TableView): void {
  if (seat.table !== null && tv.version < seat.table.version) return;
  seat.table = tv;
  render(seat);
  void step(seat);
}

async function refresh(seat: Seat): Promise<void> {
  const r = await apiRequest('GET', `/v1/tables/${seat.id}`, seat.token);
  accept(seat, r.table as TableView);
}

async function act(seat: Seat, body: Record<string, unknown>): Promise<void> {
  const error = byId('table-error');
  error.hidden = true;
  const version = seat.table?.version ?? 0;
  try {
    const r = await apiRequest('POST', `/v1/tables/${seat.id}/actions`, seat.token, {
      ...body,
      version,
    });
    if (r.table !== undefined) accept(seat, r.table as TableView);
    else await refresh(seat);
  } catch (e) {
    if (e instanceof TableApiError && e.code === 'STALE_VERSION') {
      await refresh(seat);
      throw e;
    }
    showError(error, e);
    throw e;
  }
}

/** The fair steps, taken as soon as the phase allows: commit, check the roster, reveal; verify. */
async function step(seat: Seat): Promise<void> {
  const tv = seat.table;
  const hand = tv?.hand;
  if (tv === null || hand === null || hand === undefined || seat.busy) return;
  const me = player(tv, seat.seat);
  seat.busy = true;
  try {
    const key = SECRET_KEY(seat.id, seat.seat, hand.n);
    if (hand.phase === 'committing' && !hand.committed.includes(me)) {
      let saved = load(key);
      if (saved === null) {
        const mine = commitClientSeed(hand.announcement, me, randomHex(32));
        saved = JSON.stringify(mine);
        store(key, saved);
      }
      const mine = JSON.parse(saved) as ClientCommit;
      await act(seat, { type: 'commit', commitment: mine.commitment });
    } else if (hand.phase === 'revealing' && !hand.revealed.includes(me) && hand.roster !== null) {
      const saved = load(key);
      if (saved === null) return;
      const mine = JSON.parse(saved) as ClientCommit;
      // The library refuses a roster that is not the one our commitment went into.
      checkRoster(hand.roster, mine);
      await act(seat, { type: 'reveal', seed: mine.seed, salt: mine.salt });
    } else if (hand.phase === 'ended' && !seat.verified.has(hand.n)) {
      await verifyHand(seat, hand);
    }
  } catch (e) {
    if (!(e instanceof TableApiError)) showError(byId('table-error'), e);
  } finally {
    seat.busy = false;
    // A view that arrived while this step ran (a stale version, another seat's move) was not
    // acted on: take the next step from it now.
    if (seat.table !== tv) void step(seat);
  }
}

async function verifyHand(seat: Seat, hand: HandView): Promise<void> {
  const r = await apiRequest('GET', `/v1/tables/${seat.id}/hands/${hand.n}/transcript`, null);
  const expected: { commitment: string; rosterHash?: string } = {
    commitment: hand.announcement.commitment,
  };
  if (hand.roster !== null) expected.rosterHash = hand.roster.rosterHash;
  const result = verify(JSON.stringify(r.transcript), expected);
  seat.verified.set(hand.n, {
    ok: result.ok,
    text: result.ok
      ? `${result.verdict.version}, ${result.verdict.contributors} ${t('verify.contributors')}`
      : result.problems.map((p) => `${p.field}: ${p.message}`).join('; '),
  });
  store(SECRET_KEY(seat.id, seat.seat, hand.n), null);
  renderBadge(seat);
}

/** The live stream: a one-use ticket (got with the token in a header) opens each connection. */
async function listen(seat: Seat): Promise<void> {
  if (current !== seat) return;
  let ticket: string;
  try {
    const r = await apiRequest('POST', `/v1/tables/${seat.id}/tickets`, seat.token);
    ticket = String(r.ticket);
  } catch (e) {
    showError(byId('table-error'), e);
    return;
  }
  const url = `/v1/tables/${encodeURIComponent(seat.id)}/events?ticket=${encodeURIComponent(ticket)}&after=${seat.lastEventId}`;
  const source = new EventSource(url);
  seat.source = source;
  const onEvent = (event: MessageEvent<string>) => {
    const id = Number(event.lastEventId);
    if (Number.isInteger(id) && id > 0) seat.lastEventId = id;
    const data = JSON.parse(event.data) as { table?: TableView };
    if (data.table !== undefined) accept(seat, data.table);
  };
  source.addEventListener('state', onEvent);
  source.addEventListener('reset', onEvent);
  // A ticket opens one stream: on any error, close and reconnect with a fresh one.
  source.onerror = () => {
    source.close();
    if (seat.source === source) setTimeout(() => void listen(seat), 1500);
  };
}

function sit(id: string, seatNo: number, token: string): void {
  current?.source?.close();
  const seat = new Seat(id, seatNo, token);
  current = seat;
  byId('table-open').hidden = true;
  byId('table-seat').hidden = false;
  byId('table-error').hidden = true;
  void refresh(seat)
    .then(() => listen(seat))
    .catch((e: unknown) => showError(byId('table-error'), e));
}

/** Reads #table/<id>/<seat>[/<token>]; a token is moved to sessionStorage and cleared from the URL. */
function route(): void {
  const parts = location.hash.replace(/^#/, '').split('/');
  if (parts[0] !== 'table') return;
  const id = parts[1];
  const seatNo = Number(parts[2]);
  if (id === undefined || id === '' || !Number.isInteger(seatNo) || seatNo < 0) {
    current?.source?.close();
    current = null;
    byId('table-open').hidden = false;
    byId('table-seat').hidden = true;
    return;
  }
  const fromUrl = parts[3];
  if (fromUrl !== undefined && fromUrl !== '') {
    store(TOKEN_KEY(id, seatNo), fromUrl);
    history.replaceState(null, '', `#table/${id}/${seatNo}`);
  }
  const token = load(TOKEN_KEY(id, seatNo));
  if (token === null) {
    showError(byId('table-error'), new Error(t('table.noToken')));
    return;
  }
  if (current?.id === id && current.seat === seatNo) return;
  sit(id, seatNo, token);
}

function selectedCards(seat: Seat): string[] {
  return myCards(seat).filter((id) => seat.selected.has(id));
}

/** The library's first legal play for this hand against the lead (a hint; the server decides). */
function hint(seat: Seat): string[] {
  const g = seat.table?.hand?.game;
  const hand: Card[] = myCards(seat).map((c) => parseCard(c));
  let previous: Play | null = null;
  if (g?.lead !== null && g?.lead !== undefined && g.lead.seat !== seat.seat) {
    previous = classify(
      g.lead.cards.map((c) => parseCard(c)),
      seat.table?.rules,
    );
  }
  const plays = legalPlays(hand, previous, seat.table?.rules).filter((p) => p.type !== 'pass');
  const first = plays[0];
  return first === undefined ? [] : cardsFor(hand, first).map((c) => c.id);
}

function openTableForm(): void {
  byId<HTMLFormElement>('table-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const error = byId('table-error');
    error.hidden = true;
    const names = [0, 1, 2].map(
      (i) => byId<HTMLInputElement>(`table-player-${i}`).value.trim() || `seat-${i}`,
    );
    void apiRequest('POST', '/v1/tables', null, { preset: 'doudizhu', players: names })
      .then((r) => {
        const id = String(r.tableId);
        const tokens = r.seatTokens as string[];
        const list = byId('table-links');
        list.replaceChildren();
        tokens.forEach((token, i) => {
          const li = el('li');
          const a = el('a', 'seat-link', `${names[i]} (${t('deal.seat')} ${i + 1})`);
          // The token rides in the fragment: browsers never send it to a server.
          a.href = `${location.origin}/#table/${encodeURIComponent(id)}/${i}/${encodeURIComponent(token)}`;
          a.target = '_blank';
          a.rel = 'noopener noreferrer';
          li.append(a);
          list.append(li);
        });
        byId('table-links-box').hidden = false;
      })
      .catch((e: unknown) => showError(error, e));
  });
}

/** Wires the table view (docs/WEB.md, "Sit at a table"); routes #table/<id>/<seat>[/<token>]. */
export function setupTableView(): void {
  openTableForm();
  byId('table-mine').addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLElement>('button[data-card]');
    const seat = current;
    if (button === null || seat === null) return;
    const id = button.dataset.card ?? '';
    if (seat.selected.has(id)) seat.selected.delete(id);
    else seat.selected.add(id);
    button.setAttribute('aria-pressed', String(seat.selected.has(id)));
  });
  byId('table-bids').addEventListener('click', (event) => {
    const bid = (event.target as HTMLElement).closest<HTMLElement>('button[data-bid]')?.dataset.bid;
    if (bid === undefined || current === null) return;
    void act(current, { type: 'bid', bid: /^\d$/.test(bid) ? Number(bid) : bid }).catch(() => {});
  });
  byId('table-play').addEventListener('click', () => {
    const seat = current;
    if (seat === null) return;
    const cards = selectedCards(seat);
    if (cards.length === 0) {
      showError(byId('table-error'), new Error(t('table.selectFirst')));
      return;
    }
    void act(seat, { type: 'play', cards })
      .then(() => seat.selected.clear())
      .catch(() => {});
  });
  byId('table-pass').addEventListener('click', () => {
    if (current !== null) void act(current, { type: 'pass' }).catch(() => {});
  });
  byId('table-hint').addEventListener('click', () => {
    const seat = current;
    if (seat === null) return;
    seat.selected = new Set(hint(seat));
    renderMine(seat);
  });
  byId('table-next').addEventListener('click', () => {
    if (current !== null) void act(current, { type: 'next-hand' }).catch(() => {});
  });
  window.addEventListener('hashchange', route);
  onLanguageChange(() => {
    if (current !== null) render(current);
  });
  route();
}
