import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer, seatKey } from '../../../test/support/seated-table.ts';
import { type Json, testApp } from '../../../test/support/test-table.ts';
import { formatRoomCode } from '../../client/index.ts';
import { TABLE_ROUTES } from './routes/table-route-list.ts';

// Rooms (docs/TABLES.md, "Rooms"), played as the cheater would: a stranger guessing codes, a
// claimer taking a seat someone holds or wearing another seat's name, a spectator trying to act.
// Every refusal is checked to change nothing.

type App = ReturnType<typeof testApp>;

const CODE = /^[0-9A-HJKMNP-TV-Z]{8}$/;

/** A Dou Dizhu room dealt at once when full (practice), no turn clock. */
async function room(t: App, body: Record<string, unknown> = {}) {
  const made = await t.call('POST', '/v1/tables', {
    preset: 'doudizhu',
    fair: false,
    turnSeconds: 0,
    room: true,
    ...body,
  });
  assert.equal(made.status, 201, made.text);
  return {
    id: made.json.tableId as string,
    code: made.json.room.code as string,
    hostToken: made.json.hostToken as string,
    invites: made.json.invites as { seat: number; invite: string }[],
    made,
  };
}

/** Claims `seat` with `credential` (an invite or a room code) and a key of its own. */
async function claim(
  t: App,
  id: string,
  seat: number,
  credential: { invite: string } | { code: string },
  extra: Record<string, unknown> = {},
) {
  const key = await seatKey(`${id} ${seat} ${JSON.stringify(extra)}`);
  return t.call('POST', `/v1/tables/${id}/seats/${seat}/claim`, {
    ...credential,
    publicKey: key.publicKey,
    ...extra,
  });
}

const read = async (t: App, id: string, token: string): Promise<Json> =>
  (await t.call('GET', `/v1/tables/${id}`, undefined, bearer(token))).json.table;

test('rooms: the code is 8 Crockford symbols shown once, kept only as its SHA-256; the link carries it in the fragment; a table that is no room has neither', async () => {
  const t = testApp('rooms-code');
  const r = await room(t);
  assert.match(r.code, CODE);
  assert.deepEqual(r.made.json.room, { code: r.code, link: `/#room=${r.code}` });
  assert.equal(r.made.json.table.room, true);
  assert.equal(r.made.json.table.stakes, 1);
  const other = await room(t);
  assert.notEqual(other.code, r.code);
  const opened = await t.call('POST', '/v1/rooms/open', { code: r.code });
  const stored = JSON.stringify((await t.tables.readTable(r.id))!.doc);
  assert.equal(stored.includes(r.code), false, 'the code is not stored');
  assert.equal(stored.includes(opened.json.watchToken), false, 'the watch token is sealed');
  const plain = await t.call('POST', '/v1/tables', { preset: 'doudizhu' });
  assert.equal(plain.json.room, undefined);
  assert.equal(plain.json.table.room, false);
  const refused = await t.call('POST', '/v1/tables', { preset: 'doudizhu', room: 'yes' });
  assert.equal(refused.status, 400, refused.text);
  assert.match(refused.json.error, /room/);
});

test('rooms/open: the code as people type it finds the room, as a spectator sees it; a guessed code or none is 404 ROOM_NOT_FOUND, the same answer, and changes nothing', async () => {
  const t = testApp('rooms-open');
  const r = await room(t);
  const aliases = r.code.replace(/0/g, 'o').replace(/1/g, 'l');
  const spellings = [
    r.code,
    formatRoomCode(r.code).toLowerCase(),
    ` ${aliases.slice(0, 4)} ${aliases.slice(4)} `,
  ];
  const answers = [];
  for (const code of spellings) {
    const o = await t.call('POST', '/v1/rooms/open', { code });
    assert.equal(o.status, 200, `${code}: ${o.text}`);
    answers.push(o.json);
  }
  const first = answers[0];
  assert.equal(first.tableId, r.id);
  assert.match(first.watchToken, /^fdt_watch_[A-Za-z0-9_-]{43}$/);
  for (const a of answers) assert.equal(a.watchToken, first.watchToken, 'one watch token per room');
  assert.equal(first.table.you, 'spectator');
  assert.equal(first.table.room, true);
  const version = first.table.version;
  // A guess one symbol off, a code of another alphabet, no code at all: one answer.
  const flipped = `${r.code.slice(0, 7)}${r.code[7] === 'Z' ? 'Y' : 'Z'}`;
  const texts = new Set<string>();
  for (const code of [flipped, 'ABCDEFGU', 'hello', '#room=', r.code.slice(0, 7)]) {
    const o = await t.call('POST', '/v1/rooms/open', { code });
    assert.equal(o.status, 404, `${code}: ${o.text}`);
    assert.equal(o.json.code, 'ROOM_NOT_FOUND');
    texts.add(o.text);
  }
  assert.equal(texts.size, 1, 'every miss is answered alike');
  assert.equal((await t.call('POST', '/v1/rooms/open', {})).status, 400, 'the code is required');
  // A table that is no room is not found by anything.
  await t.call('POST', '/v1/tables', { preset: 'doudizhu' });
  assert.equal((await read(t, r.id, r.hostToken)).version, version, 'nothing changed');
});

