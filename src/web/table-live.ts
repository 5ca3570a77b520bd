// The live side of a sitting (docs/WEB.md, "Sit at a table"): views arrive from an answer, a
// read or the event stream (fairdeal/client's, which resumes by itself after a drop); each is
// drawn and then the seat's fair steps are taken by its tableSeat. Moves go out on the newest
// view's version; a refusal is shown next to the hand (#table-refusal, which the hand names with
// aria-describedby and which is an alert), worded from its code (error-words.ts).
import {
  SeatCheckError,
  type TableAction,
  TableClientError,
  type TableView,
} from '../client/index.ts';
import { DarkTable } from './dark-table.ts';
import { byId, showError, showMessage } from './dom.ts';
import type { RefusalContext } from './error-words.ts';
import { lang, t } from './i18n.ts';
import { api } from './table-api.ts';
import { render } from './table-render.ts';
import { backDue, type Sitting } from './table-sitting.ts';
import { tableStorage } from './table-storage.ts';

/** The sitting this tab shows (one at a time). */
export const here: { current: Sitting | null } = { current: null };

/** Where a refusal of `s`'s move is said: next to the hand for a seat, else the page's box. */
export function refusalBox(s: Sitting): HTMLElement {
  return byId(typeof s.role === 'number' ? 'table-refusal' : 'table-error');
}

