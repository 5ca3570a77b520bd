import assert from 'node:assert/strict';
import {
  type AnnouncementV3,
  checkAnnouncementV3,
  checkRosterV3,
  commitAsSeat,
  type RosterV3,
  revealAsSeat,
  type SeatCommitV3,
} from '../../src/fair/index.ts';
import { chacha20 } from '../../src/index.ts';
import type { TableStore } from '../../src/server/store/table-store.ts';
import type { TableDocument } from '../../src/server/tables/table-doc.ts';
import { cardIdsIn } from './card-scan.ts';
import { seatedTable } from './seated-table.ts';
import type { Json } from './test-table.ts';

/** An answer: status, body text and body JSON. */
export interface Reply {
  readonly status: number;
  readonly text: string;
  readonly json: Json;
}

/** `call(method, path, body?, headers?)` against an app in process or a server over HTTP. */
export type Caller = (
  method: string,
  path: string,
  body?: object,
  headers?: Record<string, string>,
) => Promise<Reply>;

/**
 * A {@link Caller} over anything that answers a path and a RequestInit with a Response: `fetch`
 * with a base URL, or an app's `request`.
 *
 * @example
 * ```ts
 * const call = callerOf((path, init) => app.request(path, init));
 * const call2 = callerOf((path, init) => fetch(`${server.url}${path}`, init));
 * ```
 * @throws never (the returned function throws what the transport throws).
 */
export function callerOf(send: (path: string, init: RequestInit) => Promise<Response>): Caller {
  return async (method, path, body, headers = {}) => {
    const res = await send(path, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    let json: Json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, text, json };
  };
}

/** A table opened by {@link playLiveHands}. */
export interface LiveTable {
  readonly id: string;
  readonly preset: string;
  /** Each seat's token, from its own claim (the host never holds one). */
  readonly seatTokens: readonly string[];
  readonly hostToken: string;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * Opens a Dou Dizhu table and a three-seat Hold'em table, both fair (fairdeal-v3: each seat
 * claims its seat with its invite and a key of its own, checks the announcement, commits its
 * signed commitment, checks the roster and reveals), and plays each into the middle of its hand:
 * Dou Dizhu bids, the landlord takes the kitty and leads, two seats pass; Hold'em draws (by a
 * seat, and by the host to a seat), a burn, a move to the board, a play and a discard. Every
 * action carries an Idempotency-Key (one is sent twice: the retry gets the first answer, byte for
 * byte), and every audience reads its events, so the store holds documents, per-seat events and
 * stored answers of live hands.
 *
 * @example
 * ```ts
 * const tables = await playLiveHands(callerOf((p, i) => app.request(p, i)));
 * ```
 * @throws an AssertionError when the service answers anything unexpected.
 */
