import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { testDatabase } from '../../test/support/pg-database.ts';
import type { Notifier } from './notifier.ts';
import { createPgNotifier } from './pg-notifier.ts';
import { loadPg } from './store/postgres/load-pg.ts';

const db = await testDatabase();
after(() => db.drop());
const skip = db.skip === undefined ? {} : { skip: db.skip };

/** Counts a listener's wake-ups; `reach(n)` waits (at most 5 s) until there were n. */
function counter() {
  let n = 0;
  let waiters: { n: number; resolve: () => void }[] = [];
  const fn = () => {
    n++;
    const ready = waiters.filter((w) => n >= w.n);
    waiters = waiters.filter((w) => n < w.n);
    for (const w of ready) w.resolve();
  };
  const reach = (target: number) =>
    new Promise<void>((resolve, reject) => {
      if (n >= target) return resolve();
      const timer = setTimeout(
        () => reject(new Error(`woken ${n} times, waited for ${target}`)),
        5_000,
      );
      waiters.push({
        n: target,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  return { fn, reach, count: () => n };
}

const settle = () => new Promise((r) => setTimeout(r, 150));

async function two(): Promise<[Notifier, Notifier]> {
  return [
    await createPgNotifier({ url: db.url!, applicationName: 'fd-test-a' }),
    await createPgNotifier({ url: db.url!, applicationName: 'fd-test-b' }),
  ];
}

test(
  'two notifiers on two connections: a notify on one wakes listeners of that channel on both, and no other channel',
  skip,
  async () => {
    const [a, b] = await two();
    try {
      const onA = counter();
      const onB = counter();
      const other = counter();
      a.listen('table:t1', onA.fn);
      b.listen('table:t1', onB.fn);
      a.listen('table:t2', other.fn);
      // Each first LISTEN wakes its listener once when it is in place (the gap-closing wake-up).
      await Promise.all([onA.reach(1), onB.reach(1), other.reach(1)]);
      await b.notify('table:t1');
      await Promise.all([onA.reach(2), onB.reach(2)]);
      await a.notify('table:t1');
      await Promise.all([onA.reach(3), onB.reach(3)]);
      await settle();
      assert.equal(other.count(), 1, 'table:t2 was never notified');
      assert.equal(onA.count(), 3);
      assert.equal(onB.count(), 3);
    } finally {
      await a.close();
      await b.close();
    }
  },
);

test(
  'after unlisten a listener is not woken; other listeners of the channel still are',
  skip,
  async () => {
    const [a, b] = await two();
    try {
      const kept = counter();
      const gone = counter();
      a.listen('table:u', kept.fn);
      const stop = a.listen('table:u', gone.fn);
      await Promise.all([kept.reach(1), gone.reach(1)]);
      stop();
      await b.notify('table:u');
      await kept.reach(2);
      await settle();
      assert.equal(gone.count(), 1);
    } finally {
      await a.close();
      await b.close();
    }
  },
);

test(
  'the listening connection is killed: it reconnects, wakes every listener once (catch-up), and hears notifications again',
  skip,
  async () => {
    const a = await createPgNotifier({
      url: db.url!,
      applicationName: 'fd-test-drop',
      retryMs: [50, 200],
    });
    const b = await createPgNotifier({ url: db.url!, applicationName: 'fd-test-sender' });
    const { Client } = await loadPg();
    const admin = new Client({ connectionString: db.url! });
    await admin.connect();
    try {
      const woken = counter();
      a.listen('table:r', woken.fn);
      await woken.reach(1);
      const killed = await admin.query(
        "SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = 'fd-test-drop' AND datname = current_database()",
      );
      assert.equal(killed.rowCount, 1);
      // A notification sent while nobody listens is lost — the catch-up wake-up covers it.
      await b.notify('table:r');
      await woken.reach(2);
      await b.notify('table:r');
      await woken.reach(3);
    } finally {
      await admin.end();
      await a.close();
      await b.close();
    }
  },
);

test(
  'channel names PostgreSQL cannot take are refused; after close nothing is delivered',
  skip,
  async () => {
    const [a, b] = await two();
    assert.throws(() => a.listen('x'.repeat(64), () => {}), RangeError);
    await assert.rejects(a.notify(''), RangeError);
    const woken = counter();
    a.listen('table:c', woken.fn);
    await woken.reach(1);
    await a.close();
    await b.notify('table:c');
    await settle();
    assert.equal(woken.count(), 1);
    await b.close();
  },
);
