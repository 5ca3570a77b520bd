import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import {
  type AnnouncementV3,
  checkAnnouncementV3,
  checkReceiptV3,
  checkRosterV3,
  commitAsSeat,
  createSeatKey,
  type RosterV3,
  revealAsSeat,
  type SeatCommitV3,
  verify,
} from '../../../src/fair/index.ts';
import { chacha20 } from '../../../src/index.ts';
import { testDatabase } from '../../support/pg-database.ts';
import { type Running, spawnServer } from '../spawn-server.ts';

// Issue 13, "More than one machine": one Dou Dizhu table served by two real `fairdeal serve`
// processes on one PostgreSQL. Each seat acts through one process and listens (SSE) on the
// OTHER, so every event it receives crossed processes by LISTEN/NOTIFY + a re-read of the store.
// The hand is fairdeal-v3: seats claimed with their own keys, signed commits and reveals, and
// the record verifies as proven fair against what was announced on the other process.
const db = await testDatabase();
const running: Running[] = [];
const streams: AbortController[] = [];
after(async () => {
  for (const s of streams) s.abort();
  for (const r of running) r.child.kill('SIGKILL');
  await Promise.all(running.map((r) => r.exited));
  await db.drop();
});
const skip = db.skip === undefined ? {} : { skip: db.skip };

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies are read freely in tests.
type Json = any;
interface Sse {
  readonly id: number;
  readonly type: string;
  readonly data: Json;
}

/** Reads `text/event-stream` with fetch: a minimal parser (id, event, data; comments ignored). */
async function listen(url: string, token: string, into: Sse[]): Promise<void> {
  const ac = new AbortController();
  streams.push(ac);
  const res = await fetch(url, {
    headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
    signal: ac.signal,
  });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /text\/event-stream/);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buf = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buf += value;
        for (let cut = buf.indexOf('\n\n'); cut >= 0; cut = buf.indexOf('\n\n')) {
          const block = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          let id: number | undefined;
          let type = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) id = Number(line.slice(4));
            else if (line.startsWith('event: ')) type = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (id !== undefined) into.push({ id, type, data: JSON.parse(data.join('\n')) });
        }
      }
    } catch {
      // aborted at the end of the test
    }
  })();
}

