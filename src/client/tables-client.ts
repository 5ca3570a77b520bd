import { createSeatKey, type SeatKeyPair } from '../fair/index.ts';
import type { DarkDriver } from './dark-driver.ts';
import { newIdempotencyKey } from './idempotency-key.ts';
import { parseRoomCode } from './room-code.ts';
import {
  openTableEvents,
  type TableEventStream,
  type TableEventsOptions,
} from './table-event-stream.ts';
import { createTransport, type TransportOptions } from './transport.ts';
import type {
  ActionAnswer,
  AddBotAnswer,
  ChainAnswer,
  ClaimSeatAnswer,
  CommitmentAnswer,
  CreateTableAnswer,
  CreateTableRequest,
  DealerKeyAnswer,
  KickAnswer,
  OpenRoomAnswer,
  SeatTokenAnswer,
  TableAction,
  TableAnswer,
  TableView,
  TicketAnswer,
  TranscriptAnswer,
  VerifyAnswer,
  VerifyRequest,
} from './wire.ts';

/** What {@link tablesClient} needs: the service's address, and optionally a fetch and limits. */
export type TablesClientOptions = TransportOptions;

/** A claimed seat: what its player keeps (the token and the key are secret; nobody else has them). */
export interface ClaimedSeat {
  readonly seat: number;
  /** `fdt_seat_…`: the seat's credential, made for this claimer alone. SECRET. */
  readonly token: string;
  /** The seat's Ed25519 key; `privateKey` is SECRET and never sent. */
  readonly key: SeatKeyPair;
  /** The table as this seat sees it after the claim. */
  readonly table: TableView;
}

/** What a claim carries: the seat's invite, or a room's code (one of them). */
export type SeatClaim = ({ readonly invite: string } | { readonly code: string }) & {
  /** The seat key; default: one made now, on this device. */
  readonly key?: SeatKeyPair;
  /** A player id, where the host named no seats. */
  readonly player?: string;
  /** The name shown for the seat (1–20 characters of any script). */
  readonly name?: string;
};

/** How an action is sent. */
export interface ActOptions {
  /** The table version the action was decided on (409 `STALE_VERSION` if it moved on). */
  readonly version: number;
  /** Default: a fresh random key per call; every retry of the call reuses it. */
  readonly idempotencyKey?: string;
  readonly signal?: AbortSignal;
}

