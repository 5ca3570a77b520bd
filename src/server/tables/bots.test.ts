// The house's bot seats (docs/TABLES.md, "Bots"), tried by the people who would cheat with them:
// a person taking a bot's seat or its name, a seat seating a bot, a bot hand played by the sweep
// alone (every transcript verified, the house's seats named), a table of bots alone (never
// green), and a bot turn due across a restart.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer, playFair, seatedTable } from '../../../test/support/seated-table.ts';
import { type Json, testApp } from '../../../test/support/test-table.ts';
import {
  type AnnouncementV3,
  checkAnnouncementV3,
  checkRosterV3,
  commitAsSeat,
  createSeatKey,
  describeVerdict,
  type RosterV3,
  revealAsSeat,
  verify,
} from '../../fair/index.ts';
import { chacha20 } from '../../index.ts';
import { sweepDue } from './sweep-due.ts';
import { BOT_DELAY_MS } from './turn-clock.ts';

type App = ReturnType<typeof testApp>;

const sweeper = (t: App) => () =>
  sweepDue({
    tables: t.tables,
    box: t.box,
    notifier: t.notifier,
    ctx: () => ({ now: t.clock.t, seal: t.box.seal, open: t.box.open, dealer: t.box.dealer }),
  });

/** A Dou Dizhu table with bots at `bots`; every other seat claimed by a person. */
async function botTable(t: App, bots: number[], body: Record<string, unknown> = {}) {
  const made = await t.call('POST', '/v1/tables', { preset: 'doudizhu', bots, ...body });
  assert.equal(made.status, 201, made.text);
  const id = made.json.tableId as string;
  const tokens: (string | null)[] = [null, null, null];
  const keys: Json[] = [null, null, null];
  for (const { seat, invite } of made.json.invites) {
    const key = await createSeatKey(chacha20(`person ${id} ${seat}`));
    const r = await t.call('POST', `/v1/tables/${id}/seats/${seat}/claim`, {
      invite,
      publicKey: key.publicKey,
    });
    assert.equal(r.status, 201, r.text);
    tokens[seat] = r.json.seatToken;
    keys[seat] = key;
  }
  return { made, id, host: made.json.hostToken as string, tokens, keys };
}

/** The persons' side of the fair protocol of the current hand (the bots' is the service's). */
async function personsPlayFair(t: App, b: Awaited<ReturnType<typeof botTable>>) {
  const read = async (k: number) =>
    (await t.call('GET', `/v1/tables/${b.id}`, undefined, bearer(b.tokens[k]!))).json.table;
  const persons = b.tokens.flatMap((tk, k) => (tk === null ? [] : [k]));
  let table = await read(persons[0]!);
  const a = table.hand.announcement as AnnouncementV3;
  const mine = new Map<number, Json>();
  for (const k of persons) {
    await checkAnnouncementV3(a, { seat: k, publicKey: b.keys[k].publicKey });
    const c = await commitAsSeat(a, k, `person ${k} hand ${a.hand}`, b.keys[k]);
    mine.set(k, c);
    const r = await t.call(
      'POST',
      `/v1/tables/${b.id}/actions`,
      { type: 'commit', version: table.version, commitment: c.commitment, signature: c.signature },
      bearer(b.tokens[k]!),
    );
    assert.equal(r.status, 200, r.text);
    table = r.json.table;
  }
  // The roster closed with the last person's commit, and the bots revealed at once.
  assert.equal(table.hand.phase, 'revealing');
  for (const k of table.bots as number[]) assert.notEqual(table.hand.reveals[k], null);
  for (const k of persons) {
    await checkRosterV3(table.hand.roster as RosterV3, a, mine.get(k));
    const rv = await revealAsSeat(mine.get(k), table.hand.roster as RosterV3, b.keys[k]);
    const r = await t.call(
      'POST',
      `/v1/tables/${b.id}/actions`,
      {
        type: 'reveal',
        version: table.version,
        seed: rv.seed,
        salt: rv.salt,
        signature: rv.signature,
      },
      bearer(b.tokens[k]!),
    );
    assert.equal(r.status, 200, r.text);
    table = r.json.table;
  }
  return table;
}

