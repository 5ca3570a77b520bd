// "Sit at a table" (docs/WEB.md): open a Dou Dizhu table at the service, hand out one invite per
// seat, and follow it as the host — or claim a seat with an invite and play it — or watch a room
// as a spectator. The host holds its own token and the invites, never a seat's token; a
// spectator holds the room's watch token, which reads the public view and can do nothing else.
// A seat is claimed in its player's browser (table-join.ts), which makes the seat's key there and
// takes the fairdeal-v3 steps by itself (table-live.ts). The page is one screen (table-render.ts).
// Routes: #table/<id>/join/<seat>/<invite>[/name], #table/<id>/<seat>, #table/<id>/host,
// #table/<id>/watch; a token that arrives in the fragment (#table/<id>/host/<token>, a seat's
// #table/<id>/<seat>/<token>, #table/<id>/watch/<token>) is moved to localStorage and cleared
// from the address bar.
import { byId, el, fillNodes, showError, showMessage } from './dom.ts';
import { onLanguageChange, t } from './i18n.ts';
import { setupActions } from './table-actions.ts';
import { serverNow } from './table-api.ts';
import { renderClocks } from './table-clock.ts';
import { setupHand } from './table-hand.ts';
import { setupJoinForm, showJoin } from './table-join.ts';
import { draw, here, listen, refresh } from './table-live.ts';
import { setupOpenForm } from './table-open-form.ts';
import { summary } from './table-render.ts';
import { Sitting } from './table-sitting.ts';
import { type Role, tableStorage } from './table-storage.ts';
import { renderWaiting } from './table-waiting.ts';

function leave(): void {
  const s = here.current;
  if (s === null) return;
  s.stopped = true;
  s.stream?.abort();
  if (s.timer !== null) clearInterval(s.timer);
  here.current = null;
}

function showOnly(part: 'open' | 'join' | 'seat'): void {
  byId('table-open').hidden = part !== 'open';
  byId('table-join').hidden = part !== 'join';
  byId('table-seat').hidden = part !== 'seat';
}

/** Every second: the clocks, the waiting screen's countdown, and a read when events went quiet. */
function tick(s: Sitting): void {
  if (s.table === null || here.current !== s) return;
  renderWaiting(s.table, s.me, serverNow(), s.role !== 'watch');
  renderClocks(byId('table-seat'), s.table, serverNow());
  // While the hand waits for seeds (or a dark hand's messages), a tab that has heard nothing for 5 s reads the table once:
  // a change whose event was lost (a stream dropped and resumed at the wrong moment) must not
  // leave a seat waiting on a step it could take.
  const phase = s.table.hand?.phase;
  if (
    (phase === 'committing' || phase === 'revealing' || phase === 'dark') &&
    Date.now() - s.lastHeard > 5000
  ) {
    s.lastHeard = Date.now();
    void refresh(s).catch(() => {});
  }
}

function sit(id: string, role: Role, token: string): void {
  leave();
  const s: Sitting = new Sitting(id, role, token, () => {
    if (here.current !== s) return;
    s.verdicts.render();
    summary(s);
  });
  here.current = s;
  showOnly('seat');
  byId('table-error').hidden = true;
  byId('table-refusal').hidden = true;
  s.timer = setInterval(() => tick(s), 500);
  draw(s);
  void refresh(s)
    .then(() => listen(s))
    .catch((e: unknown) => showError(byId('table-error'), e));
}

/** The role a route's third part names: a seat number, `host` or `watch`. */
function roleOf(part: string | undefined): Role | null {
  if (part === 'host' || part === 'watch') return part;
  return /^\d+$/.test(part ?? '') ? Number(part) : null;
}

const NO_TOKEN = { host: 'table.noHostToken', watch: 'table.noWatchToken' } as const;

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
  const role = roleOf(parts[2]);
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
      t(typeof role === 'number' ? 'table.noToken' : NO_TOKEN[role]),
    );
    return;
  }
  if (here.current?.id === id && here.current.role === role) return;
  sit(id, role, token);
}

/** The keys line under the hand: each key in a <kbd>, the words in the page's language. */
function keysHelp(): void {
  const kbd = (text: string) => el('kbd', '', text);
  const both = (a: HTMLElement, b: HTMLElement) => {
    const span = el('span');
    span.append(a, ' / ', b);
    return span;
  };
  byId('table-keys').replaceChildren(
    ...fillNodes(t('table.keys'), {
      arrows: kbd('← →'),
      select: both(kbd('Enter'), kbd('Space')),
      play: kbd('P'),
      pass: kbd('S'),
      hint: kbd('H'),
    }),
  );
}

/** Wires the table view (docs/WEB.md, "Sit at a table") and routes the address. */
export function setupTableView(): void {
  setupOpenForm();
  setupJoinForm(route);
  setupHand(() => here.current);
  setupActions();
  keysHelp();
  window.addEventListener('hashchange', route);
  onLanguageChange(() => {
    keysHelp();
    if (here.current !== null) draw(here.current);
  });
  route();
}