test('claim by code: any open seat, with a name; a wrong code is 401 BAD_ROOM_CODE, a held seat 409 SEAT_TAKEN, and neither changes anything; an invite still works', async () => {
  const t = testApp('rooms-claim');
  const r = await room(t);
  const one = await claim(
    t,
    r.id,
    1,
    { code: formatRoomCode(r.code).toLowerCase() },
    { name: ' 张三 ' },
  );
  assert.equal(one.status, 201, one.text);
  assert.match(one.json.seatToken, /^fdt_seat_/);
  assert.deepEqual(one.json.table.you, { seat: 1, player: 'seat-1' }, 'the player id stays');
  assert.deepEqual(one.json.table.names, [null, '张三', null]);
  const before = await read(t, r.id, r.hostToken);
  const refusals: [number, Record<string, string>, number, string][] = [
    [0, { code: `${r.code.slice(0, 7)}${r.code[7] === 'Z' ? 'Y' : 'Z'}` }, 401, 'BAD_ROOM_CODE'],
    [0, { code: 'not a code' }, 401, 'BAD_ROOM_CODE'],
    // The right code never takes a seat someone holds.
    [1, { code: r.code }, 409, 'SEAT_TAKEN'],
    // Another room's code, or the code of this room with another room's id, takes nothing.
    [0, { code: (await room(t)).code }, 401, 'BAD_ROOM_CODE'],
    // Neither credential, or both.
    [0, {}, 400, 'BAD_REQUEST'],
    [0, { code: r.code, invite: r.invites[0]!.invite }, 400, 'BAD_REQUEST'],
  ];
  for (const [seat, credential, status, code] of refusals) {
    const x = await claim(t, r.id, seat, credential as { code: string });
    assert.equal(x.status, status, `${JSON.stringify(credential)}: ${x.text}`);
    assert.equal(x.json.code, code, x.text);
  }
  assert.deepEqual(await read(t, r.id, r.hostToken), before, 'no refusal changed anything');
  // A code at a table that is no room.
  const plain = await t.call('POST', '/v1/tables', { preset: 'doudizhu' });
  const x = await claim(t, plain.json.tableId, 0, { code: r.code });
  assert.equal(x.status, 401, x.text);
  assert.equal(x.json.code, 'BAD_ROOM_CODE');
  // The host's invite still claims its seat at a room; the last claim deals.
  const zero = await claim(t, r.id, 0, { invite: r.invites[0]!.invite }, { name: 'Zoë' });
  assert.equal(zero.status, 201, zero.text);
  const two = await claim(t, r.id, 2, { code: r.code });
  assert.equal(two.status, 201, two.text);
  const full = await read(t, r.id, r.hostToken);
  assert.deepEqual(full.names, ['Zoë', '张三', null]);
  assert.equal(full.hand.phase, 'playing');
});

test('names: trimmed and NFC, 1 to 20 characters of any script; control and format characters refused naming the field; two seats never share one (in any case or composition)', async () => {
  const t = testApp('rooms-names');
  const r = await room(t);
  assert.equal((await claim(t, r.id, 0, { code: r.code }, { name: 'José' })).status, 201);
  const before = await read(t, r.id, r.hostToken);
  const bad: [unknown, number, string][] = [
    ['a\u0007b', 400, 'BAD_REQUEST'],
    ['line\nbreak', 400, 'BAD_REQUEST'],
    ['evil\u202Egnp.exe', 400, 'BAD_REQUEST'],
    ['zero\u200Dwidth', 400, 'BAD_REQUEST'],
    ['   ', 400, 'BAD_REQUEST'],
    ['', 400, 'BAD_REQUEST'],
    ['x'.repeat(21), 400, 'BAD_REQUEST'],
    [42, 400, 'BAD_REQUEST'],
    // The same name as seat 0's: in other case, and with é as e + a combining accent.
    ['JOSÉ', 409, 'NAME_TAKEN'],
    ['Jose\u0301', 409, 'NAME_TAKEN'],
  ];
  for (const [name, status, code] of bad) {
    const x = await claim(t, r.id, 1, { code: r.code }, { name });
    assert.equal(x.status, status, `${JSON.stringify(name)}: ${x.text}`);
    assert.equal(x.json.code, code, x.text);
    if (status === 400) assert.match(x.json.error, /name/, 'the refusal names the field');
  }
  assert.deepEqual(await read(t, r.id, r.hostToken), before, 'no refusal changed anything');
  const ok = await claim(t, r.id, 1, { code: r.code }, { name: 'Mary-Jane O’Brien' });
  assert.equal(ok.status, 201, ok.text);
  const cjk = await claim(t, r.id, 2, { code: r.code }, { name: '老王 2号' });
  assert.equal(cjk.status, 201, cjk.text);
  assert.deepEqual((await read(t, r.id, r.hostToken)).names, [
    'José',
    'Mary-Jane O’Brien',
    '老王 2号',
  ]);
  // A kicked seat's name goes with its player: the newcomer may take it.
  const kicked = await t.call(
    'POST',
    `/v1/tables/${r.id}/seats/0/kick`,
    undefined,
    bearer(r.hostToken),
  );
  assert.equal(kicked.status, 200, kicked.text);
  assert.equal((await read(t, r.id, r.hostToken)).names[0], null);
  const again = await claim(t, r.id, 0, { code: r.code }, { name: 'josé' });
  assert.equal(again.status, 201, again.text);
});

