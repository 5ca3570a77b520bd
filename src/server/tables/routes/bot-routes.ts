import { ApiError } from '../../deck/api-error.ts';
import { tableEvents } from '../apply-action.ts';
import { seatBot } from '../bot-seats.ts';
import { dueAt, openNextIfSeated } from '../hand-flow.ts';
import { tableRoute } from '../table-route.ts';
import { view } from '../view.ts';
import { answer, OK, SEAT, TABLE_VIEW } from './answer-schemas.ts';

/** `POST /v1/tables/{id}/seats/{seat}/bot`: the host seats the house's bot. */
export const addBotRoute = tableRoute({
  method: 'post',
  path: '/v1/tables/:id/seats/:seat/bot',
  id: 'addBot',
  summary: 'Seat the house’s bot at a free seat (host)',
  description:
    'Dou Dizhu: the house’s bot takes the free seat at once, as player `house-bot-N` with an Ed25519 key the service makes and keeps sealed — every hand’s announcement binds both, so the transcript shows which seats were the house’s (docs/FAIR.md). The bot commits as soon as a hand opens, reveals as soon as the roster closes (its seed: the house’s, from the secure source), and bids and plays after about a second (docs/TABLES.md, "Bots"). Its seat’s invite stops working; kicking the seat frees it under a fresh invite. When the last seat is filled the hand opens, as at a last claim. No body.',
  auth: 'host',
  forbidden: 'Only the host seats a bot.',
  ok: 200,
  answer: answer({ ok: OK, seat: SEAT, table: TABLE_VIEW }),
  refusals:
    '400 BAD_REQUEST at a table that is not Dou Dizhu; 403 FORBIDDEN for a seat; 404 SEAT_NOT_FOUND; 409 SEAT_TAKEN (a person or a bot holds it)',
  async handle(req, s) {
    const step = s.step();
    const seat = req.seat;
    const r = await s.tables.withTable(req.id, (row) => {
      const doc = row.doc;
      const caller = req.caller(doc);
      const seated = openNextIfSeated(seatBot(doc, seat, step), step);
      const version = row.version + 1;
      const { doc: saved, events } = tableEvents(seated, version, { type: 'bot-seated', seat });
      return {
        next: saved,
        events,
        dueAt: dueAt(seated),
        result: view(seated, caller, version),
      };
    });
    if (!r.found) throw new ApiError(404, 'TABLE_NOT_FOUND', 'No such table.');
    await s.notify(req.id);
    return { status: 200, body: { ok: true, seat, table: r.value } };
  },
});