/** Polls `ok` every 20 ms; fails after `ms` with `what`. */
async function waitFor(ok: () => boolean, ms: number, what: () => string): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) assert.fail(`timed out: ${what()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('two service processes on one PostgreSQL: a Dou Dizhu table played through both, every event reaches every seat on either process', {
  ...skip,
  timeout: 120_000,
}, async () => {
  process.env.DATABASE_URL = db.url!;
  process.env.FAIRDEAL_SECRET_KEY = 'cd'.repeat(32);
  const [a, b] = await Promise.all([spawnServer('unused.db'), spawnServer('unused.db')]);
  running.push(a, b);
  const statuses: number[] = [];
  const call = async (
    base: string,
    method: string,
    path: string,
    body?: object,
    token?: string,
  ) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    });
    statuses.push(res.status);
    return { status: res.status, json: (await res.json()) as Json };
  };

  const made = await call(a.url, 'POST', '/v1/tables', {
    preset: 'doudizhu',
    players: ['ann', 'bo', 'cy'],
  });
  assert.equal(made.status, 201, JSON.stringify(made.json));
  assert.equal(made.json.seatTokens, undefined, 'the host holds no seat');
  const id: string = made.json.tableId;
  // Seat 0 and 2 act on A and listen on B; seat 1 acts on B and listens on A.
  const actOn = [a.url, b.url, a.url];
  const listenOn = [b.url, a.url, b.url];
  // Every seat claims its seat at once, each on the process it acts on, with a key of its own:
  // the store serializes the claims across processes, and the last one opens hand 1.
  const keys = await Promise.all(
    [0, 1, 2].map((s) => createSeatKey(chacha20(`two-process key ${s}`))),
  );
  const claims = await Promise.all(
    [0, 1, 2].map((s) =>
      call(actOn[s]!, 'POST', `/v1/tables/${id}/seats/${s}/claim`, {
        invite: made.json.invites[s].invite,
        publicKey: keys[s]!.publicKey,
      }),
    ),
  );
  for (const c of claims) assert.equal(c.status, 201, JSON.stringify(c.json));
  const tokens: string[] = claims.map((c) => c.json.seatToken);
  const events: Sse[][] = [[], [], []];
  for (const s of [0, 1, 2])
    await listen(`${listenOn[s]}/v1/tables/${id}/events`, tokens[s]!, events[s]!);

  const first = (await call(b.url, 'GET', `/v1/tables/${id}`, undefined, tokens[1])).json.table;
  let version: number = first.version;
  assert.equal(version, 4, 'created and three claims');
  const accepted: number[] = []; // the version every 200 answer reports
  const act = (s: number, body: object, v = version) =>
    call(actOn[s]!, 'POST', `/v1/tables/${id}/actions`, { ...body, version: v }, tokens[s]);
  const took = (r: { status: number; json: Json }) => {
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const v: number = r.json.table.version;
    assert.equal(v, version + 1, 'every accepted action is the next version');
    accepted.push(v);
    version = v;
    return r.json.table;
  };

  // Commit, then reveal (fairdeal-v3: each signed by the seat's own key, checked against the
  // announcement and roster the dealer signed on the other process): all three seats at once, on
  // both processes, each with the version it read. At most one write per version wins; the
  // others are 409 (read again, retry). A lost write would show as a seat missing from `commits`
  // or `reveals`, or a version skipped.
  const dealer = (await call(b.url, 'GET', '/.well-known/fairdeal-key')).json.dealer as string;
  assert.equal((await call(a.url, 'GET', '/.well-known/fairdeal-key')).json.dealer, dealer);
  const ann = first.hand.announcement as AnnouncementV3;
  const mine: SeatCommitV3[] = [];
  for (const s of [0, 1, 2]) {
    await checkAnnouncementV3(ann, { seat: s, publicKey: keys[s]!.publicKey, dealer });
    mine.push(await commitAsSeat(ann, s, `two-process seed ${s}`, keys[s]!, chacha20(`s${s}`)));
  }
  let roster: RosterV3 | undefined;
  for (const step of ['commit', 'reveal'] as const) {
    const bodies: object[] = [];
    for (const i of [0, 1, 2]) {
      if (step === 'commit') {
        bodies.push({
          type: 'commit',
          commitment: mine[i]!.commitment,
          signature: mine[i]!.signature,
        });
      } else {
        await checkRosterV3(roster!, ann, mine[i]!);
        const r = await revealAsSeat(mine[i]!, roster!, keys[i]!);
        bodies.push({ type: 'reveal', seed: r.seed, salt: r.salt, signature: r.signature });
      }
    }
    let pending = [0, 1, 2];
    for (let round = 0; pending.length > 0; round++) {
      assert.ok(round < 10, 'every seat gets through within 10 rounds');
      const v: number = version;
      const answers = await Promise.all(pending.map((i) => act(i, bodies[i]!, v)));
      const wins = answers.filter((r) => r.status === 200);
      assert.equal(wins.length, 1, `exactly one write on version ${v}`);
      for (const r of answers) {
        if (r.status !== 200) {
          assert.equal(r.status, 409, JSON.stringify(r.json));
          assert.equal(r.json.code, 'STALE_VERSION');
        }
      }
      const t: Json = took(wins[0]!);
      assert.equal(await checkReceiptV3(wins[0]!.json.receipt, dealer), true);
      if (t.hand.roster !== null) roster = t.hand.roster;
      pending = pending.filter((_, k) => answers[k]!.status !== 200);
    }
  }
  // Dealt: every seat's 17 cards and the 3-card kitty are 54 different cards.
  const views = await Promise.all(
    [0, 1, 2].map(
      async (s) =>
        (await call(listenOn[s]!, 'GET', `/v1/tables/${id}`, undefined, tokens[s])).json.table,
    ),
  );
  const dealt = views.flatMap((t) => t.hand.yourCards as string[]);
  assert.equal(dealt.length, 51);
  assert.equal(views[0].hand.game.phase, 'bidding');

  // Bidding and play: the seat to act moves on its process while another seat sends a pass on
  // the same version through the other process — never accepted (409), never overwrites.
  let table = views[0];
  const racer = (s: number) => (s + 1) % 3;
  const bidder: number = table.hand.game.turn;
  const [bid, rival] = await Promise.all([
    act(bidder, { type: 'bid', bid: 3 }),
    act(racer(bidder), { type: 'pass' }),
  ]);
  table = took(bid);
  assert.equal(rival.status, 409, JSON.stringify(rival.json));
  assert.equal(table.hand.game.landlord, bidder);
  const kitty: string[] = table.hand.kitty;
  assert.equal(new Set([...dealt, ...kitty]).size, 54, 'no card dealt twice');

  const played: string[] = [];
  for (let guard = 0; guard < 200 && table.hand.phase === 'playing'; guard++) {
    const s: number = table.hand.game.turn;
    const mine: string[] = (await call(actOn[s]!, 'GET', `/v1/tables/${id}`, undefined, tokens[s]))
      .json.table.hand.yourCards;
    let answer: { status: number; json: Json } | undefined;
    for (const c of [...mine].reverse()) {
      const [r, other] = await Promise.all([
        act(s, { type: 'play', cards: [c] }),
        act(racer(s), { type: 'pass' }),
      ]);
      assert.equal(other.status, 409, JSON.stringify(other.json));
      if (r.status === 200) {
        answer = r;
        played.push(c);
        break;
      }
      assert.equal(r.status, 422, JSON.stringify(r.json));
    }
    table = took(answer ?? (await act(s, { type: 'pass' })));
  }
  assert.equal(table.hand.phase, 'ended');
  assert.equal(new Set(played).size, played.length, 'no card played twice');
  for (const c of played) assert.ok(dealt.includes(c) || kitty.includes(c));

  // Every seat, listening on the other process, got every event: ids 1, 2, 3, … with no gap,
  // and one `state` event for each accepted version, in order.
  const last = accepted.at(-1)!;
  for (const s of [0, 1, 2]) {
    const got = events[s]!;
    await waitFor(
      () => got.at(-1)?.data.table?.version === last,
      15_000,
      () =>
        `seat ${s} has ${got.length} events, the last at version ${got.at(-1)?.data.table?.version}`,
    );
    assert.deepEqual(
      got.map((e) => e.id),
      got.map((_, k) => k + 1),
      `seat ${s}: consecutive ids`,
    );
    assert.ok(
      got.every((e) => e.type === 'state'),
      `seat ${s}: no reset`,
    );
    const seen = got.map((e) => e.data.table.version as number);
    for (const v of accepted) assert.ok(seen.includes(v), `seat ${s} saw version ${v}`);
    assert.deepEqual(
      seen,
      [...seen].sort((x, y) => x - y),
    );
    assert.equal(new Set(seen).size, seen.length);
    assert.ok(
      got.every((e) => e.data.table.you.seat === s),
      'each stream is its own seat',
    );
  }

  // The transcript, read from B, verifies against the commitment and roster announced on A.
  const tr = await call(b.url, 'GET', `/v1/tables/${id}/hands/1/transcript`);
  assert.equal(tr.status, 200);
  const checked = verify(tr.json.transcript, {
    commitment: ann.commitment,
    rosterHash: roster!.hash,
    dealer,
  });
  assert.equal(checked.ok, true, JSON.stringify(checked));
  assert.equal(checked.ok && checked.verdict.fairness, 'proven-fair');
  assert.ok(
    statuses.every((x) => x < 500),
    `no 5xx: ${statuses.filter((x) => x >= 500)}`,
  );
  for (const r of [a, b]) assert.doesNotMatch(r.stderr(), /postgres:\/\//);
});