/** Draws `s` with its hooks. */
export function draw(s: Sitting): void {
  render(s, { refresh: () => refresh(s) });
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
export function accept(s: Sitting, tv: TableView): void {
  s.lastHeard = Date.now();
  if (s.table !== null && tv.version < s.table.version) return;
  s.table = tv;
  // A seat's memory is kept by its client (tableSeat); the host's and a spectator's here.
  if (s.seat === null) remember(s, tv);
  else s.seat.accept(tv);
  if (tv.dark === true) {
    // A dark table: the seat's worker takes its protocol steps, and its opened cards are the
    // hand drawn (the service's view has none); each hand is checked there, not from a record.
    s.dark ??= darkDriver(s);
    s.table = s.dark.withCards(tv);
    s.dark.accept(tv);
    draw(s);
  } else {
    draw(s);
    s.verdicts.check(tv);
  }
  comeBack(s, tv);
  void step(s);
}

/**
 * The dark drivers of this tab, by table and role, with the sitting each now serves: a seat's
 * worker holds its secrets for the hand, so opening the lobby and coming back to the table in
 * this tab must find the same worker, not a new one that never knew them.
 */
const drivers = new Map<string, { driver: DarkTable; sitting: Sitting }>();

/** The dark driver of `s`: its messages go out as `s`'s moves; what it opens redraws `s`. */
function darkDriver(s: Sitting): DarkTable {
  const id = `${s.id}/${s.role}`;
  const kept = drivers.get(id);
  if (kept !== undefined) {
    kept.sitting = s;
    return kept.driver;
  }
  const key = typeof s.role === 'number' ? tableStorage.key(s.id, s.role) : null;
  const entry: { driver: DarkTable; sitting: Sitting } = {
    sitting: s,
    driver: new DarkTable(s.me, key, {
      act: (action) => act(entry.sitting, action),
      changed: () => {
        const now = entry.sitting;
        if (now.table !== null) now.table = entry.driver.withCards(now.table);
        if (here.current === now) draw(now);
      },
    }),
  };
  drivers.set(id, entry);
  return entry.driver;
}

/**
 * Back from away (docs/TABLES.md, "Clocks"): the first view after the page (re)connected says
 * whether this seat's clock ran out while it was gone; if so, `{type:'back'}` goes once, so the
 * service stops playing the seat by its clock. Its refusal (the hand moved on) is no news.
 */
function comeBack(s: Sitting, tv: TableView): void {
  const due = backDue(s.owesBack, s.me, tv);
  s.owesBack = false;
  if (!due) return;
  void api()
    .act(s.id, s.token, { type: 'back' }, { version: tv.version })
    .then((r) => accept(s, r.table))
    .catch(() => {});
}

/** Ends this tab's sitting with a message (a kicked seat, a revoked token, a closed room). */
function lose(s: Sitting): void {
  s.stopped = true;
  s.stream?.abort();
  s.dark?.close();
  drivers.delete(`${s.id}/${s.role}`);
  if (typeof s.role === 'number') {
    tableStorage.setToken(s.id, s.role, null);
    tableStorage.setKey(s.id, s.role, null);
  }
  if (s.role === 'watch') {
    tableStorage.setToken(s.id, 'watch', null);
    showMessage(byId('table-error'), () => t('table.watchClosed'), 'UNAUTHORIZED');
    return;
  }
  showMessage(byId('table-error'), () => t('table.kicked'), 'UNAUTHORIZED');
}

/** Whether a refusal ends the sitting: a seat's or a spectator's token that no longer works. */
function lost(s: Sitting, e: unknown): boolean {
  if (!(e instanceof TableClientError) || s.role === 'host') return false;
  return e.status === 401 || (s.role === 'watch' && e.status === 404);
}

/**
 * Reads the table again and draws it.
 *
 * @example
 * ```ts
 * await refresh(s);
 * ```
 */
export async function refresh(s: Sitting): Promise<void> {
  try {
    accept(s, await api().getTable(s.id, s.token));
  } catch (e) {
    if (lost(s, e)) {
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
function refusalContext(
  s: Sitting,
  action: TableAction,
  tried: readonly string[] | undefined,
): RefusalContext {
  const g = s.table?.hand?.game;
  const lead = g?.lead !== null && g?.lead !== undefined && g.lead.seat !== s.me ? g.lead : null;
  return {
    ...(action.type === 'play'
      ? { cards: action.cards }
      : tried === undefined
        ? {}
        : { cards: tried }),
    ...(lead === null ? {} : { lead: { cards: lead.cards, type: lead.type } }),
    ...(g === undefined ? {} : { highest: g.highestBid }),
  };
}

/**
 * Sends a move on the newest view's version; a lost answer is asked again by the client. A
 * refusal is shown next to the hand (a seat) or in the page's box (the host); `tried` names the
 * cards of a dark play (whose action carries positions) for its refusal's words.
 *
 * @example
 * ```ts
 * await act(s, { type: 'pass' });
 * ```
 */
export async function act(
  s: Sitting,
  action: TableAction,
  tried?: readonly string[],
): Promise<void> {
  const box = refusalBox(s);
  box.hidden = true;
  const version = s.table?.version ?? 0;
  const ctx = refusalContext(s, action, tried);
  try {
    const r = await api().act(s.id, s.token, action, { version });
    accept(s, r.table);
  } catch (e) {
    if (e instanceof TableClientError && e.code === 'STALE_VERSION') {
      await refresh(s);
      throw e;
    }
    showError(box, e, ctx);
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
 * event it delivered (and the page then owes a `back` if its seat went away meanwhile); it ends
 * when the token is revoked (the host kicked the seat).
 *
 * @example
 * ```ts
 * void listen(s);
 * ```
 */
export async function listen(s: Sitting): Promise<void> {
  if (here.current !== s || s.stopped) return;
  const stop = new AbortController();
  s.stream = stop;
  try {
    const events = api().events(s.id, s.token, {
      after: s.lastEventId,
      signal: stop.signal,
      onDrop: () => {
        s.owesBack = true;
      },
    });
    for await (const event of events) {
      s.lastEventId = event.id;
      accept(s, event.data.table);
    }
  } catch (e) {
    if (s.stopped || here.current !== s || stop.signal.aborted) return;
    if (lost(s, e)) {
      // The host kicked this seat (or its token was replaced, or the room closed): it ends.
      lose(s);
      return;
    }
    // Refused for now (not a drop, which the client resumes by itself): said, and tried again —
    // a seat whose stream never came back would wait for ever.
    showError(byId('table-error'), e);
    s.owesBack = true;
    setTimeout(() => void listen(s), 3000);
  }
}