/** Sweeps (advancing the clock past each due time) until the hand is no longer in play. */
async function sweepToEnd(t: App, id: string, host: string, limit = 400) {
  const sweep = sweeper(t);
  for (let i = 0; i < limit; i++) {
    const table = (await t.call('GET', `/v1/tables/${id}`, undefined, bearer(host))).json.table;
    if (table.hand.phase !== 'playing') return table;
    const due = table.hand.clock?.deadline as number;
    assert.ok(typeof due === 'number', 'a hand in play has a clock: the bot or the person');
    t.clock.t = Math.max(t.clock.t, due);
    assert.equal(await sweep(), 1, 'the sweep moved for the seat to act');
  }
  assert.fail('the hand did not end');
}

test('bots: created with the table, the bots hold their seats as house-bot-N with keys of their own; their invites are none', async () => {
  const t = testApp('bots-create');
  const b = await botTable(t, [1, 2], { turnSeconds: 0 });
  assert.deepEqual(
    b.made.json.invites.map((x: Json) => x.seat),
    [0],
  );
  const table = (await t.call('GET', `/v1/tables/${b.id}`, undefined, bearer(b.host))).json.table;
  assert.deepEqual(table.bots, [1, 2]);
  // The announcement binds house-bot-N and the bot's own key (not the dealer's, not each other's).
  const a = table.hand.announcement;
  assert.deepEqual(
    a.seats.map((s: Json) => s.player),
    ['seat-0', 'house-bot-1', 'house-bot-2'],
  );
  const keys = a.seats.map((s: Json) => s.key);
  assert.equal(new Set([...keys, a.dealer]).size, 4);
  // The bots committed as the hand opened; the person has not.
  assert.equal(table.hand.phase, 'committing');
  assert.deepEqual(
    table.hand.commits.map((c: Json) => c !== null),
    [false, true, true],
  );
  // Bad bots: out of range, twice, at a game the bot does not play.
  for (const [body, re] of [
    [{ preset: 'doudizhu', bots: [3] }, /bots must be distinct seat numbers from 0 to 2/],
    [{ preset: 'doudizhu', bots: [1, 1] }, /bots must be distinct/],
    [{ preset: 'doudizhu', bots: [-1] }, /bots/],
    [{ preset: 'doudizhu', bots: 'all' }, /bots/],
    [{ preset: 'holdem', options: { seats: 2 }, bots: [1] }, /Dou Dizhu only/],
  ] as const) {
    const r = await t.call('POST', '/v1/tables', body);
    assert.equal(r.status, 400, r.text);
    assert.equal(r.json.code, 'BAD_REQUEST');
    assert.match(r.json.error, re);
  }
});

