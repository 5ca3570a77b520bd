import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { testDatabase } from '../../../../test/support/pg-database.ts';
import { openPostgresBackends } from './backends.ts';

const db = await testDatabase();
after(() => db.drop());

test('openPostgresBackends: decks, tables and notifications on one URL; close ends all three', {
  skip: db.skip,
}, async () => {
  const pg = await openPostgresBackends(db.url!);
  const other = await openPostgresBackends(db.url!);
  try {
    assert.equal(await pg.store.ping(), true);
    assert.equal(await pg.tables.createTable('b1', { n: 1 }), true);
    assert.deepEqual(await other.tables.readTable('b1'), { doc: { n: 1 }, version: 1 });
    let woken = 0;
    await new Promise<void>((resolve) => {
      other.notifier.listen('table:b1', () => {
        woken++;
        // The first wake-up says the LISTEN is in place; then the notification from `pg`.
        if (woken === 1) void pg.notifier.notify('table:b1');
        else resolve();
      });
    });
  } finally {
    await pg.close();
    await other.close();
  }
  assert.equal(await pg.store.ping(), false);
  assert.equal(await pg.tables.ping(), false);
});
