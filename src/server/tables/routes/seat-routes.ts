import { ApiError } from '../../deck/api-error.ts';
import { tableEvents } from '../apply-action.ts';
import { claimSeatBody } from '../bodies.ts';
import { darkGroupIfInstalled } from '../dark-hand.ts';
import { dueAt } from '../hand-flow.ts';
import { roomPresence } from '../room-close.ts';
import { claimSeat, kickSeat } from '../seats.ts';
import { type RouteRequest, type TableRoute, tableRoute } from '../table-route.ts';
import type { TableServices } from '../table-services.ts';
import { nextGenerations } from '../token-generation.ts';
import { newToken, tokenHash } from '../tokens.ts';
import { view } from '../view.ts';
import { answer, INVITE, OK, SEAT, SEAT_TOKEN, TABLE_VIEW } from './answer-schemas.ts';

// Revocation is immediate: the old token stops working at once — for requests (they authorize
// against the document), and for what it opened before: its generation moves on, so its tickets
// are refused and its open streams, woken here in every process, end (event-stream.ts).
async function ended(s: TableServices, id: string, audience: string): Promise<void> {
  // The generation is what refuses a ticket minted before; dropping the unused ones is tidiness.
  await s.tables.dropTickets(id, audience);
  await s.notify(id);
}

/** `POST /v1/tables/{id}/seats/{seat}/claim`: the invite is the credential, no token. */
export const claimSeatRoute = tableRoute({
  method: 'post',
  path: '/v1/tables/:id/seats/:seat/claim',
  id: 'claimSeat',
  summary: 'Claim a seat with its invite (or a room’s code)',
  description:
    'On the player’s own device: the invite the host handed out — or, at a room, the room’s code, which takes any seat still open — and the Ed25519 public key made there (docs/FAIR.md §V3.3), which every hand’s announcement binds to the seat. An invite works once; a claimed seat is refused to everyone else, with an invite or a code alike; one key holds one seat, and never the dealer’s key. `name`: the name shown for the seat (1 to 20 characters of any script; two seats never share one). The answer carries the seat token, for this player alone. When the last seat is claimed the hand opens (fair: committing; practice: dealt).',
  auth: 'invite',
  body: claimSeatBody,
  ok: 201,
  answer: answer({ ok: OK, seat: SEAT, seatToken: SEAT_TOKEN, table: TABLE_VIEW }),
  refusals:
    '400 neither an invite nor a code (or both), a key that is not 64 hex digits, a player id where the host named the seats, a bad name; 401 BAD_INVITE, BAD_ROOM_CODE; 404 SEAT_NOT_FOUND; 409 SEAT_TAKEN, KEY_IN_USE (a key holding another seat, or the dealer’s), NAME_TAKEN',
  async handle(req, s) {
    const step = s.step();
    const seat = req.seat;
    const r = await s.tables.withTable(req.id, (row) => {
      const doc = row.doc;
      const claimed = claimSeat(doc, seat, req.body, step);
      const version = row.version + 1;
      const { doc: saved, events } = tableEvents(claimed.doc, version, claimed.action);
      return {
        next: saved,
        events,
        dueAt: dueAt(claimed.doc),
        result: { token: claimed.token, table: view(claimed.doc, { kind: 'seat', seat }, version) },
      };
    });
    if (!r.found) throw new ApiError(404, 'TABLE_NOT_FOUND', 'No such table.');
    await s.notify(req.id);
    return {
      status: 201,
      body: { ok: true, seat, seatToken: r.value.token, table: r.value.table },
    };
  },
});