test('bots: a person cannot take a bot’s seat, nor its name; a seat cannot seat a bot — only the host, at a free seat', async () => {
  const t = testApp('bots-cheat');
  const made = await t.call('POST', '/v1/tables', { preset: 'doudizhu', bots: [2] });
  const id = made.json.tableId as string;
  const key = await createSeatKey(chacha20('cheater'));
  // Seat 0's invite used on the bot's seat: the seat is held.
  const steal = await t.call('POST', `/v1/tables/${id}/seats/2/claim`, {
    invite: made.json.invites[0].invite,
    publicKey: key.publicKey,
  });
  assert.equal(steal.status, 409, steal.text);
  assert.equal(steal.json.code, 'SEAT_TAKEN');
  // A claimer naming itself as the house's bot, in any case: refused, naming the field.
  for (const player of ['house-bot-1', 'House-Bot-9', 'house-bot']) {
    const r = await t.call('POST', `/v1/tables/${id}/seats/0/claim`, {
      invite: made.json.invites[0].invite,
      publicKey: key.publicKey,
      player,
    });
    assert.equal(r.status, 400, r.text);
    assert.match(r.json.error, /^player: .*house-bot/);
  }
  // The host naming a seat so: refused too.
  const named = await t.call('POST', '/v1/tables', {
    preset: 'doudizhu',
    players: ['alice', 'house-bot-1', 'carol'],
  });
  assert.equal(named.status, 400, named.text);
  assert.match(named.json.error, /^players: .*house-bot/);
  // The invites still work for the people they were given to.
  const c0 = await t.call('POST', `/v1/tables/${id}/seats/0/claim`, {
    invite: made.json.invites[0].invite,
    publicKey: key.publicKey,
  });
  assert.equal(c0.status, 201, c0.text);
  // Seat 0 tries to seat a bot at seat 1 (three votes for one player): 403.
  const bySeat = await t.call(
    'POST',
    `/v1/tables/${id}/seats/1/bot`,
    undefined,
    bearer(c0.json.seatToken),
  );
  assert.equal(bySeat.status, 403, bySeat.text);
  assert.equal(bySeat.json.code, 'FORBIDDEN');
  const stranger = await t.call('POST', `/v1/tables/${id}/seats/1/bot`);
  assert.equal(stranger.status, 401, stranger.text);
  const host = bearer(made.json.hostToken);
  // The host on a held seat (a person's or a bot's): 409; no such seat: 404.
  for (const seat of [0, 2]) {
    const r = await t.call('POST', `/v1/tables/${id}/seats/${seat}/bot`, undefined, host);
    assert.equal(r.status, 409, r.text);
    assert.equal(r.json.code, 'SEAT_TAKEN');
  }
  const none = await t.call('POST', `/v1/tables/${id}/seats/3/bot`, undefined, host);
  assert.equal(none.status, 404, none.text);
  // The host fills seat 1: the last seat, so hand 1 opens, the bots committed already.
  const ok = await t.call('POST', `/v1/tables/${id}/seats/1/bot`, undefined, host);
  assert.equal(ok.status, 200, ok.text);
  assert.equal(ok.json.seat, 1);
  assert.deepEqual(ok.json.table.bots, [1, 2]);
  assert.deepEqual(
    ok.json.table.hand.commits.map((c: Json) => c !== null),
    [false, true, true],
  );
  // Seat 1's old invite is dead.
  const late = await t.call('POST', `/v1/tables/${id}/seats/1/claim`, {
    invite: made.json.invites[1].invite,
    publicKey: (await createSeatKey(chacha20('late'))).publicKey,
  });
  assert.equal(late.status, 409, late.text);
  // Not at another game.
  const holdem = await t.call('POST', '/v1/tables', { preset: 'holdem', options: { seats: 2 } });
  const r = await t.call(
    'POST',
    `/v1/tables/${holdem.json.tableId}/seats/0/bot`,
    undefined,
    bearer(holdem.json.hostToken),
  );
  assert.equal(r.status, 400, r.text);
  assert.match(r.json.error, /Dou Dizhu only/);
});

test('bots: kicking a bot frees its seat under a fresh invite; the newcomer is a person (seat-N), not the house', async () => {
  const t = testApp('bots-kick');
  const b = await botTable(t, [1, 2], { turnSeconds: 0 });
  const host = bearer(b.host);
  const k = await t.call('POST', `/v1/tables/${b.id}/seats/2/kick`, undefined, host);
  assert.equal(k.status, 200, k.text);
  assert.match(k.json.invite, /^fdt_invite_/);
  const table = (await t.call('GET', `/v1/tables/${b.id}`, undefined, host)).json.table;
  assert.deepEqual(table.bots, [1]);
  assert.equal(table.hand.phase, 'void', 'the hand in progress is void: kicked');
  const key = await createSeatKey(chacha20('newcomer'));
  const c = await t.call('POST', `/v1/tables/${b.id}/seats/2/claim`, {
    invite: k.json.invite,
    publicKey: key.publicKey,
  });
  assert.equal(c.status, 201, c.text);
  const next = c.json.table;
  assert.equal(next.hand.n, 2);
  assert.deepEqual(
    next.hand.announcement.seats.map((s: Json) => s.player),
    ['seat-0', 'house-bot-1', 'seat-2'],
  );
  assert.equal(next.hand.announcement.seats[2].key, key.publicKey);
  const stored = (await t.opened.readTable(b.id))!.doc;
  assert.deepEqual(stored.botKeys?.[2] ?? null, null, 'the kicked bot’s key is gone');
});

