// The lobby (docs/WEB.md, "The lobby"): #play, the page's first tab. Create a room (a Dou Dizhu
// table opened with `room: true`: a short code and a link), play against two of the house's bots
// in one click, or join a room by its code or its #room=CODE link — choose a name, take a free
// seat or watch. Every request goes through fairdeal/client (table-api.ts). The code reaches the
// service only in a request's body (never in a URL: a fragment is never sent, and the page takes
// the code out of the address bar as soon as it has read it, as it does with tokens). A seat is
// claimed here as an invite's is (table-join.ts): its Ed25519 key made in this browser, the
// private half kept in localStorage, the seat token too; then the table page (#table/<id>/<seat>,
// or #table/<id>/watch for a spectator, whose read-only watch token is kept under role `watch`).
import {
  formatRoomCode,
  type OpenRoomAnswer,
  parseRoomCode,
  TableClientError,
  type TableView,
} from '../client/index.ts';
import { byId, el, showError, showMessage, withCode } from './dom.ts';
import { isKey, onLanguageChange, t, tf } from './i18n.ts';
import { claimByCode, createRoom } from './lobby-claim.ts';
import { codeFromHash } from './lobby-code.ts';
import { displayName } from './lobby-name.ts';
import { heldSeat, renderRoomSeats } from './lobby-seats.ts';
import { api } from './table-api.ts';
import { tableStorage } from './table-storage.ts';

/** The room shown in the room panel: its code (as the service reads it), table and watch token. */
interface Room {
  readonly code: string;
  readonly id: string;
  readonly watchToken: string;
  table: TableView;
}

let room: Room | null = null;
/** While the room panel is shown, its seats are read again every few seconds. */
let poll: ReturnType<typeof setInterval> | null = null;
let busy = false;

const NAME_KEY = 'fairdeal-name';

function keptName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

function keepName(name: string): void {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch {
    // Storage disabled: the name is typed again next time.
  }
}

const errorBox = () => byId('lobby-error');

/** The lobby's words for a refusal it expects (a taken seat here means "someone was faster"). */
function refuse(e: unknown): void {
  const code = e instanceof TableClientError ? e.code : '';
  const key = `lobby.error.${code}`;
  if (code !== '' && isKey(key)) showMessage(errorBox(), () => t(key), code);
  else showError(errorBox(), e);
}

/** "A room code is 8 letters and digits, like `ABCD-EFGH`", the example shown as code. */
function sayBadCode(): void {
  showMessage(
    errorBox(),
    () =>
      withCode(tf('error.line', { text: t('lobby.badCode') })).map((x) =>
        typeof x === 'string' ? document.createTextNode(x) : x,
      ),
    'BAD_ROOM_CODE',
  );
}

/** The typed name, checked; null (and said why) when it would be refused. */
function nameOrSay(fallback: boolean): string | null {
  const input = byId<HTMLInputElement>('lobby-name');
  const typed = input.value;
  if (typed.trim() === '' && fallback) return t('lobby.defaultName');
  const name = displayName(typed);
  if (name === null) {
    showMessage(errorBox(), () => t(typed.trim() === '' ? 'lobby.nameFirst' : 'lobby.badName'));
    input.setAttribute('aria-invalid', 'true');
    input.focus();
    return null;
  }
  input.removeAttribute('aria-invalid');
  keepName(name);
  return name;
}

function setBusy(on: boolean): void {
  busy = on;
  for (const b of Array.from(
    byId('view-play').querySelectorAll<HTMLButtonElement>('button:not(#lang)'),
  )) {
    if (b.id !== 'lobby-copy' && b.id !== 'lobby-leave') b.disabled = on;
  }
}

function toTable(id: string, seat: number | 'watch'): void {
  location.hash = `table/${encodeURIComponent(id)}/${seat}`;
}

function onBots(): void {
  if (busy) return;
  errorBox().hidden = true;
  const name = nameOrSay(true);
  if (name === null) return;
  setBusy(true);
  void createRoom({ preset: 'doudizhu', bots: [1, 2] }, name)
    .then(({ id }) => toTable(id, 0))
    .catch(refuse)
    .finally(() => setBusy(false));
}

/**
 * A dark room is Dou Dizhu for three without show hand (docs/TABLES.md, "Dark tables"): while
 * "Dark deal" is ticked the form offers nothing the service would refuse.
 */
