import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { bearer, seatKey } from '../../../test/support/seated-table.ts';
import { type Json, testApp } from '../../../test/support/test-table.ts';
import { DEFAULT_ROOM_TIMES } from './room-close.ts';
import { sweepDue } from './sweep-due.ts';

// Empty rooms are closed and purged by the sweep (docs/TABLES.md, "Rooms"): a room with no person
// for `emptyMs` after it opened or its last person was kicked, or with no change for `idleMs`. A
// room with a person in it is never closed for being empty; a table that is no room never is.

type App = ReturnType<typeof testApp>;
const { emptyMs, idleMs } = DEFAULT_ROOM_TIMES;

const readers = new Set<ReadableStreamDefaultReader<Uint8Array>>();
after(async () => {
  for (const r of readers) await r.cancel().catch(() => {});
});

const sweeper = (t: App) => () =>
  sweepDue({
    tables: t.tables,
    box: t.box,
    notifier: t.notifier,
    ctx: () => ({ now: t.clock.t, seal: t.box.seal, open: t.box.open, dealer: t.box.dealer }),
  });

async function room(t: App) {
  const made = await t.call('POST', '/v1/tables', {
    preset: 'doudizhu',
    fair: false,
    turnSeconds: 0,
    room: true,
  });
  assert.equal(made.status, 201, made.text);
  return {
    id: made.json.tableId as string,
    code: made.json.room.code as string,
    hostToken: made.json.hostToken as string,
  };
}

async function claim(t: App, id: string, seat: number, code: string) {
  const key = await seatKey(`${id} ${seat}`);
  const r = await t.call('POST', `/v1/tables/${id}/seats/${seat}/claim`, {
    code,
    publicKey: key.publicKey,
  });
  assert.equal(r.status, 201, r.text);
  return r.json.seatToken as string;
}

/** Reads a stream until `until` holds or it ends (bounded by a timeout). */
async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  until: (text: string) => boolean,
): Promise<{ text: string; ended: boolean }> {
  readers.add(reader);
  const dec = new TextDecoder();
  let text = '';
  const deadline = Date.now() + 3000;
  while (!until(text)) {
    if (Date.now() > deadline) throw new Error(`stream timed out; got: ${text.slice(0, 500)}`);
    const { value, done } = await reader.read();
    if (done) return { text, ended: true };
    text += dec.decode(value);
  }
  return { text, ended: false };
}

test('purge: a room nobody took is closed at emptyMs, not before; its streams get event: closed and end; the table, its events and its code are gone', async () => {
  const t = testApp('purge-empty');
  const sweep = sweeper(t);
  const r = await room(t);
  const plain = await t.call('POST', '/v1/tables', { preset: 'doudizhu' });
  const open = await t.call('POST', '/v1/rooms/open', { code: r.code });
  const watch = open.json.watchToken as string;
  const res = await t.app.request(`/v1/tables/${r.id}/events`, {
    headers: { ...bearer(watch), Accept: 'text/event-stream' },
  });
  const reader = res.body!.getReader();
  await readUntil(reader, (x) => x.includes('event: state'));

  t.clock.t += emptyMs - 1;
  assert.equal(await sweep(), 0, 'not before its time');
  assert.equal((await t.call('GET', `/v1/tables/${r.id}`, undefined, bearer(watch))).status, 200);
  t.clock.t += 1;
  assert.deepEqual(await t.tables.listDue(t.clock.t, 10), [r.id]);
  const swept = await Promise.all([sweep(), sweep()]);
  assert.equal(swept[0]! + swept[1]!, 1, 'two sweeps at once close it once');

  const end = await readUntil(reader, (x) => x.includes('event: closed'));
  assert.match(end.text, /event: closed\ndata: \{"success":false,.*"code":"TABLE_NOT_FOUND"\}/);
  assert.equal((await readUntil(reader, () => false)).ended, true, 'and the stream ends');
  for (const token of [watch, r.hostToken]) {
    const gone = await t.call('GET', `/v1/tables/${r.id}`, undefined, bearer(token));
    assert.equal(gone.status, 404);
    assert.equal(gone.json.code, 'TABLE_NOT_FOUND');
  }
  const again = await t.call('POST', '/v1/rooms/open', { code: r.code });
  assert.equal(again.status, 404);
  assert.equal(again.json.code, 'ROOM_NOT_FOUND');
  for (const audience of ['host', 'spectator', 'seat:0']) {
    assert.deepEqual((await t.tables.readEvents(r.id, audience, 0, 10)).events, []);
  }
  // A table that is no room is never closed, however long nobody comes.
  t.clock.t += idleMs * 10;
  assert.equal(await sweep(), 0);
  assert.equal(
    (
      await t.call(
        'GET',
        `/v1/tables/${plain.json.tableId}`,
        undefined,
        bearer(plain.json.hostToken),
      )
    ).status,
    200,
  );
});