/** The tables API (`/v1`, docs/TABLES.md), one method per route. */
export interface TablesClient {
  /** The service's address, as given. */
  readonly baseUrl: string;
  /**
   * The service's clock minus this device's (ms), from the last answer's `Date` header (whole
   * seconds, so ±1 s); null before any answer. Deadlines (`hand.deadline`) are on the service's
   * clock.
   */
  readonly clockSkewMs: number | null;
  /** `POST /v1/tables`: the host token and one invite per seat, shown once. */
  createTable(request: CreateTableRequest): Promise<CreateTableAnswer>;
  /** `GET /v1/tables/{id}` as the token's holder (a seat, the host, a room's spectator) sees it. */
  getTable(tableId: string, token: string): Promise<TableView>;
  /**
   * `POST …/seats/{seat}/claim` with the seat's invite — or, at a room, the room's code, which
   * takes any seat still open. The seat's key is made here, on this device, unless one is given;
   * only its public half is sent. `name`: the name shown for the seat (1–20 characters).
   */
  claimSeat(tableId: string, seat: number, claim: SeatClaim): Promise<ClaimedSeat>;
  /**
   * `POST /v1/rooms/open`: a room by its code (any spelling {@link parseRoomCode} reads) — its
   * table id, its watch token and the table as a spectator sees it. 404 `ROOM_NOT_FOUND` for a
   * code of no room.
   */
  openRoom(code: string): Promise<OpenRoomAnswer>;
  /**
   * `POST …/actions`, with an `Idempotency-Key`: a lost answer (no answer, a timeout, a 5xx) is
   * asked again with the same key and the same bytes, and the service answers the repeat with
   * its first answer — the action is applied once.
   */
  act(
    tableId: string,
    token: string,
    action: TableAction,
    options: ActOptions,
  ): Promise<ActionAnswer>;
  /** `POST …/seats/{seat}/kick` (the host): the seat's token dies; a fresh invite comes back. */
  kick(tableId: string, hostToken: string, seat: number): Promise<KickAnswer>;
  /**
   * `POST …/seats/{seat}/bot` (the host; Dou Dizhu): the house's bot takes the free seat, as
   * player `house-bot-N` (docs/TABLES.md, "Bots"); 409 `SEAT_TAKEN` for a held seat.
   */
  addBot(tableId: string, hostToken: string, seat: number): Promise<AddBotAnswer>;
  /** `POST …/seats/{seat}/token` (the seat itself): a new token; the old one dies at once. */
  replaceToken(tableId: string, token: string, seat: number): Promise<SeatTokenAnswer>;
  /** `GET …/hands/{n}/transcript`: the signed record of a finished or void hand. */
  transcript(tableId: string, n: number): Promise<TranscriptAnswer>;
  /** `GET …/chain`: every hand's record, in order. */
  chain(tableId: string): Promise<ChainAnswer>;
  /** `GET …/hands/{n}/commitment`: what the dealer committed to. */
  commitment(tableId: string, n: number): Promise<CommitmentAnswer>;
  /** `POST /v1/verify`: the service's verdict (check it yourself with fairdeal/fair too). */
  verify(request: VerifyRequest): Promise<VerifyAnswer>;
  /** `GET /.well-known/fairdeal-key`: the dealer's published key. */
  dealerKey(): Promise<DealerKeyAnswer>;
  /** `POST …/tickets`: a one-use ticket for an EventSource URL (this client's stream needs none). */
  ticket(tableId: string, token: string): Promise<TicketAnswer>;
  /** `GET …/events` as a live stream that resumes by itself (see {@link openTableEvents}). */
  events(tableId: string, token: string, options?: TableEventsOptions): TableEventStream;
  /**
   * A dark table (docs/TABLES.md, "Dark tables"): reads the table as this seat and sends the
   * dark message its driver says it owes now (its key, shuffle step, shares or reveal); null
   * when it owes none. Call it on every change (an event) until the hand is over.
   */
  darkTurn(tableId: string, token: string, driver: DarkDriver): Promise<ActionAnswer | null>;
  /**
   * A dark table: plays these positions of this seat's hand (`driver.hand(table)` lists them),
   * each with the seat's share, signed; the service opens them and checks the play.
   */
  darkPlay(
    tableId: string,
    token: string,
    driver: DarkDriver,
    positions: readonly number[],
  ): Promise<ActionAnswer>;
}

const table = (id: string) => `/v1/tables/${encodeURIComponent(id)}`;

// The code in its canonical spelling when it is one; as typed otherwise, for the service to
// refuse in its own words (the same answer as for a code of no room).
const roomCodeText = (code: string) => parseRoomCode(code) ?? code;