export async function playLiveHands(call: Caller): Promise<LiveTable[]> {
  const rnd = chacha20('live hands');
  let key = 0;
  const open = async (body: Record<string, unknown>) => {
    const seated = await seatedTable(call, body, 'live');
    const table = {
      id: seated.id,
      seatTokens: seated.seatTokens,
      hostToken: seated.hostToken,
      view: seated.table as Json,
    };
    const act = async (token: string, action: object) => {
      const headers = { ...bearer(token), 'Idempotency-Key': `live-${key++}` };
      const path = `/v1/tables/${table.id}/actions`;
      const body = { ...action, version: table.view.version };
      const r = await call('POST', path, body, headers);
      assert.equal(r.status, 200, r.text);
      table.view = r.json.table;
      return { r, replay: () => call('POST', path, body, headers) };
    };
    // Fair: each seat checks the announcement, commits, checks the roster, reveals; the last
    // reveal deals.
    const ann = table.view.hand.announcement as AnnouncementV3;
    const mine: SeatCommitV3[] = [];
    for (const [k, token] of table.seatTokens.entries()) {
      await checkAnnouncementV3(ann, { seat: k, publicKey: seated.keys[k]!.publicKey });
      const c = await commitAsSeat(ann, k, `live seed ${k}`, seated.keys[k]!, rnd);
      mine.push(c);
      await act(token, { type: 'commit', commitment: c.commitment, signature: c.signature });
    }
    const roster = table.view.hand.roster as RosterV3;
    for (const [k, token] of table.seatTokens.entries()) {
      await checkRosterV3(roster, ann, mine[k]!);
      const r = await revealAsSeat(mine[k]!, roster, seated.keys[k]!);
      await act(token, { type: 'reveal', seed: r.seed, salt: r.salt, signature: r.signature });
    }
    assert.equal(table.view.hand.phase, 'playing');
    return { table, act };
  };

  const ddz = await open({ preset: 'doudizhu', players: ['ann', 'bo', 'cy'] });
  const seat = (n: number) => ddz.table.seatTokens[n]!;
  const bid = await ddz.act(seat(ddz.table.view.hand.game.turn), { type: 'bid', bid: 3 });
  const again = await bid.replay();
  assert.equal(again.status, 200);
  assert.equal(again.text, bid.r.text, 'a retry is answered from the stored answer');
  const landlord = ddz.table.view.hand.game.landlord as number;
  const own = await call('GET', `/v1/tables/${ddz.table.id}`, undefined, bearer(seat(landlord)));
  await ddz.act(seat(landlord), { type: 'play', cards: [own.json.table.hand.yourCards[0]] });
  await ddz.act(seat(ddz.table.view.hand.game.turn), { type: 'pass' });
  await ddz.act(seat(ddz.table.view.hand.game.turn), { type: 'pass' });

  const holdem = await open({ preset: 'holdem', options: { seats: 3 } });
  const h = holdem.table;
  const first = async (n: number) =>
    (await call('GET', `/v1/tables/${h.id}`, undefined, bearer(h.seatTokens[n]!))).json.table.hand
      .yourCards[0] as string;
  await holdem.act(h.seatTokens[0]!, { type: 'draw', count: 1 });
  await holdem.act(h.hostToken, { type: 'burn', count: 1 });
  await holdem.act(h.hostToken, { type: 'draw', count: 1, to: 1 });
  await holdem.act(h.seatTokens[2]!, {
    type: 'move',
    cards: [await first(2)],
    from: 'hand',
    to: 'board',
  });
  await holdem.act(h.seatTokens[1]!, { type: 'play', cards: [await first(1)] });
  await holdem.act(h.seatTokens[0]!, { type: 'discard', cards: [await first(0)] });

  const tables = [
    { ...ddz.table, preset: 'doudizhu' },
    { ...h, preset: 'holdem' },
  ];
  for (const t of tables) {
    for (const token of [...t.seatTokens, t.hostToken]) {
      const ev = await call('GET', `/v1/tables/${t.id}/events?after=0`, undefined, bearer(token));
      assert.equal(ev.status, 200, ev.text);
      assert.ok(ev.json.events.length >= 8, 'every change has an event for every audience');
    }
  }
  return tables.map(({ id, preset, seatTokens, hostToken }) => ({
    id,
    preset,
    seatTokens,
    hostToken,
  }));
}

/** What a thief must not find at one table, and where the same search does find it. */
export interface TableSecrets {
  /**
   * Every card in a seat's hand, the stock, the burns or a face-down kitty (from the stored
   * document, opened), less whatever the host is shown — the host sees what every seat sees,
   * e.g. the kitty once the landlord takes it.
   */
  readonly hidden: Set<string>;
  /** The cards the host is shown (public at this table). */
  readonly shown: Set<string>;
  /**
   * The document and every audience's events as the service reads them back (opened): every
   * hidden card is in it, so a search that finds none in a dump is shown able to find them.
   */
  readonly openedText: string;
}

/**
 * {@link TableSecrets} of each table, by table id, read through `opened` (the store as the
 * service opens it) and the host's view.
 *
 * @example
 * ```ts
 * const secrets = await liveSecrets(call, opened, tables);
 * ```
 * @throws an AssertionError when a table cannot be read.
 */
export async function liveSecrets(
  call: Caller,
  opened: TableStore<TableDocument>,
  tables: readonly LiveTable[],
): Promise<Map<string, TableSecrets>> {
  const out = new Map<string, TableSecrets>();
  for (const t of tables) {
    const row = await opened.readTable(t.id);
    assert.ok(row !== undefined);
    const doc = row.doc;
    const hand = doc.hand!;
    const secret: string[] = [];
    if (hand.piles !== null) {
      const p = hand.piles;
      // The streets held back (Hold'em) are as secret as the stock.
      const streets = (p.streets ?? []).flatMap((x) => [...x.burn, ...x.cards]);
      secret.push(...p.hands.flat(), ...p.stock, ...p.burns, ...p.kitty, ...streets);
    }
    if (hand.game !== null) {
      const g = hand.game;
      secret.push(...g.hands.flat().map((c) => c.id));
      if (!g.kittyShown) secret.push(...g.kitty.map((c) => c.id));
    }
    const host = await call('GET', `/v1/tables/${t.id}`, undefined, bearer(t.hostToken));
    assert.equal(host.status, 200, host.text);
    const shown = cardIdsIn(host.text);
    const hidden = new Set(secret.filter((c) => !shown.has(c)));
    assert.ok(hidden.size >= 40, `only ${hidden.size} hidden cards at ${t.preset}`);
    const texts = [JSON.stringify(doc)];
    for (const audience of [...t.seatTokens.map((_, i) => `seat:${i}`), 'host']) {
      texts.push(JSON.stringify((await opened.readEvents(t.id, audience, 0, 1000)).events));
    }
    out.set(t.id, { hidden, shown, openedText: texts.join('\n') });
  }
  return out;
}
