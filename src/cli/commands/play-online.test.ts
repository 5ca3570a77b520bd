// `fairdeal play doudizhu --join LINK`: a terminal seat at an online table, with the two other
// seats played by fairdeal/client. In process (the service's app behind an injected fetch) for
// the details, and once end to end: a real server on 127.0.0.1 and the CLI as a real process
// reading a script on its standard input.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { spawnServer, stopDealer } from '../../../test/server/spawn-server.ts';
import { BASE, clientService, doudizhuMove } from '../../../test/support/client-service.ts';
import { fakeIo } from '../../../test/support/fake-io.ts';
import {
  type FetchLike,
  formatInviteLink,
  type HandVerdict,
  type TablesClient,
  tableSeat,
  tablesClient,
} from '../../client/index.ts';
import { main } from '../main.ts';
import { playWith } from './play.ts';

/**
 * Seats `seats` of a table claimed and played by the client library: each follows the table
 * (its fair steps, its checks) and makes its move when it is its turn. `stop()` ends them.
 */
async function librarySeats(
  client: TablesClient,
  tableId: string,
  invites: readonly { seat: number; invite: string }[],
  seats: readonly number[],
  names: Readonly<Record<number, string>> = {},
) {
  const stop = new AbortController();
  const verdicts: HandVerdict[] = [];
  const runs: Promise<unknown>[] = [];
  for (const k of seats) {
    const player = names[k];
    const claimed = await client.claimSeat(tableId, k, {
      invite: invites[k]!.invite,
      ...(player === undefined ? {} : { player }),
    });
    const seat = tableSeat({ client, tableId, seat: k, token: claimed.token, key: claimed.key });
    runs.push(seat.follow({ signal: stop.signal, onVerdict: (v) => verdicts.push(v) }));
    runs.push(
      (async () => {
        while (!stop.signal.aborted) {
          const move = doudizhuMove(seat.table, k);
          if (move === null) await new Promise((r) => setTimeout(r, 5));
          else await seat.act(move).catch(() => {});
        }
      })(),
    );
  }
  return {
    verdicts,
    stop: async () => {
      stop.abort();
      await Promise.all(runs);
    },
  };
}

/** Answers each prompt from what the terminal shows; records the prompts. */
function scripted(out: () => string, answer: (prompt: string, out: string) => string | null) {
  let asked = 0;
  return async () => {
    asked++;
    assert.ok(asked < 200, 'a bounded number of questions');
    const text = out();
    return answer(text.slice(text.lastIndexOf('\n') + 1), text);
  };
}