function darkOptions(): void {
  const dark = byId<HTMLInputElement>('lobby-dark').checked;
  const preset = byId<HTMLSelectElement>('lobby-preset');
  const four = preset.querySelector<HTMLOptionElement>('option[value="doudizhu-4p"]');
  if (four !== null) four.disabled = dark;
  if (dark) preset.value = 'doudizhu';
  const showHand = byId<HTMLInputElement>('lobby-showhand');
  showHand.disabled = dark;
  if (dark) showHand.checked = false;
}

function onCreate(event: Event): void {
  event.preventDefault();
  if (busy) return;
  errorBox().hidden = true;
  const name = nameOrSay(true);
  if (name === null) return;
  const stakes = Number(byId<HTMLInputElement>('lobby-stakes').value);
  if (!Number.isInteger(stakes) || stakes < 1 || stakes > 1000) {
    showMessage(errorBox(), () => t('lobby.badStakes'));
    byId('lobby-stakes').focus();
    return;
  }
  const rules = {
    ...(byId<HTMLInputElement>('lobby-rob').checked ? { robLandlord: true } : {}),
    ...(byId<HTMLInputElement>('lobby-doubling').checked ? { doubling: true } : {}),
    ...(byId<HTMLInputElement>('lobby-showhand').checked ? { showHand: true } : {}),
  };
  const preset = byId<HTMLSelectElement>('lobby-preset').value;
  setBusy(true);
  void createRoom(
    {
      preset,
      stakes,
      turnSeconds: Number(byId<HTMLSelectElement>('lobby-clock').value),
      ...(Object.keys(rules).length > 0 ? { rules } : {}),
      ...(byId<HTMLInputElement>('lobby-dark').checked ? { dark: true } : {}),
    },
    name,
  )
    .then(async ({ id, code }) => {
      // The creator reads the room as anyone with the code does: the seats, the rules, its link.
      const opened = await api().openRoom(code);
      showRoom(code, opened);
      byId('lobby-to-table').focus();
      if (opened.tableId !== id) throw new Error('the room code opened another table');
    })
    .catch(refuse)
    .finally(() => setBusy(false));
}

/** Opens the room with code `code` (typed or from a link) and shows its panel. */
async function openRoom(code: string): Promise<void> {
  errorBox().hidden = true;
  setBusy(true);
  try {
    const opened = await api().openRoom(code);
    showRoom(code, opened);
    byId('lobby-room-title').focus();
  } catch (e) {
    refuse(e);
  } finally {
    setBusy(false);
  }
}

function onJoin(event: Event): void {
  event.preventDefault();
  if (busy) return;
  const input = byId<HTMLInputElement>('lobby-code');
  const code = parseRoomCode(input.value);
  if (code === null) {
    sayBadCode();
    input.setAttribute('aria-invalid', 'true');
    input.focus();
    return;
  }
  input.removeAttribute('aria-invalid');
  input.value = formatRoomCode(code);
  void openRoom(code);
}

function showRoom(code: string, opened: OpenRoomAnswer): void {
  room = { code, id: opened.tableId, watchToken: opened.watchToken, table: opened.table };
  byId('lobby-home').hidden = true;
  byId('lobby-room').hidden = false;
  byId('lobby-copied').textContent = '';
  const link = `${location.origin}/#room=${code}`;
  const a = byId<HTMLAnchorElement>('lobby-room-link');
  a.href = link;
  a.replaceChildren(el('code', '', link));
  byId('lobby-room-code').textContent = formatRoomCode(code);
  renderRoom();
  if (poll !== null) clearInterval(poll);
  poll = setInterval(() => void refresh(false), 4000);
}

/** Reads the room's seats again (its watch token reads the table as a spectator sees it). */
async function refresh(loud: boolean): Promise<void> {
  const r = room;
  if (r === null || document.hidden) return;
  try {
    const table = await api().getTable(r.id, r.watchToken);
    if (room !== r) return;
    r.table = table;
    renderRoom();
    if (loud) byId('lobby-room-status').textContent = t('lobby.refreshed');
  } catch (e) {
    if (room !== r) return;
    // A room closed meanwhile (emptied and purged): said once, and no more reading.
    if (e instanceof TableClientError && (e.status === 404 || e.status === 401)) stopPolling();
    if (loud || !(e instanceof TableClientError && e.code === 'NETWORK')) refuse(e);
  }
}

function stopPolling(): void {
  if (poll !== null) clearInterval(poll);
  poll = null;
}

