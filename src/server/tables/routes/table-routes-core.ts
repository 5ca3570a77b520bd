import { ApiError } from '../../deck/api-error.ts';
import { answerKey, applyAction, tableEvents } from '../apply-action.ts';
import { actionBody, createTableBody } from '../bodies.ts';
import { createTableDoc } from '../create-table.ts';
import { darkGroupIfInstalled } from '../dark-hand.ts';
import { dueAt } from '../hand-flow.ts';
import { requestHash } from '../request-hash.ts';
import { tableRoute } from '../table-route.ts';
import { view } from '../view.ts';
import { answer, INVITE, OK, ROOM_CODE, SEAT, TABLE_VIEW, withOptional } from './answer-schemas.ts';

/** `POST /v1/tables`. */
export const createTable = tableRoute({
  method: 'post',
  path: '/v1/tables',
  id: 'createTable',
  summary: 'Create a table',
  description:
    'Opens a table for any preset (fair mode on by default; `fair: false` is a practice table, dealt by the dealer alone; Dou Dizhu: a turn clock of `turnSeconds`, default 30, and `stakes`, default 1, that multiply every hand’s points). `room: true` makes it a room (docs/TABLES.md, "Rooms"): the answer adds `room: {code, link}`, a short code anyone may take a free seat or watch with, shown once; a room with no person in it is closed and purged. The answer holds the table id, the host token and one single-use invite per seat — shown ONCE; the service keeps only their SHA-256. The host never holds a seat token: each player claims a seat with its invite (claimSeat); hand 1 opens when the last seat is claimed.',
  auth: 'none',
  body: createTableBody,
  ok: 201,
  answer: withOptional(
    answer({
      ok: OK,
      tableId: { type: 'string' },
      hostToken: {
        type: 'string',
        pattern: '^fdt_host_[A-Za-z0-9_-]{43}$',
        description: 'Shown ONCE',
      },
      invites: { type: 'array', items: answer({ seat: SEAT, invite: INVITE }) },
      table: TABLE_VIEW,
    }),
    { room: ROOM_CODE },
  ),
  refusals:
    '400 BAD_REQUEST, BAD_OPTION, UNKNOWN_PRESET; 409 NOT_ENOUGH_CARDS (options that need more cards than the deck holds)',
  async handle(req, s) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const id = s.newId();
      const made = createTableDoc(id, req.body, s.step(), s.rooms);
      const first = tableEvents(made.doc, 1, { type: 'created', seat: null });
      // A taken id or a taken room code: draw both again.
      if (
        await s.tables.createTable(id, first.doc, first.events, dueAt(first.doc), made.room?.hash)
      ) {
        return {
          status: 201,
          body: {
            ok: true,
            tableId: id,
            hostToken: made.hostToken,
            // One single-use invite per seat, for the host to hand out: each player claims a
            // seat with it on their own device; the host never holds a seat's token.
            // (None for the house's bots' seats: they are held from the start.)
            invites: made.invites
              .map((invite, seat) => ({ seat, invite }))
              .filter(({ seat }) => made.doc.bots?.includes(seat) !== true),
            // Shown once: the service keeps only the code's SHA-256. The link carries it in the
            // fragment, which browsers never send to a server.
            ...(made.room === undefined
              ? {}
              : { room: { code: made.room.code, link: `/#room=${made.room.code}` } }),
            table: view(first.doc, { kind: 'host' }, 1),
          },
        };
      }
    }
    throw new Error('could not draw a free table id');
  },
});

/** `GET /v1/tables/{id}`. */
export const getTable = tableRoute({
  method: 'get',
  path: '/v1/tables/:id',
  id: 'getTable',
  summary: 'The table as the caller may see it',
  description:
    'view(table, caller): a seat sees its own cards, the public cards and the counts; the host, and a room’s spectator (its watch token), see what all seats see in common.',
  auth: 'viewer',
  ok: 200,
  answer: answer({ ok: OK, table: TABLE_VIEW }),
  async handle(req, s) {
    const { doc, version } = await s.load(req.id);
    return { status: 200, body: { ok: true, table: view(doc, req.caller(doc), version) } };
  },
});

/** `POST /v1/tables/{id}/actions`. */
export const tableAction = tableRoute({
  method: 'post',
  path: '/v1/tables/:id/actions',
  id: 'tableAction',
  summary: 'Act at the table',
  description:
    'One action: commit and reveal (the seat, signed with its seat key: docs/FAIR.md §V3.2; answered with the dealer’s signed receipt), void (seat or host, after the deadline: the hand is void, never dealt, and the next one opens; 409 TOO_EARLY before), timeout (seat or host, after the turn clock of the seat to act ran out: the service makes its default move and marks it away, as its sweep does; 409 TOO_EARLY before — docs/TABLES.md, "Clocks"), back (a seat that was away is back; any other action of the seat does it too), bid, double and show-hand (with the doubling and showHand house rules), play, pass (Dou Dizhu), draw, burn, play, discard, move (other presets), deal-street (Hold’em, Omaha: the flop, turn, river in turn), end-hand, next-hand; at a dark table (docs/TABLES.md, "Dark tables") the seat’s signed dark-key, dark-step, dark-shares, dark-play (positions and shares) and dark-reveal. Carries the version it expects (409 STALE_VERSION); an Idempotency-Key header makes a retry (the same body bytes) return the first answer without acting again, and the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED).',
  auth: 'seat-or-host',
  body: actionBody,
  replayable: true,
  ok: 200,
  parameters: [
    {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,128}$' },
    },
  ],
  answer: {
    type: 'object',
    required: ['ok', 'table'],
    properties: {
      ok: OK,
      table: TABLE_VIEW,
      receipt: {
        type: 'object',
        description:
          'commit, reveal: the dealer’s signed receipt {kind, seat, commitment, seatSignature, at, signature} — keep it (docs/FAIR.md §V3.1)',
      },
    },
  },
  async handle(req, s) {
    const key = req.header('idempotency-key');
    if (key !== undefined && !/^[\x21-\x7e]{1,128}$/.test(key)) {
      throw new ApiError(400, 'BAD_REQUEST', 'Idempotency-Key: 1 to 128 visible ASCII characters.');
    }
    const auth = req.header('authorization');
    // The change is synchronous (one transaction): a dark table's proofs need the group loaded.
    const step = { ...s.step(), darkGroup: await darkGroupIfInstalled() };
    const stored = key === undefined ? undefined : answerKey(auth, key);
    const idempotency =
      stored === undefined
        ? undefined
        : { key: stored, request: requestHash(req.method, req.path, req.bytes) };
    const r = await s.tables.withTable(
      req.id,
      (row) =>
        applyAction(
          row,
          {
            viewer: req.caller(row.doc),
            expectedVersion: req.raw.version,
            idempotency,
            body: () => req.body,
          },
          step,
        ),
      { answerKey: stored },
    );
    if (!r.found) throw new ApiError(404, 'TABLE_NOT_FOUND', 'No such table.');
    await s.notify(req.id);
    if (r.version % s.retentionEvery === 0) await s.prune(req.id);
    return { status: r.value.status === 201 ? 201 : 200, body: r.value.body };
  },
});
