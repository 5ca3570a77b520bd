import { parseRoomCode } from '../../../client/index.ts';
import { ApiError } from '../../deck/api-error.ts';
import { openRoomBody } from '../bodies.ts';
import { tableRoute } from '../table-route.ts';
import { tokenHash, tokenMatches } from '../tokens.ts';
import { view } from '../view.ts';
import { answer, OK, TABLE_VIEW, WATCH_TOKEN } from './answer-schemas.ts';

// One answer for a code that is no code, a code of no room, and a room closed and purged: a
// guesser learns nothing from which it was.
const notFound = () =>
  new ApiError(404, 'ROOM_NOT_FOUND', 'There is no room with that code (it may have closed).');

/** `POST /v1/rooms/open`: a room's code → the room, as its spectators see it. */
export const openRoom = tableRoute({
  method: 'post',
  path: '/v1/rooms/open',
  id: 'openRoom',
  summary: 'Open a room by its code (to watch it, or take a free seat)',
  description:
    'The room code in the body (never in a URL: URLs are logged): the table id, the room’s watch token and the table as a spectator sees it (`you: "spectator"`: what every viewer sees alike, never a seat’s cards). The watch token reads the table (GET /v1/tables/{id}), mints stream tickets and opens the spectators’ events; it can do nothing else (403). To play, claim a free seat with the same code (claimSeat). Case, hyphens and spaces in the code do not matter.',
  auth: 'none',
  body: openRoomBody,
  ok: 200,
  answer: answer({
    ok: OK,
    tableId: { type: 'string' },
    watchToken: WATCH_TOKEN,
    table: TABLE_VIEW,
  }),
  refusals: '404 ROOM_NOT_FOUND (an unknown code, or a room closed and purged)',
  async handle(req, s) {
    const code = parseRoomCode(req.body.code);
    if (code === null) throw notFound();
    const id = await s.tables.findRoom(tokenHash(code));
    if (id === undefined) throw notFound();
    const row = await s.tables.readTable(id);
    // Purged between the two reads, or (never written by this service) a room without its token.
    if (
      row === undefined ||
      !tokenMatches(code, row.doc.roomCodeHash) ||
      row.doc.watchToken === undefined
    ) {
      throw notFound();
    }
    const watchToken = s.step().open(row.doc.watchToken);
    return {
      status: 200,
      body: {
        ok: true,
        tableId: id,
        watchToken,
        table: view(row.doc, { kind: 'spectator' }, row.version),
      },
    };
  },
});
