import { ApiError } from '../../deck/api-error.ts';
import { eventData } from '../event-data.ts';
import { eventStream } from '../event-stream.ts';
import { tableRoute } from '../table-route.ts';
import { generationOf } from '../token-generation.ts';
import { newToken, tokenHash } from '../tokens.ts';
import { audienceOf } from '../viewer.ts';
import { answer, OK } from './answer-schemas.ts';

const TICKET_TTL_MS = 30_000;

/** `POST /v1/tables/{id}/tickets`: for EventSource, which cannot send headers. */
export const streamTicket = tableRoute({
  method: 'post',
  path: '/v1/tables/:id/tickets',
  id: 'streamTicket',
  summary: 'A one-use ticket to open an event stream',
  description:
    'For EventSource, which cannot send headers: valid 30 s, once, for the caller’s seat (the host’s, or a room’s spectators’ events). Never put the token itself in a URL.',
  auth: 'viewer',
  ok: 200,
  answer: answer({
    ok: OK,
    ticket: { type: 'string' },
    expiresInSeconds: { type: 'integer' },
  }),
  async handle(req, s) {
    const { doc } = await s.load(req.id);
    const audience = audienceOf(req.caller(doc));
    const ticket = newToken('ticket');
    // Minted under the generation of the token just checked, in the same document: a revocation
    // committed after that read moves the generation on, and the ticket is refused at use.
    await s.tables.createTicket(
      tokenHash(ticket),
      doc.id,
      audience,
      s.now() + TICKET_TTL_MS,
      generationOf(doc.tokenGenerations, audience),
    );
    return { status: 200, body: { ok: true, ticket, expiresInSeconds: TICKET_TTL_MS / 1000 } };
  },
});

/** `GET /v1/tables/{id}/events`: Server-Sent Events, or a JSON page. */
export const tableEvents = tableRoute({
  method: 'get',
  path: '/v1/tables/:id/events',
  id: 'tableEvents',
  summary: 'The caller’s events (SSE, or JSON)',
  description:
    'With Accept: text/event-stream, Server-Sent Events: stored events after Last-Event-ID (or ?after), then live ones; a reset event with a fresh view when the id is too old; a heartbeat comment every 15 s; when the token it was opened with is reissued or revoked, a final revoked event (a JSON error) and the end; when the table is gone (an empty room closed by the service), a final closed event (a JSON error, TABLE_NOT_FOUND) and the end. A room’s watch token reads the spectators’ events (the public part only). Otherwise a JSON page of events. Auth: Bearer, or ?ticket= from /tickets.',
  auth: 'viewer-or-ticket',
  ok: 200,
  produces: 'text/event-stream',
  parameters: [
    { name: 'Last-Event-ID', in: 'header', required: false, schema: { type: 'integer' } },
    { name: 'ticket', in: 'query', required: false, schema: { type: 'string' } },
    { name: 'after', in: 'query', required: false, schema: { type: 'integer' } },
  ],
  async handle(req, s) {
    const { doc } = await s.load(req.id);
    let audience: string;
    let generation: number;
    const ticket = req.query('ticket');
    if (ticket !== undefined) {
      const t = await s.tables.consumeTicket(tokenHash(ticket), s.now());
      if (t === undefined || t.tableId !== doc.id) {
        throw new ApiError(401, 'UNAUTHORIZED', 'That ticket is unknown, used or expired.');
      }
      if (t.generation !== generationOf(doc.tokenGenerations, t.audience)) {
        throw new ApiError(
          401,
          'UNAUTHORIZED',
          'That ticket was made with a token that has since been revoked or reissued.',
        );
      }
      ({ audience, generation } = t);
    } else {
      audience = audienceOf(req.caller(doc));
      generation = generationOf(doc.tokenGenerations, audience);
    }
    const lastHeader = req.header('last-event-id') ?? req.query('after') ?? '0';
    const last = /^\d{1,15}$/.test(lastHeader) ? Number(lastHeader) : 0;
    if ((req.header('accept') ?? '').includes('text/event-stream')) {
      return eventStream({
        tables: s.tables,
        notifier: s.notifier,
        tableId: doc.id,
        audience,
        last,
        generation,
        heartbeatMs: s.heartbeatMs,
        signal: req.signal,
      });
    }
    const page = await s.tables.readEvents(doc.id, audience, last, 500);
    // Checked again AFTER the read, as a stream does: a revocation that committed between the
    // authorization above and the read could otherwise let this page carry events written after it.
    const generations = await s.tables.readTokenGenerations(doc.id);
    if (generations === undefined || generationOf(generations, audience) !== generation) {
      throw new ApiError(401, 'UNAUTHORIZED', 'That token was revoked or reissued.');
    }
    return {
      status: 200,
      body: {
        ok: true,
        events: page.events.map((e) => ({ id: e.id, type: e.type, data: eventData(e) })),
      },
    };
  },
});