function renderRoom(): void {
  if (room !== null) renderRoomSeats(room.table, busy);
}

function onTake(event: Event): void {
  const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-take]');
  const r = room;
  if (button === null || r === null || busy) return;
  const seat = Number(button.dataset.take);
  errorBox().hidden = true;
  const name = nameOrSay(false);
  if (name === null) return;
  setBusy(true);
  byId('lobby-room-status').textContent = tf('lobby.taking', { n: seat + 1 });
  void claimByCode(r.id, seat, r.code, name)
    .then(() => {
      stopPolling();
      toTable(r.id, seat);
    })
    .catch(async (e: unknown) => {
      byId('lobby-room-status').textContent = '';
      // Someone was faster: the seats as they are now, to choose another (read before the
      // refusal is said, so that what it says is already on the screen).
      if (e instanceof TableClientError && e.code === 'SEAT_TAKEN') await refresh(false);
      refuse(e);
      if (e instanceof TableClientError && (e.code === 'NAME_TAKEN' || e.code === 'BAD_REQUEST')) {
        byId('lobby-name').focus();
      }
    })
    .finally(() => {
      setBusy(false);
      renderRoom();
    });
}

function onWatch(): void {
  const r = room;
  if (r === null) return;
  tableStorage.setToken(r.id, 'watch', r.watchToken);
  stopPolling();
  toTable(r.id, 'watch');
}

function onCopy(): void {
  const link = byId<HTMLAnchorElement>('lobby-room-link').href;
  const said = byId('lobby-copied');
  void navigator.clipboard
    .writeText(link)
    .then(() => {
      said.textContent = t('lobby.copied');
    })
    .catch(() => {
      // No clipboard (permission refused, an old browser): the link is selected to copy by hand.
      const range = document.createRange();
      range.selectNodeContents(byId('lobby-room-link'));
      const sel = getSelection();
      sel?.removeAllRanges();
      sel?.addRange(range);
      said.textContent = t('lobby.copyByHand');
    });
}

function home(): void {
  room = null;
  stopPolling();
  byId('lobby-room').hidden = true;
  byId('lobby-home').hidden = false;
}

/** Routes #play and #room=CODE: a code in the address is read once and taken out of it. */
function route(): void {
  const hash = location.hash;
  if (!hash.startsWith('#room=')) return;
  const code = codeFromHash(hash);
  history.replaceState(null, '', '#play');
  if (code === null) {
    home();
    sayBadCode();
    return;
  }
  byId<HTMLInputElement>('lobby-code').value = formatRoomCode(code);
  void openRoom(code);
}

/**
 * Wires the lobby (once) and reads a room link the page was opened with.
 *
 * @example
 * ```ts
 * setupLobbyView(); // in main.ts, the first time #play is shown
 * ```
 */
export function setupLobbyView(): void {
  const name = byId<HTMLInputElement>('lobby-name');
  if (name.value === '') name.value = keptName();
  byId('lobby-bots').addEventListener('click', onBots);
  byId('lobby-create-form').addEventListener('submit', onCreate);
  byId('lobby-dark').addEventListener('change', darkOptions);
  byId('lobby-join-form').addEventListener('submit', onJoin);
  byId('lobby-seats').addEventListener('click', onTake);
  byId('lobby-watch').addEventListener('click', onWatch);
  byId('lobby-copy').addEventListener('click', onCopy);
  byId('lobby-refresh').addEventListener('click', () => void refresh(true));
  byId('lobby-leave').addEventListener('click', () => {
    errorBox().hidden = true;
    home();
    byId('lobby-code').focus();
  });
  byId('lobby-to-table').addEventListener('click', () => {
    const r = room;
    const seat = r === null ? null : heldSeat(r.table);
    if (r !== null && seat !== null) {
      stopPolling();
      toTable(r.id, seat);
    }
  });
  // Leaving the lobby's tab stops reading the room; coming back to #play reads it again.
  window.addEventListener('hashchange', () => {
    if (location.hash.startsWith('#room=')) route();
    else if (location.hash !== '#play' && location.hash !== '') stopPolling();
    else if (room !== null && poll === null) {
      poll = setInterval(() => void refresh(false), 4000);
      void refresh(false);
    }
  });
  onLanguageChange(renderRoom);
  route();
  // For tests and tools: the lobby's handlers are in place.
  byId('view-play').dataset.ready = 'true';
}