test('--join: a terminal seat claims, bids and plays a whole hand with two library seats, and prints the verdict it checked', async () => {
  const s = clientService('cli: play --join');
  const client = s.client();
  const made = await client.createTable({ preset: 'doudizhu', players: ['ann', 'bob', 'cat'] });
  const others = await librarySeats(client, made.tableId, made.invites, [1, 2]);
  const link = formatInviteLink({
    baseUrl: BASE,
    tableId: made.tableId,
    seat: 0,
    invite: made.invites[0]!.invite,
    askName: false,
  });
  const io = fakeIo();
  let plays = 0;
  const readLine = scripted(
    () => io.stdout,
    (prompt, out) => {
      if (prompt.startsWith('Your bid')) return out.includes('✗ type 1, 2, 3') ? '3' : '5';
      if (prompt === 'Your play: ') {
        plays++;
        if (plays === 1) return 'Z';
        if (plays === 2) return 'pass';
        if (plays === 3) {
          // The lowest card of the hand shown (the last: high to low), by its rank alone.
          const shown = out.slice(out.lastIndexOf('Your hand: ')).split('\n')[0]!.split(' ');
          return shown.at(-1)!.slice(0, -1);
        }
        return 'auto';
      }
      if (prompt.startsWith('Another hand?')) return 'no';
      return null;
    },
  );
  const code = await playWith(['doudizhu', '--join', link, '--cards', 'code'], io, readLine, {
    fetch: s.fetch,
  });
  await others.stop();
  const out = io.stdout;
  assert.equal(code, 0, out + io.stderr);
  assert.match(
    out,
    new RegExp(`^Seated at table ${made.tableId} as seat 1 \\(ann\\), with a key made here`),
  );
  assert.match(out, /\nHand 1\nThe dealer announced it\./);
  assert.match(out, /\nYour hand \(17\): (\S\S?[SHDC]|BJ|RJ)( (\S\S?[SHDC]|BJ|RJ)){16}\n/);
  assert.match(out, /You bid first\.\n/);
  assert.match(out, /Your bid \(1, 2, 3 or pass\): {3}✗ type 1, 2, 3 or pass/);
  assert.match(out, /You: bid 3\n\nYou are the landlord \(地主\) at 3; the kitty: \S+ \S+ \S+\n/);
  assert.match(out, /Your play: {3}✗ I don't know 'Z'/);
  assert.match(out, /Your play: {3}✗ you lead: play something/);
  // The other seats' moves, as their events arrive.
  assert.match(out, /\nbob: pass\ncat: pass\n/);
  // The rank typed plays the lowest card as a single.
  assert.match(out, /Your play: You: [3-9TJQKA2][SHDC] {2}single 单张\nbob: pass\n/);
  assert.match(out, /\nYou are out: the landlord wins\.\nScore: base 3, /);
  assert.match(out, /\nYou \+\d+, bob -\d+, cat -\d+\n/);
  assert.match(
    out,
    /\nHand 1, checked on this machine: PROVEN FAIR — proven fair among 3 independently keyed seats/,
  );
  assert.match(out, /Another hand\? \(yes \/ no\): You leave the table\./);
  assert.doesNotMatch(out, /fdt_(seat|invite|host)_/);
  assert.equal(io.stderr, '');
  // The other seats checked the same hand on their side.
  assert.deepEqual(
    others.verdicts.map((v) => [v.n, v.words?.status]),
    [
      [1, 'proven-fair'],
      [1, 'proven-fair'],
    ],
  );
  assert.equal(s.listeners.live, 0, 'every stream was closed');
});

test('--join with a /name link asks for a name (again when it is taken); input that ends leaves mid-hand (exit 1)', async () => {
  const s = clientService('cli: play --join /name');
  const client = s.client();
  const made = await client.createTable({ preset: 'doudizhu' });
  const others = await librarySeats(client, made.tableId, made.invites, [1, 2], {
    1: 'bob',
    2: 'cat',
  });
  const link = formatInviteLink({
    baseUrl: BASE,
    tableId: made.tableId,
    seat: 0,
    invite: made.invites[0]!.invite,
    askName: true,
  });
  const io = fakeIo();
  const answers = ['bob', 'dora'];
  const code = await playWith(
    ['doudizhu', '--join', link],
    io,
    scripted(
      () => io.stdout,
      () => answers.shift() ?? null,
    ),
    { fetch: s.fetch },
  );
  await others.stop();
  assert.equal(code, 1);
  assert.match(
    io.stdout,
    /Your bid \(1, 2, 3 or pass\): \nInput ended: you leave the table mid-hand\./,
  );
  assert.match(
    io.stdout,
    /^Your name at the table: {3}✗ Another seat has that name\.\nYour name at the table: Seated at table \w+ as seat 1 \(dora\)/,
  );
});

test('--join refuses what is not an invite link, and the offline options (exit 2); a used invite fails (exit 1)', async () => {
  for (const bad of [
    'k3x',
    'http://h/#table/k3/0/fdt_invite_AbC-123_xyzXYZ09876',
    'https://h/x/#table/k3/join/0/fdt_invite_AbC-123_xyzXYZ09876',
  ]) {
    const io = fakeIo();
    assert.equal(await main(['play', 'doudizhu', '--join', bad], io), 2);
    assert.match(
      io.stderr,
      /--join takes the invite link the page hands out: http\(s\):\/\/host\[:port\]\/#table\/<id>\/join\/<seat>\/<invite>\[\/name\]/,
    );
  }
  const link = 'http://127.0.0.1:1/#table/k3/join/0/fdt_invite_AbC-123_xyzXYZ09876';
  const io = fakeIo();
  assert.equal(await main(['play', 'doudizhu', '--join', link, '--seed', 's'], io), 2);
  assert.match(io.stderr, /--seed, --rob and --rule are for the offline game/);
  const named = fakeIo();
  assert.equal(await main(['play', 'doudizhu', '--name', 'x'], named), 2);
  assert.match(named.stderr, /--name goes with --join/);

  const s = clientService('cli: used invite');
  const made = await s.client().createTable({ preset: 'doudizhu' });
  await s.client().claimSeat(made.tableId, 0, { invite: made.invites[0]!.invite });
  const used = formatInviteLink({
    baseUrl: BASE,
    tableId: made.tableId,
    seat: 0,
    invite: made.invites[0]!.invite,
    askName: false,
  });
  await assert.rejects(
    playWith(['doudizhu', '--join', used], fakeIo(), async () => null, { fetch: s.fetch }),
    /^Error: That seat has been claimed already\. Ask the host for a new invite link\.$/,
  );
});

test('--join: a dealer whose announcement is not signed by its published key is caught; the terminal never commits (exit 1)', async () => {
  const s = clientService('cli: cheating dealer');
  const client = s.client();
  const made = await client.createTable({ preset: 'doudizhu' });
  const others = await librarySeats(client, made.tableId, made.invites, [1, 2]);
  const posted: string[] = [];
  // Between the terminal and the service: the announcement's signature altered on every read.
  const forging: FetchLike = async (url, init) => {
    const path = new URL(url).pathname;
    if (init.method === 'POST') posted.push(`${path} ${String(init.body)}`);
    const res = await s.fetch(url, init);
    if (init.method !== 'GET' || !/^\/v1\/tables\/\w+$/.test(path)) return res;
    const body = await res.json();
    const a = body.table.hand?.announcement;
    if (a) a.signature = (a.signature[0] === '0' ? '1' : '0') + a.signature.slice(1);
    return new Response(JSON.stringify(body), { status: res.status, headers: res.headers });
  };
  const link = formatInviteLink({
    baseUrl: BASE,
    tableId: made.tableId,
    seat: 0,
    invite: made.invites[0]!.invite,
    askName: false,
  });
  const io = fakeIo();
  const code = await playWith(['doudizhu', '--join', link], io, async () => null, {
    fetch: forging,
  });
  await others.stop();
  assert.equal(code, 1);
  assert.equal(
    io.stderr,
    "fairdeal play: the dealer failed a check — hand 1: the dealer's announcement failed this seat's check: the announcement is not signed by the dealer's key; this seat will not commit\n",
  );
  assert.deepEqual(
    posted.filter((p) => p.includes('/actions')),
    [],
  );
});

test('--join end to end: a real server on 127.0.0.1, the CLI as a process reading its moves from standard input', {
  timeout: 120_000,
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-play-join-'));
  const server = await spawnServer(join(dir, 'db.sqlite'));
  try {
    const client = tablesClient({ baseUrl: server.url });
    const made = await client.createTable({ preset: 'doudizhu', players: ['ann', 'bob', 'cat'] });
    const others = await librarySeats(client, made.tableId, made.invites, [1, 2]);
    const link = formatInviteLink({
      baseUrl: server.url,
      tableId: made.tableId,
      seat: 0,
      invite: made.invites[0]!.invite,
      askName: false,
    });
    const child = spawn(
      process.execPath,
      ['src/cli/main.ts', 'play', 'doudizhu', '--join', link, '--cards', 'code'],
      {
        cwd: new URL('../../..', import.meta.url).pathname,
        env: { ...process.env, NO_COLOR: '1' },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (t: string) => (out += t));
    child.stderr.setEncoding('utf8').on('data', (t: string) => (err += t));
    // The whole script at once, as `… < moves.txt` would: bid 3, then the hint each time; after
    // the hand, the extra lines are refused by the yes/no question until the "no".
    child.stdin.end(`3\n${'auto\n'.repeat(30)}no\n`);
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    await others.stop();
    assert.equal(status, 0, `${out}\n${err}`);
    assert.match(out, /Your hand \(17\): /);
    assert.match(out, /You are the landlord \(地主\) at 3/);
    assert.match(out, /\nbob: pass\ncat: pass\n/);
    assert.match(out, /Hand 1, checked on this machine: PROVEN FAIR — /);
    assert.match(out, /You leave the table\./);
    assert.equal(err, '');
    assert.equal(others.verdicts.filter((v) => v.green).length, 2);
  } finally {
    await stopDealer(server);
    rmSync(dir, { recursive: true, force: true });
  }
});
