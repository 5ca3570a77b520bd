import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Json, testApp } from '../../../test/support/test-table.ts';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

// A card id as it can appear in text (as in capture.test.ts), so `AS` is not found inside `TAS`.
const CARD = /(?<![A-Za-z0-9_])(?:[2-9TJQKA][SHDC]|BJ|RJ)(?:#\d+)?(?![A-Za-z0-9_])/g;
const cardsIn = (text: string): Set<string> => new Set([...text.matchAll(CARD)].map((m) => m[0]));

/** A two-seat table of `preset` dealt at once; the stored document read straight from the store. */
async function dealt(seed: string, preset = 'holdem', options: object = { seats: 2 }) {
  const t = testApp(seed);
  const made = await t.openTable({ preset, options });
  const id = made.json.tableId as string;
  const doc = async () => (await t.opened.readTable(id))!.doc;
  const version = async () => (await t.opened.readTable(id))!.version;
  const act = async (token: string, body: object, headers: Record<string, string> = {}) =>
    t.call(
      'POST',
      `/v1/tables/${id}/actions`,
      { version: await version(), ...body },
      { ...bearer(token), ...headers },
    );
  return {
    t,
    id,
    host: made.json.hostToken as string,
    seats: made.json.seatTokens as string[],
    created: made,
    doc,
    version,
    act,
  };
}

test('streets: a hold’em deal shows no board card; the flop, turn and river come one by one, each after its burn, in the fair deal’s order', async () => {
  const { t, id, host, seats, created, doc, act } = await dealt('streets-order');
  const d0 = await doc();
  const p0 = d0.hand!.piles!;
  // Held back, face down, in the stored document: three streets, each with one burn card.
  assert.deepEqual(
    p0.streets!.map((s) => [s.name, s.burn.length, s.cards.length]),
    [
      ['flop', 1, 3],
      ['turn', 1, 1],
      ['river', 1, 1],
    ],
  );
  assert.deepEqual([p0.board, p0.burns], [[], []]);
  // What the seats and the host are shown at the deal: counts, never a card of a street.
  const h0 = created.json.table.hand;
  assert.deepEqual(h0.board, []);
  assert.equal(h0.counts.burns, 0);
  assert.equal(h0.counts.streetsLeft, 3);
  assert.equal(h0.nextStreet, 'flop');
  assert.equal(h0.counts.stock, 52 - 4 - 8, 'the streets are not in the stock');

  const streets = p0.streets!;
  const dealers = [host, seats[1]!, seats[0]!];
  for (const [i, s] of streets.entries()) {
    const res = await act(dealers[i]!, { type: 'deal-street', street: s.name });
    assert.equal(res.status, 200, res.text);
    const shown = streets.slice(0, i + 1).flatMap((x) => x.cards);
    const hand = res.json.table.hand;
    assert.deepEqual(hand.board, shown, `the ${s.name} is face up after the earlier streets`);
    assert.equal(hand.counts.burns, i + 1, 'one burn per street, counted, face down');
    assert.equal(hand.counts.streetsLeft, 2 - i);
    assert.equal(hand.nextStreet, streets[i + 1]?.name ?? null);
    assert.deepEqual(hand.log.at(-1), {
      type: 'street',
      seat: i === 0 ? null : i === 1 ? 1 : 0,
      pile: s.name,
      cards: s.cards,
    });
    const stored = (await doc()).hand!.piles!;
    assert.deepEqual(
      stored.burns,
      streets.slice(0, i + 1).flatMap((x) => x.burn),
    );
    // Every seat's event for this change carries the action and the same board.
    for (const token of [...seats, host]) {
      const ev = await t.call('GET', `/v1/tables/${id}/events?after=0`, undefined, bearer(token));
      const last = ev.json.events.at(-1).data as Json;
      assert.deepEqual(last.action, {
        type: 'street',
        seat: hand.log.at(-1).seat,
        pile: s.name,
        cards: s.cards,
      });
      assert.deepEqual(last.table.hand.board, shown);
    }
  }
  const fourth = await act(host, { type: 'deal-street' });
  assert.equal(fourth.status, 409, fourth.text);
  assert.equal(fourth.json.code, 'NO_STREET_LEFT');
  assert.equal(fourth.json.success, false);

  // The fair deal is the same: the transcript's board and burns, in deal order, are the streets.
  assert.equal((await act(host, { type: 'end-hand' })).status, 200);
  const tr = (await t.call('GET', `/v1/tables/${id}/hands/1/transcript`)).json.transcript;
  const to = (where: string) =>
    (tr.cards as { card: string; to: string }[]).filter((c) => c.to === where).map((c) => c.card);
  assert.deepEqual(
    to('board'),
    streets.flatMap((s) => s.cards),
  );
  assert.deepEqual(
    to('burns'),
    streets.flatMap((s) => s.burn),
  );
  // And the order on the table is the deal's: burn, flop, burn, turn, burn, river.
  const order = (tr.cards as { card: string; to: string }[])
    .filter((c) => c.to === 'board' || c.to === 'burns')
    .map((c) => c.card);
  assert.deepEqual(
    order,
    streets.flatMap((s) => [...s.burn, ...s.cards]),
  );
});

test('streets: a seat that tries every way to learn the river before it is dealt learns nothing', async () => {
  const { t, id, host, seats, doc, version, act } = await dealt('streets-cheater');
  const dealtAt = await version();
  const cheat = seats[1]!;
  const streets = (await doc()).hand!.piles!.streets!;
  const river = streets[2]!.cards[0]!;
  const riverBurn = streets[2]!.burn[0]!;
  const received: { what: string; text: string }[] = [];
  /** Every text the cheater (or the host) got must name no card still held back at that moment. */
  const expectHidden = async (what: string, text: string) => {
    received.push({ what, text });
    const held = (await doc()).hand!.piles!.streets!.flatMap((s) => [...s.burn, ...s.cards]);
    const named = cardsIn(text);
    for (const c of held) assert.equal(named.has(c), false, `${what} named ${c}, held back`);
  };

  // 1. Read the table and the events page, as the seat and as the host.
  for (const [who, token] of [
    ['seat', cheat],
    ['host', host],
  ] as const) {
    await expectHidden(
      `${who} GET`,
      (await t.call('GET', `/v1/tables/${id}`, undefined, bearer(token))).text,
    );
    await expectHidden(
      `${who} events`,
      (await t.call('GET', `/v1/tables/${id}/events?after=0`, undefined, bearer(token))).text,
    );
  }

  // 2. Ask for the river first, by name: refused, the answer names only the next street.
  const early = await act(cheat, { type: 'deal-street', street: 'river' });
  assert.equal(early.status, 409);
  assert.equal(early.json.code, 'WRONG_STREET');
  assert.equal(early.json.next, 'flop');
  await expectHidden('deal-street river', early.text);
  const bogus = await act(cheat, { type: 'deal-street', street: 'fifth' });
  assert.equal(bogus.status, 400, bogus.text);
  assert.equal(await version(), dealtAt, 'nothing was dealt by a refused request');

  // 3. Name the river in plays and moves: the same answer as for a card some other seat holds,
  //    so the answer does not tell a held-back card from a card in another hand.
  const other = (await doc()).hand!.piles!.hands[0]![0]!;
  for (const body of [
    { type: 'play', cards: [river] },
    { type: 'discard', cards: [river] },
    { type: 'move', cards: [river], from: 'board', to: 'hand' },
  ]) {
    const a = await act(cheat, body);
    const b = await act(cheat, { ...body, cards: [other] });
    assert.equal(a.status, 422, a.text);
    assert.equal(a.text, b.text, `${body.type}: the river is answered like another seat's card`);
    await expectHidden(`${body.type} the river`, a.text);
  }
  for (const from of ['streets', 'stock', 'burns', 'river']) {
    const a = await act(cheat, { type: 'move', cards: [river], from, to: 'hand' });
    assert.equal(a.status, 400, a.text);
    await expectHidden(`move from ${from}`, a.text);
  }

  // 4. Deal the flop with an Idempotency-Key, then replay that key with another body (asking for
  //    the river): refused as another request, and nothing more is dealt.
  const key = { 'Idempotency-Key': 'cheat-1' };
  const flop = await act(cheat, { type: 'deal-street' }, key);
  assert.equal(flop.status, 200, flop.text);
  await expectHidden('deal the flop', flop.text);
  const replay = await t.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'deal-street', street: 'river', version: await version() },
    { ...bearer(cheat), ...key },
  );
  assert.equal(replay.status, 422, replay.text);
  assert.equal(replay.json.code, 'IDEMPOTENCY_KEY_REUSED');
  await expectHidden('a reused key with another body', replay.text);
  assert.equal((await doc()).hand!.piles!.streets!.length, 2, 'the replay dealt nothing');
  // The host deals the turn; the cheater's replay still returns its old answer, still no river.
  assert.equal((await act(host, { type: 'deal-street', street: 'turn' })).status, 200);
  const again = await t.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'deal-street', version: await version() },
    { ...bearer(cheat), ...key },
  );
  assert.equal(again.status, 422, 'another version is another request');
  await expectHidden('replay after the turn', again.text);
  assert.equal((await doc()).hand!.piles!.streets!.length, 1, 'the river is still held back');

  // 5. Draw the whole stock, then some more, and burn: the streets are not in the stock.
  const stock = (await doc()).hand!.piles!.stock.length;
  const all = await act(cheat, { type: 'draw', count: stock });
  assert.equal(all.status, 200, all.text);
  await expectHidden('draw the whole stock', all.text);
  assert.equal(all.json.table.hand.yourCards.includes(river), false);
  for (const body of [{ type: 'draw' }, { type: 'burn' }]) {
    const more = await act(cheat, body);
    assert.equal(more.status, 409, more.text);
    assert.equal(more.json.code, 'NOT_ENOUGH_CARDS');
    assert.equal(more.json.remaining, 0, 'the stock is empty: the river is not in it');
    await expectHidden(`${body.type} past the stock`, more.text);
  }

  // 6. The transcript, before the end: refused.
  const early2 = await t.call('GET', `/v1/tables/${id}/hands/1/transcript`);
  assert.equal(early2.status, 409);
  assert.equal(early2.json.code, 'HAND_NOT_ENDED');
  await expectHidden('transcript before the end', early2.text);

  // 7. Everything again, as the seat and the host, after all that.
  for (const token of [cheat, host]) {
    await expectHidden(
      'GET at last',
      (await t.call('GET', `/v1/tables/${id}`, undefined, bearer(token))).text,
    );
    await expectHidden(
      'events at last',
      (await t.call('GET', `/v1/tables/${id}/events?after=0`, undefined, bearer(token))).text,
    );
  }
  for (const r of received) {
    assert.equal(cardsIn(r.text).has(river), false, `${r.what} named the river`);
    assert.equal(cardsIn(r.text).has(riverBurn), false, `${r.what} named the river's burn`);
  }

  // The hand ends before the river (everyone folded): the river is never shown at the table,
  // and the transcript, the after-the-fact audit, publishes it with every other card.
  const end = await act(host, { type: 'end-hand' });
  assert.equal(end.status, 200, end.text);
  assert.equal(cardsIn(end.text).has(river), false);
  assert.equal(end.json.table.hand.nextStreet, null);
  assert.equal(end.json.table.hand.counts.streetsLeft, 1);
  const tr = await t.call('GET', `/v1/tables/${id}/hands/1/transcript`);
  assert.ok(
    tr.json.transcript.cards.some((c: Json) => c.card === river && c.to === 'board'),
    'the transcript has the river',
  );
  const late = await act(host, { type: 'deal-street' });
  assert.equal(late.status, 409);
  assert.equal(late.json.code, 'WRONG_PHASE');
});

