import assert from 'node:assert/strict';
import { cardIdsIn } from './card-scan.ts';
import type { Dump } from './db-dump.ts';
import type { TableSecrets } from './live-hands.ts';

/**
 * Plays the thief over a database dump: no row names, as a whole token, a card hidden at its
 * table (a row belongs to the table in its `table_id`, or its `id` in `fd_tables`; a row of no
 * table may name no card hidden at some table and public at none). Before that, the same search
 * over each table's opened text must find every hidden card — so the search is able to fail —
 * and the tables that hold a live hand's state must have rows.
 *
 * @example
 * ```ts
 * assertNoHiddenCard(dumpSqlite(file), await liveSecrets(call, opened, tables));
 * ```
 * @throws an AssertionError naming the table, row and cards when a hidden card is in clear.
 */
export function assertNoHiddenCard(dump: Dump, secrets: ReadonlyMap<string, TableSecrets>): void {
  for (const [id, s] of secrets) {
    const inOpened = cardIdsIn(s.openedText);
    assert.deepEqual(
      [...s.hidden].filter((c) => !inOpened.has(c)),
      [],
      `the search finds every hidden card of ${id} in what the service opens`,
    );
  }
  for (const t of ['fd_tables', 'fd_table_events', 'fd_event_public', 'fd_table_answers']) {
    assert.ok((dump[t] ?? []).length > 0, `the dump has rows in ${t}`);
  }
  const anywhere = hiddenEverywhere(secrets);
  let rows = 0;
  for (const [name, list] of Object.entries(dump)) {
    for (const row of list) {
      const owner = String(row.table_id ?? (name === 'fd_tables' ? row.id : ''));
      const hidden = secrets.get(owner)?.hidden ?? anywhere;
      const text = JSON.stringify(row);
      const named = [...cardIdsIn(text)].filter((c) => hidden.has(c));
      assert.deepEqual(named, [], `${name} row of ${owner || 'no table'} names hidden cards`);
      rows++;
    }
  }
  assert.ok(rows > 50, `only ${rows} rows searched`);
}

/**
 * The cards hidden at some table and shown at none: what no text of no table may name (for rows
 * and file bytes that belong to no one table).
 *
 * @example
 * ```ts
 * const never = hiddenEverywhere(secrets);
 * ```
 * @throws never.
 */
export function hiddenEverywhere(secrets: ReadonlyMap<string, TableSecrets>): Set<string> {
  const shown = new Set([...secrets.values()].flatMap((s) => [...s.shown]));
  return new Set([...secrets.values()].flatMap((s) => [...s.hidden]).filter((c) => !shown.has(c)));
}