function wholeNumber(n: number, what: string): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${what} must be a whole number`);
  return n;
}

/**
 * A typed client of a fairdeal service's tables API (docs/CLIENT.md), for browsers and Node,
 * with no dependencies: `fetch` is injected (default `globalThis.fetch`). Errors are
 * {@link TableClientError}s carrying the service's code. Reads, `/v1/verify` and actions are
 * retried when their answer is lost; claims, kicks and token changes are not (a second one would
 * be refused, or act again).
 *
 * @example
 * ```ts
 * const client = tablesClient({ baseUrl: 'http://127.0.0.1:8080' });
 * const made = await client.createTable({ preset: 'doudizhu' });
 * const alice = await client.claimSeat(made.tableId, 0, { invite: made.invites[0]!.invite });
 * const view = await client.getTable(made.tableId, alice.token);
 * ```
 * @throws {TypeError} for a baseUrl that is not an http(s) URL.
 */
export function tablesClient(options: TablesClientOptions): TablesClient {
  const t = createTransport(options);
  const client: TablesClient = {
    baseUrl: t.baseUrl,
    get clockSkewMs() {
      return t.clockSkewMs;
    },
    createTable: (request) =>
      t.json<CreateTableAnswer>({
        method: 'POST',
        path: '/v1/tables',
        body: request,
        retry: false,
      }),
    getTable: async (tableId, token) =>
      (await t.json<TableAnswer>({ method: 'GET', path: table(tableId), token, retry: true }))
        .table,
    claimSeat: async (tableId, seat, claim) => {
      const key = claim.key ?? (await createSeatKey());
      const r = await t.json<ClaimSeatAnswer>({
        method: 'POST',
        path: `${table(tableId)}/seats/${wholeNumber(seat, 'seat')}/claim`,
        body: {
          ...('code' in claim ? { code: roomCodeText(claim.code) } : { invite: claim.invite }),
          publicKey: key.publicKey,
          ...(claim.player === undefined ? {} : { player: claim.player }),
          ...(claim.name === undefined ? {} : { name: claim.name }),
        },
        retry: false,
      });
      return { seat: r.seat, token: r.seatToken, key, table: r.table };
    },
    openRoom: (code) =>
      t.json<OpenRoomAnswer>({
        method: 'POST',
        path: '/v1/rooms/open',
        body: { code: roomCodeText(code) },
        retry: true,
      }),
    act: (tableId, token, action, o) =>
      t.json<ActionAnswer>({
        method: 'POST',
        path: `${table(tableId)}/actions`,
        token,
        body: { ...action, version: o.version },
        headers: { 'Idempotency-Key': o.idempotencyKey ?? newIdempotencyKey() },
        retry: true,
        signal: o.signal,
      }),
    kick: (tableId, hostToken, seat) =>
      t.json<KickAnswer>({
        method: 'POST',
        path: `${table(tableId)}/seats/${wholeNumber(seat, 'seat')}/kick`,
        token: hostToken,
        retry: false,
      }),
    // Not retried, like a kick: a second one would be refused (the seat is held).
    addBot: (tableId, hostToken, seat) =>
      t.json<AddBotAnswer>({
        method: 'POST',
        path: `${table(tableId)}/seats/${wholeNumber(seat, 'seat')}/bot`,
        token: hostToken,
        retry: false,
      }),
    replaceToken: (tableId, token, seat) =>
      t.json<SeatTokenAnswer>({
        method: 'POST',
        path: `${table(tableId)}/seats/${wholeNumber(seat, 'seat')}/token`,
        token,
        retry: false,
      }),
    transcript: (tableId, n) =>
      t.json<TranscriptAnswer>({
        method: 'GET',
        path: `${table(tableId)}/hands/${wholeNumber(n, 'hand')}/transcript`,
        retry: true,
      }),
    chain: (tableId) =>
      t.json<ChainAnswer>({ method: 'GET', path: `${table(tableId)}/chain`, retry: true }),
    commitment: (tableId, n) =>
      t.json<CommitmentAnswer>({
        method: 'GET',
        path: `${table(tableId)}/hands/${wholeNumber(n, 'hand')}/commitment`,
        retry: true,
      }),
    verify: (request) =>
      t.json<VerifyAnswer>({ method: 'POST', path: '/v1/verify', body: request, retry: true }),
    dealerKey: () =>
      t.json<DealerKeyAnswer>({ method: 'GET', path: '/.well-known/fairdeal-key', retry: true }),
    ticket: (tableId, token) =>
      t.json<TicketAnswer>({
        method: 'POST',
        path: `${table(tableId)}/tickets`,
        token,
        retry: true,
      }),
    events: (tableId, token, o) => openTableEvents(t, tableId, token, o),
    async darkTurn(tableId, token, driver) {
      const view = await client.getTable(tableId, token);
      const owed = await driver.owed(view);
      return owed === null ? null : client.act(tableId, token, owed, { version: view.version });
    },
    async darkPlay(tableId, token, driver, positions) {
      const view = await client.getTable(tableId, token);
      const action = await driver.play(view, positions);
      return client.act(tableId, token, action, { version: view.version });
    },
  };
  return client;
}
