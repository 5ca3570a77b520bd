// fairdeal/client at a room, against the real service in process: players open a room by its code
// as they typed it, claim seats with the code and a name, and play a whole fair hand with
// tableSeat, each proving it fair on its own device; a spectator follows the room's events with
// its watch token, sees no card of any hand, and its stream ends when the room is purged.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clientService, doudizhuMove, until } from '../../test/support/client-service.ts';
import { sweepDue } from '../server/tables/sweep-due.ts';
import {
  formatRoomCode,
  type HandVerdict,
  parseRoomCode,
  TableClientError,
  type TableEvent,
  tableSeat,
} from './index.ts';

test('room codes: parseRoomCode reads what people type; formatRoomCode shows ABCD-EFGH', () => {
  assert.equal(parseRoomCode('abcd-efgh'), 'ABCDEFGH');
  assert.equal(parseRoomCode(' ABCD EFGH '), 'ABCDEFGH');
  assert.equal(parseRoomCode('0OIL-1234'), '00111234', "Crockford's aliases");
  assert.equal(parseRoomCode('https://cards.example/#room=k3x9qm2t'), 'K3X9QM2T');
  for (const bad of ['ABCDEFGU', 'ABCDEFG', 'ABCDEFGHJ', 'ABCD_EFGH', '', '漢字漢字漢字漢字']) {
    assert.equal(parseRoomCode(bad), null, bad);
  }
  assert.equal(formatRoomCode('k3x9qm2t'), 'K3X9-QM2T');
  assert.throws(() => formatRoomCode('nope'), RangeError);
});

test('a room through fairdeal/client: open by code, claim with the code and a name, play a fair hand with tableSeat; a spectator sees no card and its stream ends when the room closes', async () => {
  const s = clientService('client: a room');
  const client = s.client();
  const made = await client.createTable({ preset: 'doudizhu', room: true, turnSeconds: 0 });
  const code = made.room!.code;
  assert.equal(made.room!.link, `/#room=${code}`);
  // A guess is refused with the service's code; the right code, however typed, opens the room.
  const miss = await client.openRoom('ZZZZ-ZZZZ').catch((e: unknown) => e);
  assert.ok(miss instanceof TableClientError);
  assert.equal(miss.code, 'ROOM_NOT_FOUND');
  const room = await client.openRoom(` ${formatRoomCode(code).toLowerCase()} `);
  assert.equal(room.tableId, made.tableId);
  assert.equal(room.table.you, 'spectator');
  const wrong = await client
    .claimSeat(room.tableId, 0, { code: code.replace(/.$/, (c) => (c === 'Z' ? 'Y' : 'Z')) })
    .catch((e: unknown) => e);
  assert.ok(wrong instanceof TableClientError);
  assert.equal(wrong.code, 'BAD_ROOM_CODE');

  // The spectator follows the room from the start.
  const watched: TableEvent[] = [];
  const spectating = (async () => {
    for await (const e of client.events(room.tableId, room.watchToken)) watched.push(e);
  })();
  const names = ['小明', 'Zoë', 'Ana'];
  const claimed = [];
  for (const [seat, name] of names.entries()) {
    claimed.push(await client.claimSeat(room.tableId, seat, { code, name }));
  }
  const seats = claimed.map((c) =>
    tableSeat({ client, tableId: room.tableId, seat: c.seat, token: c.token, key: c.key }),
  );
  const verdicts: HandVerdict[][] = seats.map(() => []);
  const stop = new AbortController();
  const following = seats.map((t, k) =>
    t.follow({ signal: stop.signal, onVerdict: (v) => verdicts[k]!.push(v) }),
  );
  for (let moves = 0; moves < 300; moves++) {
    const k = await until('a seat to move, or the end', () => {
      if (seats.some((t) => t.table?.hand?.phase === 'ended')) return -1;
      const i = seats.findIndex((t) => doudizhuMove(t.table, t.seat) !== null);
      return i < 0 ? undefined : i;
    });
    if (k < 0) break;
    await seats[k]!.act(doudizhuMove(seats[k]!.table, k)!);
  }
  await until('every seat to check hand 1', () =>
    verdicts.every((v) => v.length > 0) ? true : undefined,
  );
  stop.abort();
  await Promise.all(following);
  for (const v of verdicts) assert.equal(v[0]!.green, true, JSON.stringify(v[0]!.problems));
  const end = await client.getTable(room.tableId, room.watchToken);
  assert.deepEqual(end.names, names);
  assert.equal(end.hand?.phase, 'ended');

  // The spectator saw the whole hand as a spectator: no seat's cards, ever.
  await until('the spectator to see the end', () =>
    watched.at(-1)?.data.table.hand?.phase === 'ended' ? true : undefined,
  );
  for (const e of watched) {
    assert.equal(e.data.table.you, 'spectator');
    assert.equal(e.data.table.hand?.yourCards ?? null, null);
  }

  // Everybody leaves (the host kicks every seat); once the room is purged the stream ends with
  // the service's TABLE_NOT_FOUND, and the code opens nothing.
  for (const seat of [0, 1, 2]) await client.kick(room.tableId, made.hostToken, seat);
  s.clock.t += 10 * 60_000;
  const closed = await sweepDue({
    tables: s.tables,
    box: s.box,
    notifier: s.notifier,
    ctx: () => ({ now: s.clock.t, seal: s.box.seal, open: s.box.open, dealer: s.box.dealer }),
  });
  assert.equal(closed, 1);
  const ended = await spectating.catch((e: unknown) => e);
  assert.ok(ended instanceof TableClientError, String(ended));
  assert.equal(ended.code, 'TABLE_NOT_FOUND');
  const gone = await client.openRoom(code).catch((e: unknown) => e);
  assert.equal((gone as TableClientError).code, 'ROOM_NOT_FOUND');
});