test('a spectator’s watch token reads, and nothing else: every other route, every action, a kick, the next hand — 403, and nothing changes', async () => {
  const t = testApp('rooms-spectator');
  const r = await room(t);
  for (const seat of [0, 1, 2]) {
    assert.equal((await claim(t, r.id, seat, { code: r.code })).status, 201);
  }
  const watch = (await t.call('POST', '/v1/rooms/open', { code: r.code })).json.watchToken;
  const before = await read(t, r.id, r.hostToken);
  const version = before.version;
  let denied = 0;
  for (const route of TABLE_ROUTES) {
    if (route.auth === 'none' || route.auth === 'invite') continue;
    const path = route.path.replace(':id', r.id).replace(':seat', '1').replace(':n', '1');
    const method = route.method.toUpperCase();
    const res = await t.call(
      method,
      path,
      route.body === undefined ? undefined : { type: 'pass', version },
      bearer(watch),
    );
    if (route.auth === 'viewer' || route.auth === 'viewer-or-ticket') {
      assert.equal(res.status, 200, `${method} ${route.path}: ${res.text}`);
    } else {
      assert.equal(res.status, 403, `${method} ${route.path}: ${res.text}`);
      assert.equal(res.json.code, 'FORBIDDEN');
      denied++;
    }
  }
  assert.ok(denied >= 4, `${denied} routes refused the watch token`);
  // Every action a seat or the host may send.
  const actions = [
    { type: 'bid', bid: 3 },
    { type: 'pass' },
    { type: 'play', cards: ['3S'] },
    { type: 'next-hand' },
    { type: 'void' },
    { type: 'timeout' },
    { type: 'back' },
    { type: 'end-hand' },
    { type: 'double', choice: 'double' },
    { type: 'show-hand' },
  ];
  for (const action of actions) {
    const res = await t.call(
      'POST',
      `/v1/tables/${r.id}/actions`,
      { ...action, version },
      bearer(watch),
    );
    assert.equal(res.status, 403, `${action.type}: ${res.text}`);
    assert.equal(res.json.code, 'FORBIDDEN');
  }
  // Its watch token in place of an invite claims nothing either.
  const kicked = await t.call('POST', `/v1/tables/${r.id}/seats/2/kick`, undefined, bearer(watch));
  assert.equal(kicked.status, 403);
  assert.deepEqual(await read(t, r.id, r.hostToken), before, 'nothing changed');
  // What it reads is the spectator's view: no cards of any seat.
  const seen = await read(t, r.id, watch);
  assert.equal(seen.you, 'spectator');
  assert.equal(seen.hand.yourCards, null);
  const doc = (await t.opened.readTable(r.id))!.doc;
  const held = doc.hand!.game!.hands.flat().map((c) => c.id);
  const events = await t.call('GET', `/v1/tables/${r.id}/events?after=0`, undefined, bearer(watch));
  assert.equal(events.status, 200);
  assert.ok(events.json.events.length >= 4, 'the spectators have events of their own');
  for (const text of [JSON.stringify(seen), events.text]) {
    for (const card of held) {
      assert.equal(new RegExp(`"${card}"`).test(text), false, `${card} was sent to a spectator`);
    }
  }
  // One room's watch token opens no other table.
  const other = await room(t);
  const elsewhere = await t.call('GET', `/v1/tables/${other.id}`, undefined, bearer(watch));
  assert.equal(elsewhere.status, 401);
  // A table that is no room keeps no spectator events.
  const plain = await t.openTable({ preset: 'doudizhu', options: {}, fair: false, turnSeconds: 0 });
  const spectated = await t.opened.readEvents(plain.json.tableId, 'spectator', 0, 10);
  assert.deepEqual(spectated.events, []);
});