/** `POST /v1/tables/{id}/seats/{seat}/token`: a seat replaces its own token. */
export const reissueSeatToken = tableRoute({
  method: 'post',
  path: '/v1/tables/:id/seats/:seat/token',
  id: 'reissueSeatToken',
  summary: 'Replace the seat’s own token (the seat itself)',
  description:
    'With the seat’s own token (a device lost, a token leaked): a new token for the seat, shown once, to it alone; the old one stops working at once: its open event streams end (event: revoked) and its tickets are refused. The host cannot: it never holds a seat token (403), and kicks a seat instead.',
  auth: 'seat',
  forbidden: 'Only the seat itself replaces its token (the host kicks a seat instead).',
  ok: 200,
  answer: answer({ ok: OK, seat: SEAT, seatToken: SEAT_TOKEN }),
  refusals: '403 FORBIDDEN for the host or another seat',
  async handle(req, s) {
    const seat = req.seat;
    const token = newToken('seat');
    const audience = `seat:${seat}`;
    const r = await s.tables.withTable(req.id, (row) => {
      const doc = row.doc;
      req.caller(doc);
      const seatTokens = doc.seatTokens.map((h, i) => (i === seat ? tokenHash(token) : h));
      const tokenGenerations = nextGenerations(doc.tokenGenerations, audience);
      return {
        next: { ...doc, seatTokens, tokenGenerations },
        tokenGenerations,
        result: null,
      };
    });
    if (!r.found) throw new ApiError(404, 'TABLE_NOT_FOUND', 'No such table.');
    await ended(s, req.id, audience);
    return { status: 200, body: { ok: true, seat, seatToken: token } };
  },
});

// The host kicks a seat: publicly recorded, the hand in progress void (never "did not reveal"),
// the seat open again under a fresh invite (returned to the host). DELETE …/token says the same.
async function kick(req: RouteRequest<unknown>, s: TableServices) {
  const seat = req.seat;
  const audience = `seat:${seat}`;
  // A dark hand voided by the kick is verified as it is recorded.
  const step = { ...s.step(), darkGroup: await darkGroupIfInstalled() };
  const r = await s.tables.withTable(req.id, (row) => {
    const doc = row.doc;
    req.caller(doc);
    const k = kickSeat(doc, seat, step);
    const tokenGenerations = nextGenerations(doc.tokenGenerations, audience);
    // A room whose last person is kicked starts its empty clock (room-close.ts).
    const next = { ...roomPresence(k.doc, step.now, s.rooms.emptyMs), tokenGenerations };
    const { doc: saved, events } = tableEvents(next, row.version + 1, k.action);
    return {
      next: saved,
      events,
      dueAt: dueAt(next),
      tokenGenerations,
      ...(k.record === undefined
        ? {}
        : { hands: [{ n: k.record.n, record: JSON.stringify(k.record) }] }),
      result: k.invite,
    };
  });
  if (!r.found) throw new ApiError(404, 'TABLE_NOT_FOUND', 'No such table.');
  await ended(s, req.id, audience);
  return { status: 200 as const, body: { ok: true, seat, kicked: true, invite: r.value } };
}

const KICKED = answer({ ok: OK, seat: SEAT, kicked: { const: true }, invite: INVITE });
const KICK_REFUSALS =
  '403 FORBIDDEN for a seat; 404 SEAT_NOT_FOUND; 409 SEAT_OPEN (nobody holds it)';

/** `DELETE /v1/tables/{id}/seats/{seat}/token`: revoking a seat's token is kicking it. */
export const revokeSeatToken: TableRoute = {
  method: 'delete',
  path: '/v1/tables/:id/seats/:seat/token',
  id: 'revokeSeatToken',
  summary: 'Kick a seat (host; the same as POST …/kick)',
  description: 'Revoking a seat’s token is kicking its player: see kickSeat.',
  auth: 'host',
  ok: 200,
  answer: KICKED,
  refusals: KICK_REFUSALS,
  handle: kick,
};

/** `POST /v1/tables/{id}/seats/{seat}/kick`. */
export const kickSeatRoute: TableRoute = {
  method: 'post',
  path: '/v1/tables/:id/seats/:seat/kick',
  id: 'kickSeat',
  summary: 'Kick a seat (host)',
  description:
    'The seat’s token dies at once (its open event streams end with event: revoked, its tickets are refused); a hand being committed or revealed is void as kicked (a signed void record naming the seat, never “did not reveal”), a dealt hand in play ends unscored; the seat is open again under a fresh invite, returned to the host to hand to the next player. The next hand opens when the seat is claimed. No body.',
  auth: 'host',
  ok: 200,
  answer: KICKED,
  refusals: KICK_REFUSALS,
  handle: kick,
};
