import assert from 'node:assert/strict';
import { test } from 'node:test';
import { testApp } from '../../../test/support/server-app.ts';
import type { Notifier } from '../notifier.ts';
import { openSqliteStore } from '../store/sqlite/deck-store.ts';
import type { Store } from '../store/store.ts';
import { createReadiness, PROBE_DECK_ID } from './readiness.ts';

type Mode = 'ok' | 'read-only' | 'hung';

/**
 * A real SQLite store whose writes can be made to fail the way the immutable files did
 * (reads still answer, every write throws), or to hang (a stuck database).
 */
function switchableStore(): { store: Store; mode: { value: Mode }; writes: { n: number } } {
  const real = openSqliteStore({ path: ':memory:' });
  const mode = { value: 'ok' as Mode };
  const writes = { n: 0 };
  const write = <T>(run: () => Promise<T>): Promise<T> => {
    writes.n += 1;
    if (mode.value === 'read-only')
      return Promise.reject(new Error('attempt to write a readonly database'));
    if (mode.value === 'hung') return new Promise<T>(() => {});
    return run();
  };
  return {
    mode,
    writes,
    store: {
      ...real,
      createDeck: (deck) => write(() => real.createDeck(deck)),
      withDeck: (id, change) => write(() => real.withDeck(id, change)),
    },
  };
}

async function firstStatus(
  call: () => Promise<{ status: number }>,
  want: number,
  limitMs: number,
): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < limitMs) {
    if ((await call()).status === want) return performance.now() - start;
    await new Promise((r) => setTimeout(r, 20));
  }
  return Number.POSITIVE_INFINITY;
}

test('/readyz: 200 with a real write and read of its own row, which no request can reach', async () => {
  const { store } = switchableStore();
  const t = testApp({}, { store });
  const r = await t.call('/readyz');
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, { ok: true, store: 'ok', notifier: 'ok' });
  assert.deepEqual((await store.readDeck(PROBE_DECK_ID))?.stack, ['AS']);
  // The probe's row is nobody's deck: the API cannot name it.
  for (const path of [`/api/deck/${PROBE_DECK_ID}/`, `/api/deck/${PROBE_DECK_ID}/draw/`]) {
    assert.equal((await t.call(path)).status, 404, path);
  }
  assert.equal((await store.readDeck(PROBE_DECK_ID))?.stack.length, 1, 'never drawn from');
});

test('/readyz: a store that cannot write is not ready within a second, /healthz stays live, and it recovers by itself', async () => {
  const { store, mode } = switchableStore();
  const t = testApp({}, { store });
  assert.equal((await t.call('/readyz')).status, 200);
  mode.value = 'read-only'; // reads still work: a `SELECT 1` ping would have said ok
  const down = await firstStatus(() => t.call('/readyz'), 503, 3_000);
  assert.ok(down <= 1_000, `not ready after ${down.toFixed(0)} ms`);
  const r = await t.call('/readyz');
  assert.equal(r.body.code, 'NOT_READY');
  assert.equal(r.body.store, 'failed');
  assert.equal(r.headers.get('access-control-allow-origin'), '*');
  assert.deepEqual((await t.call('/healthz')).body, { ok: true });
  mode.value = 'ok';
  const up = await firstStatus(() => t.call('/readyz'), 200, 3_000);
  assert.ok(up <= 1_000, `ready again after ${up.toFixed(0)} ms`);
});

test('/readyz: a store that hangs is not ready after the check timeout (cache + timeout)', async () => {
  const { store, mode } = switchableStore();
  const t = testApp({}, { store });
  assert.equal((await t.call('/readyz')).status, 200);
  mode.value = 'hung';
  const down = await firstStatus(() => t.call('/readyz'), 503, 3_000);
  // 500 ms of cache + 450 ms of timeout, and scheduling on a shared machine.
  assert.ok(down <= 1_250, `not ready after ${down.toFixed(0)} ms`);
  assert.equal((await t.call('/readyz')).body.store, 'timeout');
});

test('readiness: a flood of probes costs one check per cache period', async () => {
  const { store, writes } = switchableStore();
  let now = 0;
  const ready = createReadiness({ store, now: () => now, cacheMs: 500 });
  const answers = await Promise.all(Array.from({ length: 1_000 }, () => ready()));
  assert.ok(answers.every((a) => a.ok));
  const first = writes.n; // the first check: a write that finds no row, the row made, the write
  assert.equal(first, 3);
  for (let i = 0; i < 1_000; i++) await ready();
  assert.equal(writes.n, first, 'answered from the cache');
  now = 501;
  await ready();
  assert.equal(writes.n, first + 1, 'one new check after the cache period');
});

test('readiness: a notifier that lost its connection (PostgreSQL LISTEN) is not ready', async () => {
  const { store } = switchableStore();
  let connected = true;
  const notifier: Notifier = {
    notify: async () => {},
    listen: () => () => {},
    close: async () => {},
    connected: () => connected,
  };
  let now = 0;
  const ready = createReadiness({ store, notifier, now: () => now });
  assert.equal((await ready()).ok, true);
  connected = false;
  now = 1_000;
  assert.deepEqual(await ready(), { ok: false, store: 'ok', notifier: 'disconnected' });
  connected = true;
  now = 2_000;
  assert.equal((await ready()).ok, true);
});
