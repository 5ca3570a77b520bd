import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cardIdsIn } from '../../../test/support/card-scan.ts';
import { playFair, seatedTable } from '../../../test/support/seated-table.ts';
import { testApp } from '../../../test/support/test-table.ts';
import { projection } from './projection.ts';
import type { TableDocument } from './table-doc.ts';
import { mergeView, view } from './view.ts';
import { audienceOf, audiences } from './viewer.ts';

/** Tables in the states a projection meets: open seats, a hand dealt, a hand ended, fair play. */
async function tables(): Promise<{ name: string; doc: TableDocument; version: number }[]> {
  const out: { name: string; doc: TableDocument; version: number }[] = [];
  const t = testApp('projection');
  const read = async (name: string, id: string) => {
    const row = (await t.opened.readTable(id))!;
    out.push({ name, doc: row.doc, version: row.version });
  };
  const open = await t.call('POST', '/v1/tables', { preset: 'holdem', options: { seats: 2 } });
  await read('seats open', open.json.tableId);
  for (const body of [
    { preset: 'holdem', options: { seats: 3 } },
    { preset: 'doudizhu', options: {}, fair: false },
  ]) {
    const r = await t.openTable(body);
    await read(`${body.preset} dealt`, r.json.tableId);
    const ended = await t.call(
      'POST',
      `/v1/tables/${r.json.tableId}/actions`,
      { type: 'end-hand', version: r.json.table.version },
      { Authorization: `Bearer ${r.json.hostToken}` },
    );
    if (ended.status === 200) await read(`${body.preset} ended`, r.json.tableId);
  }
  const fair = await seatedTable(t.call, { preset: 'doudizhu' });
  await read('fair: committing', fair.id);
  await playFair(t.call, fair);
  await read('fair: dealt', fair.id);
  return out;
}

/** Every card no viewer sees: the seats' hands, the stock, burns, a face-down kitty, streets. */
function hiddenCards(doc: TableDocument): Set<string> {
  const hand = doc.hand;
  const out = new Set(seatCards(doc).flat());
  if (hand?.game && !hand.game.kittyShown) for (const c of hand.game.kitty) out.add(c.id);
  if (hand?.piles) {
    const p = hand.piles;
    const streets = (p.streets ?? []).flatMap((x) => [...x.burn, ...x.cards]);
    for (const c of [...p.stock, ...p.burns, ...p.kitty, ...streets]) out.add(c);
  }
  return out;
}

/** Every card a seat holds, by seat, from the document (the ground truth, not a view). */
function seatCards(doc: TableDocument): string[][] {
  const hand = doc.hand;
  if (hand?.game) return hand.game.hands.map((h) => h.map((c) => c.id));
  if (hand?.piles) return hand.piles.hands.map((h) => [...h]);
  return [];
}

test('projection: each private part is exactly `you` and `hand.yourCards`; every view is the public part with them merged in, fields in the order the service has always sent', async () => {
  for (const { name, doc, version } of await tables()) {
    const p = projection(doc, version);
    assert.deepEqual([...p.private.keys()], audiences(doc.seats).map(audienceOf), name);
    assert.ok(!('you' in p.public), name);
    assert.ok(p.public.hand === null || !('yourCards' in p.public.hand), name);
    for (const v of audiences(doc.seats)) {
      const own = p.private.get(audienceOf(v))!;
      assert.deepEqual(Object.keys(own), ['you', 'hand'], name);
      if (own.hand !== null) assert.deepEqual(Object.keys(own.hand), ['yourCards'], name);
      assert.equal(own.hand === null, doc.hand === null, name);
      const whole = view(doc, v, version);
      assert.equal(JSON.stringify(mergeView(p.public, own)), JSON.stringify(whole), name);
      // The wire's field order (clients and the stream's tests read it): `you` after the
      // history, the viewer's cards first in the hand.
      assert.deepEqual(Object.keys(whole).slice(0, 2), ['id', 'version'], name);
      assert.deepEqual(Object.keys(whole).slice(-3), ['history', 'you', 'hand'], name);
      if (whole.hand !== null) assert.equal(Object.keys(whole.hand)[0], 'yourCards', name);
    }
  }
});

test('projection: no hidden card (a seat’s, the stock’s, a street’s) is in the public part, and a seat’s private part holds its own cards and no other', async () => {
  let dealt = 0;
  for (const { name, doc, version } of await tables()) {
    const p = projection(doc, version);
    const held = seatCards(doc);
    if (held.length === 0 || doc.hand?.phase !== 'playing') continue;
    dealt++;
    const hidden = hiddenCards(doc);
    assert.ok(hidden.size >= 20, name);
    const inPublic = [...cardIdsIn(JSON.stringify(p.public))].filter((c) => hidden.has(c));
    assert.deepEqual(inPublic, [], `${name}: a hidden card in the public part`);
    held.forEach((cards, seat) => {
      const own = p.private.get(`seat:${seat}`)!;
      assert.deepEqual([...cardIdsIn(JSON.stringify(own))].sort(), [...cards].sort(), name);
      assert.deepEqual(own.hand?.yourCards, cards, name);
    });
    assert.deepEqual([...cardIdsIn(JSON.stringify(p.private.get('host')))], [], name);
  }
  assert.ok(dealt >= 2, `only ${dealt} dealt tables`);
});

test('projection: a field the projection does not know — in the table, its hand or its piles — is in neither part (deny by default)', async () => {
  const secret = 'NEW-SECRET-FIELD-VALUE';
  for (const { name, doc, version } of await tables()) {
    if (doc.hand === null) continue;
    const hand = doc.hand;
    const piles = hand.piles === null ? null : { ...hand.piles, hidden: secret };
    const extended: TableDocument = Object.assign(
      { ...doc, hand: Object.assign({ ...hand, piles }, { later: secret }) },
      { added: secret },
    );
    const p = projection(extended, version);
    const text = JSON.stringify({ public: p.public, private: [...p.private.values()] });
    assert.equal(text.includes(secret), false, name);
  }
});