test('streets: two clients dealing the flop at once deal it once; the other is told the table changed', async () => {
  const { id, host, seats, t, doc, version } = await dealt('streets-race');
  const v = await version();
  const send = (token: string) =>
    t.call(
      'POST',
      `/v1/tables/${id}/actions`,
      { type: 'deal-street', street: 'flop', version: v },
      bearer(token),
    );
  const [a, b] = await Promise.all([send(host), send(seats[0]!)]);
  assert.deepEqual([a.status, b.status].sort(), [200, 409]);
  assert.equal((a.status === 409 ? a : b).json.code, 'STALE_VERSION');
  assert.equal((await doc()).hand!.piles!.board.length, 3, 'only the flop');
  // A client that read the table again and still means the flop is told the flop is out.
  const late = await t.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'deal-street', street: 'flop', version: v + 1 },
    bearer(seats[1]!),
  );
  assert.equal(late.status, 409);
  assert.equal(late.json.code, 'WRONG_STREET');
  assert.equal(late.json.next, 'turn');
});

test('streets: deal-street before the deal is 409 WRONG_PHASE', async () => {
  const t = testApp('streets-phase');
  const made = await t.openTable({ fair: true });
  assert.equal(made.json.table.hand.phase, 'committing');
  for (const token of [made.json.seatTokens[0], made.json.hostToken]) {
    const res = await t.call(
      'POST',
      `/v1/tables/${made.json.tableId}/actions`,
      { type: 'deal-street', version: made.json.table.version },
      bearer(token),
    );
    assert.equal(res.status, 409, res.text);
    assert.equal(res.json.code, 'WRONG_PHASE');
  }
  assert.equal(made.json.table.hand.board, undefined, 'nothing of the piles before the deal');
});

