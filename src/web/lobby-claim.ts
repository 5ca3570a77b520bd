// A room's seats taken from the lobby (docs/WEB.md, "The lobby"): a room opened at the service
// with this browser at seat 1, and a free seat claimed with the room's code — the seat's Ed25519
// key made here, its private half and the seat token kept in this browser only, as an invite's
// claim does (table-join.ts).
import { parseRoomCode, type TableView } from '../client/index.ts';
import { createSeatKey } from '../fair/index.ts';
import { api } from './table-api.ts';
import { tableStorage } from './table-storage.ts';

/**
 * Claims seat `seat` of room `id` with its code, in this browser: the key made here and kept
 * before the request (an answer lost on the way leaves the key for the next attempt), the seat
 * token kept on success.
 *
 * @example
 * ```ts
 * await claimByCode(tableId, 2, 'ABCDEFGH', '张三'); // then #table/<id>/2
 * ```
 * @throws {TableClientError} SEAT_TAKEN, NAME_TAKEN, BAD_ROOM_CODE… as the service answers.
 */
export async function claimByCode(
  id: string,
  seat: number,
  code: string,
  name: string,
): Promise<void> {
  const key = tableStorage.key(id, seat) ?? (await createSeatKey());
  tableStorage.setKey(id, seat, key);
  try {
    const r = await api().claimSeat(id, seat, { code, key, name });
    tableStorage.setToken(id, seat, r.token);
  } catch (e) {
    // This browser does not hold the seat: the key made for it is of no use.
    tableStorage.setKey(id, seat, null);
    throw e;
  }
}

/**
 * Opens a room at the service and takes its seat 1 in this browser under `name`; keeps the host
 * token and the invites here (the room's creator is its host too).
 *
 * @example
 * ```ts
 * const { id } = await createRoom({ preset: 'doudizhu', bots: [1, 2] }, 'alice');
 * ```
 * @throws {TableClientError} as the service answers; an Error if it opened no room.
 */
export async function createRoom(
  request: Parameters<ReturnType<typeof api>['createTable']>[0],
  name: string,
): Promise<{ id: string; code: string; table: TableView }> {
  const r = await api().createTable({ ...request, room: true });
  if (r.room === undefined) throw new Error('the service opened a table, not a room');
  const id = r.tableId;
  tableStorage.setToken(id, 'host', r.hostToken);
  const invites: Record<string, string> = {};
  for (const i of r.invites) invites[String(i.seat)] = i.invite;
  tableStorage.setInvites(id, { namesOpen: true, invites });
  const code = parseRoomCode(r.room.code) ?? r.room.code;
  await claimByCode(id, 0, code, name);
  return { id, code, table: r.table };
}
