import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { verifyDarkTranscript } from '../../../src/dark/index.ts';
import { openPostgresTableStore } from '../../../src/server/store/postgres/table-store.ts';
import type { SealedTableDocument } from '../../../src/server/tables/sealed-table-doc.ts';
import { TABLE_DOC_PARTS } from '../../../src/server/tables/table-doc-parts.ts';
import { darkTable } from '../../support/dark-table.ts';
import { testDatabase } from '../../support/pg-database.ts';
import { testApp } from '../../support/test-table.ts';

// A dark hand on PostgreSQL: the hand's public dark state rides in the document's rest (not its
// base: every share changes it), and the record of the hand, its transcript and verdict, is a
// row of its own — as on SQLite.
const db = await testDatabase();
after(() => db.drop());
const skip = db.skip === undefined ? {} : { skip: db.skip };

test('a dark hand on PostgreSQL, keys to verdict', { ...skip, timeout: 120_000 }, async () => {
  const store = await openPostgresTableStore<SealedTableDocument>(
    { url: db.url!, poolSize: 4 },
    TABLE_DOC_PARTS,
  );
  try {
    const t = testApp('pg dark', { tables: store });
    const d = await darkTable(t);
    await d.settle();
    await d.bidLandlord();
    await d.playOut();
    const ended = await d.settle();
    assert.equal(ended.hand.dark.verdict.status, 'verified');
    const record = await t.call('GET', `/v1/tables/${d.id}/hands/1/transcript`);
    assert.equal((await verifyDarkTranscript(record.json.transcript)).status, 'verified');
  } finally {
    await store.close();
  }
});