test('purge: a room with a person in it is not closed for being empty; when its last person is kicked, it closes emptyMs after the kick unless one comes', async () => {
  const t = testApp('purge-kick');
  const sweep = sweeper(t);
  const left = await room(t);
  const kept = await room(t);
  for (const r of [left, kept]) await claim(t, r.id, 1, r.code);
  t.clock.t += emptyMs * 2;
  assert.equal(await sweep(), 0, 'a person is there');
  assert.deepEqual(await t.tables.listDue(t.clock.t + idleMs, 10), [], 'not due at all');
  for (const r of [left, kept]) {
    const kick = await t.call(
      'POST',
      `/v1/tables/${r.id}/seats/1/kick`,
      undefined,
      bearer(r.hostToken),
    );
    assert.equal(kick.status, 200, kick.text);
  }
  t.clock.t += emptyMs - 1;
  assert.equal(await sweep(), 0, 'the clock starts at the kick');
  // Someone comes to one of them just in time: that room stays, and its empty clock stops.
  await claim(t, kept.id, 2, kept.code);
  t.clock.t += 1;
  assert.equal(await sweep(), 1, 'the other closes');
  assert.equal((await t.call('POST', '/v1/rooms/open', { code: left.code })).status, 404);
  t.clock.t += emptyMs;
  assert.equal(await sweep(), 0);
  assert.equal((await t.call('POST', '/v1/rooms/open', { code: kept.code })).status, 200);
});

test('purge: a room with no change at all for idleMs is closed, people or not; any change restarts that clock', async () => {
  const t = testApp('purge-idle');
  const sweep = sweeper(t);
  const r = await room(t);
  const seat = await claim(t, r.id, 0, r.code);
  t.clock.t += idleMs - 1;
  assert.equal(await sweep(), 0);
  // A change (a seat replacing its own token) is activity.
  const reissued = await t.call(
    'POST',
    `/v1/tables/${r.id}/seats/0/token`,
    undefined,
    bearer(seat),
  );
  assert.equal(reissued.status, 200, reissued.text);
  t.clock.t += idleMs - 1;
  assert.equal(await sweep(), 0, 'the change restarted the idle clock');
  t.clock.t += 1;
  assert.equal(await sweep(), 1);
  const gone = await t.call('POST', '/v1/rooms/open', { code: r.code });
  assert.equal(gone.json.code, 'ROOM_NOT_FOUND');
});

test('stakes: every point of a Dou Dizhu hand is multiplied by the table’s stakes — its score in the view and the history; stakes are Dou Dizhu’s, 1 to 1000', async () => {
  const t = testApp('stakes');
  const sweep = sweeper(t);
  const played: Json[] = [];
  for (const stakes of [1, 7]) {
    const made = await t.call('POST', '/v1/tables', {
      preset: 'doudizhu',
      fair: false,
      turnSeconds: 5,
      stakes,
    });
    assert.equal(made.status, 201, made.text);
    assert.equal(made.json.table.stakes, stakes);
    const id = made.json.tableId as string;
    const tokens: string[] = [];
    for (const { seat, invite } of made.json.invites) {
      const key = await seatKey(`stakes ${id} ${seat}`);
      const c = await t.call('POST', `/v1/tables/${id}/seats/${seat}/claim`, {
        invite,
        publicKey: key.publicKey,
      });
      tokens.push(c.json.seatToken);
    }
    // The first bidder bids 3; then the clock plays every turn (the landlord leads its smallest
    // card, the farmers pass) to the hand's end.
    let table = (await t.call('GET', `/v1/tables/${id}`, undefined, bearer(made.json.hostToken)))
      .json.table;
    const bidder = table.hand.game.turn as number;
    const bid = await t.call(
      'POST',
      `/v1/tables/${id}/actions`,
      { type: 'bid', bid: 3, version: table.version },
      bearer(tokens[bidder]!),
    );
    assert.equal(bid.status, 200, bid.text);
    for (let k = 0; k < 200 && table.hand.phase === 'playing'; k++) {
      t.clock.t += 5000;
      await sweep();
      table = (await t.call('GET', `/v1/tables/${id}`, undefined, bearer(made.json.hostToken))).json
        .table;
    }
    assert.equal(table.hand.phase, 'ended');
    const rules = (await t.opened.readTable(id))!.doc.hand!.game!.score!;
    played.push({ stakes, rules, view: table.hand.game.score, history: table.history[0].score });
  }
  const [one, seven] = played;
  // The same deal at both tables (the seeded test source): the rules' score is the same.
  assert.deepEqual(one.rules, seven.rules);
  assert.deepEqual(one.history, one.rules, 'stakes 1 change nothing');
  assert.deepEqual(one.view, one.rules);
  const r = seven.rules;
  const expected = {
    ...r,
    unit: r.unit * 7,
    stakes: r.stakes.map((x: number) => x * 7),
    deltas: r.deltas.map((x: number) => x * 7),
  };
  assert.notDeepEqual(r.deltas, expected.deltas);
  assert.deepEqual(seven.history, expected);
  assert.deepEqual(seven.view, expected);
  assert.equal(
    expected.deltas.reduce((a: number, b: number) => a + b, 0),
    0,
    'still zero-sum',
  );
  for (const [body, field] of [
    [{ preset: 'doudizhu', stakes: 0 }, 'stakes'],
    [{ preset: 'doudizhu', stakes: 1001 }, 'stakes'],
    [{ preset: 'doudizhu', stakes: 2.5 }, 'stakes'],
    [{ preset: 'holdem', stakes: 2 }, 'stakes'],
  ] as const) {
    const x = await t.call('POST', '/v1/tables', body);
    assert.equal(x.status, 400, x.text);
    assert.match(x.json.error, new RegExp(field));
  }
});
