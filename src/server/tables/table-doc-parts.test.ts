import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, test } from 'node:test';
import { playDoudizhuHand } from '../../../test/support/fair-doudizhu.ts';
import { seatedTable } from '../../../test/support/seated-table.ts';
import { testApp } from '../../../test/support/test-table.ts';
import { openSqliteTableStore } from '../store/sqlite/table-store.ts';
import type { TableStore } from '../store/table-store.ts';
import type { SealedTableDocument } from './sealed-table-doc.ts';
import { TABLE_DOC_PARTS } from './table-doc-parts.ts';

const dir = mkdtempSync(join(tmpdir(), 'fairdeal-doc-parts-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('table bases: in whole fair Dou Dizhu hands no bid, play or pass writes the base; the commits, reveals and hand ends do', async () => {
  const path = join(dir, 'ddz.db');
  const inner = openSqliteTableStore<SealedTableDocument>({ path }, TABLE_DOC_PARTS);
  const raw = new DatabaseSync(path);
  const baseVersion = (id: string) =>
    Number(
      (
        raw.prepare('SELECT base_version FROM fd_tables WHERE id = ?').get(id) as {
          base_version: number;
        }
      ).base_version,
    );
  // Each saved change: the public action it logged, and whether it wrote the base.
  const changes: { action: string; base: boolean }[] = [];
  const spy: TableStore<SealedTableDocument> = {
    ...inner,
    withTable: async (id, change, options) => {
      const before = baseVersion(id);
      let action = '';
      const r = await inner.withTable(
        id,
        (row) => {
          const c = change(row);
          action = c.next?.hand?.log.at(-1)?.type ?? '';
          return c;
        },
        options,
      );
      if (r.found && r.version !== undefined && action !== '') {
        changes.push({ action, base: baseVersion(id) !== before });
      }
      return r;
    },
  };
  const t = testApp('doc parts', { tables: spy });
  try {
    const s = await seatedTable(t.call, { preset: 'doudizhu', turnSeconds: 0 });
    for (let hand = 0; hand < 2; hand++) await playDoudizhuHand(t.call, s);
    const kinds = (base: boolean) => [
      ...new Set(changes.filter((c) => c.base === base).map((c) => c.action)),
    ];
    const plays = changes.filter((c) => ['bid', 'kitty', 'play', 'pass'].includes(c.action));
    assert.ok(plays.length > 30, `${plays.length} bids, plays and passes`);
    assert.deepEqual(
      plays.filter((c) => c.base),
      [],
      'a bid, a play or a pass rewrote the base',
    );
    for (const kind of ['committed', 'revealed']) {
      assert.ok(kinds(true).includes(kind), `${kind} writes the base: ${kinds(true)}`);
    }
    // Four actions in five or more leave the base alone.
    const kept = changes.filter((c) => !c.base).length;
    assert.ok(kept * 5 >= changes.length * 4, `${kept} of ${changes.length} kept the base`);
  } finally {
    raw.close();
    await inner.close();
  }
});
