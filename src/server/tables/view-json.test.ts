import assert from 'node:assert/strict';
import { test } from 'node:test';
import { playDoudizhuHand } from '../../../test/support/fair-doudizhu.ts';
import type { Caller } from '../../../test/support/live-hands.ts';
import { seatedTable } from '../../../test/support/seated-table.ts';
import { testApp } from '../../../test/support/test-table.ts';
import { authorize } from './authorize.ts';
import { projection } from './projection.ts';
import type { TableDocument } from './table-doc.ts';
import { mergeView, view } from './view.ts';
import { mergedViewJson, publicTableJson, tableJson } from './view-json.ts';

/**
 * A caller that, after every action the service took, reads the document it stored and checks
 * the answer's text against JSON.stringify of the actor's view of it (the text before
 * view-json.ts), and keeps the document for the projection checks below.
 */
function checking(t: ReturnType<typeof testApp>, docs: { doc: TableDocument; version: number }[]) {
  let answers = 0;
  const call: Caller = async (method, path, body, headers) => {
    const r = await t.call(method, path, body, headers);
    const m = /^\/v1\/tables\/([^/]+)\/actions$/.exec(path);
    if (method === 'POST' && m !== null && r.status === 200) {
      const row = (await t.opened.readTable(m[1]!))!;
      docs.push({ doc: row.doc, version: row.version });
      const viewer = authorize(row.doc, headers?.Authorization);
      const expected = JSON.stringify({
        ok: true,
        table: view(row.doc, viewer, row.version),
        ...(r.json.receipt === undefined ? {} : { receipt: r.json.receipt }),
      });
      assert.equal(r.text, expected, `the answer to ${JSON.stringify(body)}`);
      answers++;
    }
    return r;
  };
  return { call, answers: () => answers };
}

test('an action is answered with exactly the JSON of the actor’s view (two fair Dou Dizhu hands, a room’s); every audience’s view is exactly JSON.stringify’s', async () => {
  const t = testApp('view-json');
  const docs: { doc: TableDocument; version: number }[] = [];
  const c = checking(t, docs);
  const s = await seatedTable(c.call, { preset: 'doudizhu' });
  await playDoudizhuHand(c.call, s);
  await playDoudizhuHand(c.call, s);
  // commits, reveals, bids and plays of two hands, and the next-hand between them
  assert.ok(c.answers() > 40, `${c.answers()} answers checked`);

  // A room has one more audience, its spectators.
  const room = await seatedTable(c.call, { preset: 'doudizhu', room: true }, 'room');
  await playDoudizhuHand(c.call, room);
  assert.ok(docs.at(-1)!.doc.roomCodeHash !== undefined, 'a room was played');
  for (const body of [
    { preset: 'holdem', options: { seats: 3 } },
    { preset: 'doudizhu', options: {}, fair: false },
  ]) {
    const r = await t.openTable(body);
    const row = (await t.opened.readTable(r.json.tableId))!;
    docs.push({ doc: row.doc, version: row.version });
  }
  // Every document met, for every audience: the cut texts are JSON.stringify's, byte for byte.
  let checked = 0;
  for (const { doc, version } of docs) {
    const p = projection(doc, version);
    const json = tableJson(p.public);
    assert.equal(publicTableJson(json), JSON.stringify(p.public));
    for (const [audience, own] of p.private) {
      assert.equal(
        mergedViewJson(json, own),
        JSON.stringify(mergeView(p.public, own)),
        `${audience} at version ${version}`,
      );
      checked++;
    }
  }
  assert.ok(checked > 150, `${checked} views checked`);
});

test('the cut texts hold at their edges: no hand, an empty hand, a viewer with no `you`, no other field', () => {
  const shared = { id: 't', version: 3, hand: null } as never;
  const own = { you: 'host', hand: null } as never;
  assert.equal(mergedViewJson(tableJson(shared), own), JSON.stringify(mergeView(shared, own)));
  const withHand = { id: 't', hand: {} } as never;
  const seat = { you: { seat: 0, player: 'a' }, hand: { yourCards: ['AS'] } } as never;
  assert.equal(
    mergedViewJson(tableJson(withHand), seat),
    JSON.stringify(mergeView(withHand, seat)),
  );
  const bare = { hand: { n: 1 } } as never;
  assert.equal(publicTableJson(tableJson(bare)), JSON.stringify(bare));
  assert.equal(mergedViewJson(tableJson(bare), seat), JSON.stringify(mergeView(bare, seat)));
  const nobody = { you: undefined, hand: null } as never;
  assert.equal(mergedViewJson(tableJson(bare), nobody), JSON.stringify(mergeView(bare, nobody)));
});