test('bots: one person and two bots play whole hands to the end through the sweep alone; each transcript verifies and its verdict names the house’s seats', async () => {
  const t = testApp('bots-play');
  const b = await botTable(t, [1, 2]);
  const sweep = sweeper(t);
  const verdicts: string[] = [];
  for (let n = 1; n <= 3; n++) {
    const dealt = await personsPlayFair(t, b);
    assert.equal(dealt.hand.phase, 'playing');
    assert.equal(dealt.hand.n, n);
    // Nothing moves before a clock runs out: not the bot's second, not the person's turn.
    assert.equal(await sweep(), 0);
    const end = await sweepToEnd(t, b.id, b.host);
    assert.equal(end.hand.phase, 'ended');
    const log = end.hand.log as Json[];
    // The bots moved as themselves (never `timeout`), the person by the clock.
    for (const a of log.filter((x) => x.type === 'timeout')) assert.equal(a.seat, 0);
    assert.ok(
      log.some((x) => (x.type === 'play' || x.type === 'bid') && x.seat !== 0),
      'the bots bid or played',
    );
    const rec = await t.call('GET', `/v1/tables/${b.id}/hands/${n}/transcript`);
    assert.equal(rec.status, 200, rec.text);
    const r = verify(rec.json.transcript, { dealer: t.box.dealer.publicKey });
    assert.ok(r.ok, JSON.stringify(r));
    const d = describeVerdict(r.verdict);
    assert.equal(d.status, 'proven-fair');
    assert.equal(d.green, true);
    assert.deepEqual(d.houseSeats, [1, 2]);
    assert.match(
      d.detail,
      /; seats 2 and 3 are the house's bots: their seeds are the house's; the deal is fair to you if your own seed was$/,
    );
    // /v1/verify says the same.
    const v = await t.call('POST', '/v1/verify', { transcript: rec.json.transcript });
    assert.equal(v.json.detail, d.detail);
    verdicts.push(d.detail);
    // Only the person or the host opens the next hand.
    t.clock.t += 3_600_000;
    assert.equal(await sweep(), 0, 'the sweep never opens a hand');
    const next = await t.call(
      'POST',
      `/v1/tables/${b.id}/actions`,
      { type: 'next-hand', version: end.version },
      bearer(b.tokens[0]!),
    );
    assert.equal(next.status, 200, next.text);
  }
  assert.equal(verdicts.length, 3);
});

