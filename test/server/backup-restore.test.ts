// Backups and restores (docs/DEPLOY.md, "Backups"): SQLite copied by `fairdeal backup` while the
// service runs and writes, PostgreSQL dumped with pg_dump and restored with pg_restore into a
// fresh database. A fresh service on the copy, with the tables' key, reads every table, every
// finished fair Dou Dizhu hand's transcript verifies against the dealer key, and the hand that was
// in play at the backup is played to its end and verifies too. The copy without the key opens
// none of the sealed secrets: the table whose hand is in play answers 500, the public records
// still verify.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { main } from '../../src/cli/main.ts';
import { verify } from '../../src/fair/index.ts';
import type { ServerConfig } from '../../src/server/config.ts';
import { type ServerHandle, startServer } from '../../src/server/start.ts';
import { playDoudizhuHand, playDoudizhuMoves } from '../support/fair-doudizhu.ts';
import { fakeIo } from '../support/fake-io.ts';
import { type Caller, callerOf } from '../support/live-hands.ts';
import { testDatabase } from '../support/pg-database.ts';
import { bearer, playFair, type SeatedTable, seatedTable } from '../support/seated-table.ts';

const KEY = 'a1'.repeat(32);
const OTHER_KEY = 'b2'.repeat(32);
const dir = mkdtempSync(join(tmpdir(), 'fairdeal-backup-'));
const saved = {
  key: process.env.FAIRDEAL_SECRET_KEY,
  file: process.env.FAIRDEAL_KEY_FILE,
  previous: process.env.FAIRDEAL_SECRET_KEY_PREVIOUS,
};
const pgs = [await testDatabase(), await testDatabase()];
after(async () => {
  for (const [name, v] of [
    ['FAIRDEAL_SECRET_KEY', saved.key],
    ['FAIRDEAL_KEY_FILE', saved.file],
    ['FAIRDEAL_SECRET_KEY_PREVIOUS', saved.previous],
  ] as const) {
    if (v === undefined) delete process.env[name];
    else process.env[name] = v;
  }
  rmSync(dir, { recursive: true, force: true });
  await Promise.all(pgs.map((d) => d.drop()));
});

/** A service on `config` with the tables' key `key` (the only key it holds). */
async function serve(config: Partial<ServerConfig>, key: string): Promise<ServerHandle> {
  process.env.FAIRDEAL_SECRET_KEY = key;
  delete process.env.FAIRDEAL_KEY_FILE;
  delete process.env.FAIRDEAL_SECRET_KEY_PREVIOUS;
  return startServer({
    config: { port: 0, host: '127.0.0.1', log: false, sweepMs: 0, rateLimit: 0, ...config },
  });
}

/** What was played before the backup: tables, their finished hands, the hand left in play. */
interface Played {
  readonly dealer: string;
  readonly tables: readonly { readonly s: SeatedTable; readonly hands: readonly number[] }[];
  /** The table whose hand `n` was dealt and not yet bid on at the backup. */
  readonly open: { readonly s: SeatedTable; readonly n: number };
}

async function playBeforeBackup(call: Caller): Promise<Played> {
  const dealer = (await call('GET', '/.well-known/fairdeal-key')).json.dealer as string;
  const a = await seatedTable(call, { preset: 'doudizhu' }, 'backup a');
  const b = await seatedTable(call, { preset: 'doudizhu' }, 'backup b');
  const handsA = [await playDoudizhuHand(call, a), await playDoudizhuHand(call, a)];
  const handsB = [await playDoudizhuHand(call, b)];
  const ended = (await call('GET', `/v1/tables/${b.id}`, undefined, bearer(b.hostToken))).json;
  const next = await call(
    'POST',
    `/v1/tables/${b.id}/actions`,
    { type: 'next-hand', version: ended.table.version },
    bearer(b.hostToken),
  );
  assert.equal(next.status, 200, next.text);
  const dealt = await playFair(call, b);
  assert.equal(dealt.table.hand.phase, 'playing');
  return {
    dealer,
    tables: [
      { s: a, hands: handsA },
      { s: b, hands: handsB },
    ],
    open: { s: b, n: dealt.table.hand.n },
  };
}

/** Every table reads for its host and every seat; every finished hand verifies. */
async function checkRestored(call: Caller, played: Played): Promise<void> {
  const now = (await call('GET', '/.well-known/fairdeal-key')).json.dealer as string;
  assert.equal(now, played.dealer, 'the same key: the same dealer key');
  for (const { s, hands } of played.tables) {
    for (const token of [s.hostToken, ...s.seatTokens]) {
      const r = await call('GET', `/v1/tables/${s.id}`, undefined, bearer(token));
      assert.equal(r.status, 200, r.text);
    }
    for (const n of hands) await checkHand(call, s.id, n, played.dealer);
  }
  // The hand in play at the backup goes on, and ends proven fair like the others.
  const { s, n } = played.open;
  assert.equal(await playDoudizhuMoves(call, s, n), n);
  await checkHand(call, s.id, n, played.dealer);
}