test('streets: Omaha holds its board back too; rummy’s upcard and a custom board show at the deal and have no streets', async () => {
  const omaha = await dealt('streets-omaha', 'omaha', { seats: 3 });
  const o = omaha.created.json.table.hand;
  assert.deepEqual([o.board, o.counts.streetsLeft, o.nextStreet], [[], 3, 'flop']);
  const mine = await omaha.t.call(
    'GET',
    `/v1/tables/${omaha.id}`,
    undefined,
    bearer(omaha.seats[0]!),
  );
  assert.equal(mine.json.table.hand.yourCards.length, 4);
  assert.deepEqual(mine.json.table.hand.board, []);
  const flop = await omaha.act(omaha.host, { type: 'deal-street', street: 'flop' });
  assert.equal(flop.json.table.hand.board.length, 3);

  for (const [preset, options, board] of [
    ['gin-rummy', { seats: 2 }, 1],
    ['rummy', { seats: 3 }, 1],
    ['custom', { seats: 2, handSize: 5, boardCards: 2 }, 2],
  ] as const) {
    const x = await dealt(`streets-${preset}`, preset, options);
    const h = x.created.json.table.hand;
    const stored = (await x.doc()).hand!.piles!;
    assert.equal(stored.streets, undefined, `${preset}: nothing held back`);
    assert.equal(h.board.length, board, `${preset}: the board is face up at the deal`);
    assert.deepEqual(h.board, stored.board);
    assert.deepEqual([h.counts.streetsLeft, h.nextStreet], [0, null]);
    const res = await x.act(x.seats[0]!, { type: 'deal-street' });
    assert.equal(res.status, 409, res.text);
    assert.equal(res.json.code, 'NO_STREET_LEFT');
  }
});
