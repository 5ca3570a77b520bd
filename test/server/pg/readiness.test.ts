import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { type ServerHandle, startServer } from '../../../src/server/start.ts';
import { loadPg } from '../../../src/server/store/postgres/load-pg.ts';
import { testDatabase } from '../../support/pg-database.ts';

// /readyz against a real PostgreSQL that stops taking writes, then loses the notifications'
// connection, and comes back each time — the process recovers with no restart.
const db = await testDatabase();
const dir = mkdtempSync(join(tmpdir(), 'fairdeal-ready-pg-'));
let server: ServerHandle | undefined;
after(async () => {
  await server?.close();
  await db.drop();
  rmSync(dir, { recursive: true, force: true });
});
const skip = db.skip === undefined ? {} : { skip: db.skip };

async function admin(sql: string): Promise<void> {
  const { Client } = await loadPg();
  const c = new Client({ connectionString: process.env.FAIRDEAL_TEST_PG });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** Polls /readyz until `want` (at most `limitMs`); the time it took and the last body. */
async function until(want: number, limitMs: number) {
  const start = performance.now();
  for (;;) {
    const r = await fetch(`${server!.url}/readyz`);
    const body = await r.json();
    const ms = performance.now() - start;
    if (r.status === want || ms > limitMs) return { status: r.status, body, ms };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('/readyz on PostgreSQL: not ready while the database refuses writes or notifications are down; ready again by itself', {
  ...skip,
  timeout: 60_000,
}, async () => {
  const name = new URL(db.url!).pathname.slice(1);
  process.env.FAIRDEAL_SECRET_KEY = 'cd'.repeat(32);
  process.env.XDG_CONFIG_HOME = join(dir, 'config');
  server = await startServer({
    config: { port: 0, databaseUrl: db.url!, sweepMs: 0, purgeDays: 0 },
    log: () => {},
  });
  assert.deepEqual((await until(200, 2_000)).body, { ok: true, store: 'ok', notifier: 'ok' });
  const ours = `datname = '${name}' AND pid <> pg_backend_pid()`;

  // Reads go on, writes fail: every new session is read-only, and the current ones are cut.
  await admin(`ALTER DATABASE ${name} SET default_transaction_read_only = on`);
  await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE ${ours}`);
  const down = await until(503, 10_000);
  assert.equal(down.status, 503, JSON.stringify(down.body));
  assert.equal(down.body.code, 'NOT_READY');
  assert.notEqual(down.body.store, 'ok');
  assert.equal((await fetch(`${server.url}/healthz`)).status, 200, 'still live');
  await admin(`ALTER DATABASE ${name} RESET default_transaction_read_only`);
  await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE ${ours}`);
  const up = await until(200, 10_000);
  assert.equal(up.status, 200, JSON.stringify(up.body));

  // The LISTEN connection cut, and no new connection let in: the notifier cannot come back.
  await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
  await admin(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE ${ours} AND application_name = 'fairdeal-listen'`,
  );
  const deaf = await until(503, 10_000);
  assert.equal(deaf.status, 503, JSON.stringify(deaf.body));
  assert.equal(deaf.body.notifier, 'disconnected');
  await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
  // The notifier retries at most every 5 s.
  const back = await until(200, 10_000);
  assert.equal(back.status, 200, JSON.stringify(back.body));
});
