import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, test } from 'node:test';
import { testApp } from '../../../test/support/test-table.ts';
import { openSqliteTableStore } from '../store/sqlite/table-store.ts';
import { eventData, eventText } from './event-data.ts';
import type { SealedTableDocument } from './sealed-table-doc.ts';

const dir = mkdtempSync(join(tmpdir(), 'fairdeal-event-parts-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('events: a change’s public part is stored once, each audience’s row holds only its own part, and each reads back as that audience’s view', async () => {
  const path = join(dir, 'parts.db');
  const t = testApp('event parts', {
    tables: openSqliteTableStore<SealedTableDocument>({ path }),
  });
  const r = await t.openTable({ options: { seats: 3 } });
  const id: string = r.json.tableId;
  const seat = (k: number) => ({ Authorization: `Bearer ${r.json.seatTokens[k]}` });
  const a = await t.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'deal-street', version: r.json.table.version },
    seat(2),
  );
  assert.equal(a.status, 200, a.text);
  const version: number = a.json.table.version;

  const sql = new DatabaseSync(path, { readOnly: true });
  const publics = sql
    .prepare('SELECT version, body FROM fd_event_public WHERE table_id = ? ORDER BY version')
    .all(id)
    .map((x) => ({ version: Number(x.version), body: JSON.parse(String(x.body)) }));
  const rows = sql
    .prepare('SELECT audience, version, data FROM fd_table_events WHERE table_id = ?')
    .all(id);
  sql.close();
  // One public part per change (creation, 3 claims, the street), one row per audience each.
  assert.deepEqual(
    publics.map((p) => p.version),
    [1, 2, 3, 4, 5],
  );
  assert.equal(rows.length, 5 * 4);
  for (const p of publics) {
    assert.deepEqual(Object.keys(p.body), ['action', 'table']);
    assert.ok(!('you' in p.body.table), 'no viewer in the public part');
    assert.ok(p.body.table.hand === null || !('yourCards' in p.body.table.hand));
  }
  assert.ok(rows.every((x) => /^v2\.[0-9a-f]{8}\.[A-Za-z0-9_-]+$/.test(String(x.data))));

  for (const [audience, token] of [
    ['seat:0', r.json.seatTokens[0]],
    ['seat:2', r.json.seatTokens[2]],
    ['host', r.json.hostToken],
  ]) {
    const events = (await t.opened.readEvents(id, audience, 0, 100)).events;
    assert.equal(events.length, 5);
    // The audience's own part, opened: who it is and its cards, nothing else.
    const last = events.at(-1)!;
    assert.deepEqual(Object.keys(JSON.parse(last.data)), ['you', 'hand']);
    // Merged, the event is the audience's view at that version, as GET answers it.
    const g = await t.call('GET', `/v1/tables/${id}`, undefined, {
      Authorization: `Bearer ${token}`,
    });
    assert.equal(g.json.table.version, version);
    assert.equal(JSON.stringify(eventData(last).table), JSON.stringify(g.json.table), audience);
    assert.deepEqual(eventData(last).action, a.json.table.hand.log.at(-1));
    assert.equal(eventText(last), JSON.stringify(eventData(last)));
  }
});