test('bots: a table of bots alone plays its hand by the sweep, then waits; its verdict is never green (the house alone chose the deck)', async () => {
  const t = testApp('bots-alone');
  const made = await t.call('POST', '/v1/tables', { preset: 'doudizhu', bots: [0, 1, 2] });
  assert.equal(made.status, 201, made.text);
  assert.deepEqual(made.json.invites, []);
  assert.equal(made.json.table.hand.phase, 'playing', 'dealt at once: every seed was the house’s');
  const end = await sweepToEnd(t, made.json.tableId, made.json.hostToken);
  assert.equal(end.hand.phase, 'ended');
  assert.deepEqual(await t.tables.listDue(t.clock.t + 86_400_000, 10), [], 'never due again');
  const rec = await t.call('GET', `/v1/tables/${made.json.tableId}/hands/1/transcript`);
  const r = verify(rec.json.transcript);
  assert.ok(r.ok);
  assert.equal(r.verdict.fairness, 'proven-fair', 'the verifier: three keys, three seeds');
  const d = describeVerdict(r.verdict);
  assert.equal(d.status, 'house-alone');
  assert.equal(d.green, false);
  assert.equal(d.exitCode, 3);
  assert.match(d.detail, /every seat is the house's bot \(seats 1, 2 and 3\)/);
  const v = await t.call('POST', '/v1/verify', { transcript: rec.json.transcript });
  assert.equal(v.json.green, false);
  assert.equal(v.json.status, 'house-alone');
});

test('bots: a bot turn due before a restart is played after it, from the stored due time', async () => {
  const first = testApp('bots-restart');
  const b = await botTable(first, [1, 2]);
  await personsPlayFair(first, b);
  // Play until a bot is to act.
  const sweep1 = sweeper(first);
  let table = (await first.call('GET', `/v1/tables/${b.id}`, undefined, bearer(b.host))).json.table;
  for (let i = 0; i < 10 && table.hand.clock.seat === 0; i++) {
    first.clock.t = table.hand.clock.deadline;
    assert.equal(await sweep1(), 1);
    table = (await first.call('GET', `/v1/tables/${b.id}`, undefined, bearer(b.host))).json.table;
  }
  const clock = table.hand.clock;
  assert.notEqual(clock.seat, 0, 'a bot is to act');
  assert.equal(clock.ms, BOT_DELAY_MS);
  // The process dies (kill -9: nothing runs at shutdown); a new one opens the same store later.
  const second = testApp('bots-restart-2', { tables: first.tables, box: first.box });
  second.clock.t = clock.deadline + 60_000;
  assert.deepEqual(await second.tables.listDue(second.clock.t, 10), [b.id]);
  assert.equal(await sweeper(second)(), 1, 'the new process moved for the bot');
  const after = (await second.call('GET', `/v1/tables/${b.id}`, undefined, bearer(b.host))).json
    .table;
  assert.equal(after.version, table.version + 1);
  const moved = (after.hand.log as Json[]).slice(table.hand.log.length);
  assert.ok(moved.length > 0 && moved.every((a) => a.seat === clock.seat || a.seat === null));
  assert.notEqual(moved[0].type, 'timeout');
});

test('bots: a bot’s clock cannot be hurried — a `timeout` before its second is refused; after it, anyone’s `timeout` makes the bot’s own move', async () => {
  const t = testApp('bots-hurry');
  const b = await botTable(t, [1, 2]);
  await personsPlayFair(t, b);
  let table = (await t.call('GET', `/v1/tables/${b.id}`, undefined, bearer(b.tokens[0]!))).json
    .table;
  const sweep = sweeper(t);
  for (let i = 0; i < 10 && table.hand.clock.seat === 0; i++) {
    t.clock.t = table.hand.clock.deadline;
    assert.equal(await sweep(), 1);
    table = (await t.call('GET', `/v1/tables/${b.id}`, undefined, bearer(b.tokens[0]!))).json.table;
  }
  const early = await t.call(
    'POST',
    `/v1/tables/${b.id}/actions`,
    { type: 'timeout', version: table.version },
    bearer(b.tokens[0]!),
  );
  assert.equal(early.status, 409, early.text);
  assert.equal(early.json.code, 'TOO_EARLY');
  // Nor can the person move for the bot.
  const forMe = await t.call(
    'POST',
    `/v1/tables/${b.id}/actions`,
    { type: 'pass', version: table.version },
    bearer(b.tokens[0]!),
  );
  assert.equal(forMe.status >= 400, true, forMe.text);
  t.clock.t = table.hand.clock.deadline;
  const due = await t.call(
    'POST',
    `/v1/tables/${b.id}/actions`,
    { type: 'timeout', version: table.version },
    bearer(b.tokens[0]!),
  );
  assert.equal(due.status, 200, due.text);
  const moved = (due.json.table.hand.log as Json[]).slice(table.hand.log.length);
  assert.notEqual(moved[0].type, 'timeout');
  assert.equal(moved[0].seat, table.hand.clock.seat);
  // The bot is never away (the person whose turns the clock played is).
  assert.deepEqual(due.json.table.away.slice(1), [false, false]);
});

test('bots: seatedTable still seats people only (no bots) — the suites that share it are unchanged', async () => {
  const t = testApp('bots-none');
  const s = await seatedTable(t.call, { preset: 'doudizhu' });
  const { table } = await playFair(t.call, s);
  assert.deepEqual(table.bots, []);
});