async function checkHand(call: Caller, id: string, n: number, dealer: string): Promise<void> {
  const tr = await call('GET', `/v1/tables/${id}/hands/${n}/transcript`);
  assert.equal(tr.status, 200, tr.text);
  assert.equal(tr.json.outcome, 'dealt');
  const v = verify(tr.json.transcript, { dealer });
  assert.ok(v.ok, `table ${id} hand ${n}: ${JSON.stringify(v)}`);
  assert.equal(v.verdict.fairness, 'proven-fair');
}

test('SQLite: `fairdeal backup` while the service runs and writes; a fresh service on the copy, with the key, reads every table, every hand verifies, the hand in play plays on; without the key the sealed hand does not open', {
  timeout: 120_000,
}, async () => {
  const live = join(dir, 'live.db');
  const copy = join(dir, 'copy.db');
  const pristine = join(dir, 'copy-without-key.db');
  const server = await serve({ db: live }, KEY);
  let played: Played;
  let writes = 0;
  try {
    const call = callerOf((p, i) => fetch(`${server.url}${p}`, i));
    played = await playBeforeBackup(call);
    // Writes go on during the backup: new tables, as fast as the service takes them.
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const r = await call('POST', '/v1/tables', { preset: 'doudizhu' });
        assert.equal(r.status, 201, r.text);
        writes++;
      }
    })();
    while (writes < 5) await new Promise((r) => setTimeout(r, 5));
    const io = fakeIo(dir);
    const code = await main(['backup', '--db', live, '--to', copy], io);
    writing = false;
    await writer;
    assert.equal(code, 0, io.stderr);
    assert.match(
      io.stdout,
      /^backed up .*live\.db \(schema step \d+: \d+ table\(s\), 3 finished hand\(s\), 0 deck\(s\)\) to .*copy\.db\n$/,
    );
    assert.match(io.stderr, /holds no key/);
    assert.ok(writes > 5, 'the service wrote on while the copy was made');
  } finally {
    await server.close();
  }
  assert.deepEqual(
    readdirSync(dir).filter((f) => f.includes('.partial-')),
    [],
    'nothing half-written is left beside the copy',
  );
  copyFileSync(copy, pristine);

  const restored = await serve({ db: copy }, KEY);
  try {
    await checkRestored(
      callerOf((p, i) => fetch(`${restored.url}${p}`, i)),
      played,
    );
  } finally {
    await restored.close();
  }

  // The copy alone, under another key: the sealed round of the hand in play does not open; the
  // public records still read and verify against the dealer key they were signed with.
  const keyless = await serve({ db: pristine }, OTHER_KEY);
  try {
    const call = callerOf((p, i) => fetch(`${keyless.url}${p}`, i));
    const { s } = played.open;
    const r = await call('GET', `/v1/tables/${s.id}`, undefined, bearer(s.seatTokens[0]!));
    assert.equal(r.status, 500, r.text);
    assert.equal(r.json.code, 'INTERNAL');
    assert.doesNotMatch(r.text, /[0-9a-f]{64}/, 'no key or seed in the answer');
    await checkHand(call, s.id, 1, played.dealer);
  } finally {
    await keyless.close();
  }
});

/** pg_dump / pg_restore: on the PATH, else Debian's versioned folder; undefined when absent. */
function pgTool(name: string): string | undefined {
  if (spawnSync(name, ['--version']).status === 0) return name;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  for (const v of readdirSync(root).sort().reverse()) {
    const path = join(root, v, 'bin', name);
    if (existsSync(path)) return path;
  }
  return undefined;
}

const dump = pgTool('pg_dump');
const restore = pgTool('pg_restore');
const pgSkip =
  pgs[0]!.skip ??
  pgs[1]!.skip ??
  (dump === undefined || restore === undefined
    ? 'pg_dump or pg_restore not found (PATH, /usr/lib/postgresql/*/bin)'
    : undefined);

test('PostgreSQL: pg_dump of a running service, pg_restore into a fresh database; a service on it, with the key, reads every table, every hand verifies, the hand in play plays on', {
  ...(pgSkip === undefined ? {} : { skip: pgSkip }),
  timeout: 120_000,
}, async () => {
  const from = { url: pgs[0]!.url! };
  const to = { url: pgs[1]!.url! };
  const file = join(dir, 'fairdeal.dump');
  const server = await serve({ databaseUrl: from.url }, KEY);
  let played: Played;
  try {
    played = await playBeforeBackup(callerOf((p, i) => fetch(`${server.url}${p}`, i)));
    // The documented command (docs/DEPLOY.md, "Backups"), while the service runs.
    const d = spawnSync(dump!, ['--format=custom', `--file=${file}`, `--dbname=${from.url}`]);
    assert.equal(d.status, 0, d.stderr.toString());
  } finally {
    await server.close();
  }
  const r = spawnSync(restore!, ['--no-owner', '--exit-on-error', `--dbname=${to.url}`, file]);
  assert.equal(r.status, 0, r.stderr.toString());
  const restored = await serve({ databaseUrl: to.url }, KEY);
  try {
    await checkRestored(
      callerOf((p, i) => fetch(`${restored.url}${p}`, i)),
      played,
    );
  } finally {
    await restored.close();
  }
});
