import assert from 'node:assert/strict';
import { test } from 'node:test';
import { commitClientSeed, FairRound, type FairRoundSecretState } from '../../fair/index.ts';
import { chacha20, uniformInt } from '../../index.ts';
import { cardsFor, legalMoves } from '../../rules/doudizhu/index.ts';
import type { TableDocument } from './table-doc.ts';
import { testApp } from './test-table.ts';

// Every card id as it can appear in text: a rank and a suit, or a joker, with a copy suffix.
const CARD = /(?<![A-Za-z0-9_])(?:[2-9TJQKA][SHDC]|BJ|RJ)(?:#\d+)?(?![A-Za-z0-9_])/g;

// Hold'em and Omaha deal their board in streets: the flop (3 cards), the turn, the river.
const STREET_SIZES = [3, 1, 1];

/**
 * Board cards of the fair deal whose street has not been dealt yet. Ground truth from the
 * stored document, independent of the table's own piles: the deal is re-made from the sealed
 * round (its transcript says where every card went), and how many streets were dealt is counted
 * from the public log. So a table that put the whole board face up at the deal would fail here.
 */
function heldBack(d: TableDocument, open: (sealed: string) => string): Set<string> {
  const h = d.hand;
  if (h === null || (d.preset !== 'holdem' && d.preset !== 'omaha')) return new Set();
  if (h.phase !== 'playing') return new Set();
  const round = FairRound.restore(JSON.parse(open(h.round)) as FairRoundSecretState);
  const board = round.transcript!.cards.filter((c) => c.to === 'board').map((c) => c.card);
  const dealt = h.log.filter((a) => a.type === 'street').length;
  const shown = STREET_SIZES.slice(0, dealt).reduce((a, b) => a + b, 0);
  return new Set(board.slice(shown));
}

/** Cards a seat has been allowed to see so far, from the stored document (ground truth). */
function visibleNow(doc: TableDocument, seat: number, hidden: Set<string>): string[] {
  const h = doc.hand;
  if (h === null) return [];
  const out: string[] = [];
  // seat -1 is the host: public cards only.
  if (h.piles !== null)
    out.push(...(h.piles.hands[seat] ?? []), ...h.piles.board, ...h.piles.discard);
  if (h.game !== null) {
    out.push(...(h.game.hands[seat] ?? []).map((c) => c.id));
    if (h.game.kittyShown) out.push(...h.game.kitty.map((c) => c.id));
    for (const p of h.game.plays) out.push(...p.cards.map((c) => c.id));
  }
  return out.filter((c) => !hidden.has(c));
}

async function capture(
  preset: string,
  options: object,
  fair: boolean,
  seed: string,
  hands: number,
) {
  const t = testApp(seed);
  const rnd = chacha20(`${seed}/actions`);
  const pick = <T>(xs: readonly T[]): T => xs[uniformInt(xs.length, rnd)]!;
  const created = await t.call('POST', '/v1/tables', { preset, options, fair });
  assert.equal(created.status, 201, created.text);
  const id = created.json.tableId as string;
  const tokens: string[] = created.json.seatTokens;
  const seats = tokens.length;
  // Viewers: every seat, then the host (index `seats`, who may see public cards only).
  const viewers = [...tokens, created.json.hostToken as string];
  const seen: Set<string>[] = viewers.map(() => new Set());
  const lastEvent = viewers.map(() => 0);
  let checked = 0;
  // How many streets each finished hand dealt before it ended (Hold'em, Omaha).
  const streetsPerHand: number[] = [];
  const doc = async () => (await t.opened.readTable(id))!.doc as unknown as TableDocument;
  const serverSeed = (d: TableDocument) =>
    d.hand === null ? '' : (JSON.parse(t.box.open(d.hand.round)).serverSeed as string);

  // Everything a seat received since the last check must name only cards it may see.
  const check = async (texts: string[][]) => {
    const d = await doc();
    const secret = d.hand?.phase === 'ended' ? null : serverSeed(d);
    const hidden = heldBack(d, t.box.open);
    for (let s = 0; s <= seats; s++) {
      for (const c of visibleNow(d, s === seats ? -1 : s, hidden)) seen[s]!.add(c);
      const ev = await t.call('GET', `/v1/tables/${id}/events?after=${lastEvent[s]}`, undefined, {
        Authorization: `Bearer ${viewers[s]}`,
      });
      for (const e of ev.json.events) {
        assert.equal(e.id, lastEvent[s]! + 1, 'event ids are consecutive per seat');
        lastEvent[s] = e.id;
      }
      for (const text of [
        ...(texts[s] ?? []),
        ev.text,
        JSON.stringify(
          Object.fromEntries((ev.headers as unknown as Map<string, string>).entries()),
        ),
      ]) {
        for (const m of text.matchAll(CARD)) {
          assert.ok(
            seen[s]!.has(m[0]),
            `seat ${s} was sent ${m[0]}, which it may not see: ${text.slice(Math.max(0, (m.index ?? 0) - 300), (m.index ?? 0) + 50)}`,
          );
          checked++;
        }
        if (secret) assert.equal(text.includes(secret), false, 'server seed sent before the end');
        assert.equal(/fdt_/.test(text), false, 'a token was echoed');
      }
    }
  };

  for (let hand = 0; hand < hands; hand++) {
    let d = await doc();
    if (d.hand!.phase === 'committing') {
      const ann = d.hand!.announcement;
      const secrets = d.players.map((p, i) => commitClientSeed(ann, p, `seed-${hand}-${i}`, rnd));
      for (let s = 0; s < seats; s++) {
        const v = (await t.tables.readTable(id))!.version;
        await t.call(
          'POST',
          `/v1/tables/${id}/actions`,
          { type: 'commit', version: v, commitment: secrets[s]!.commitment },
          { Authorization: `Bearer ${tokens[s]}` },
        );
      }
      for (let s = 0; s < seats; s++) {
        const v = (await t.tables.readTable(id))!.version;
        await t.call(
          'POST',
          `/v1/tables/${id}/actions`,
          { type: 'reveal', version: v, seed: secrets[s]!.seed, salt: secrets[s]!.salt },
          { Authorization: `Bearer ${tokens[s]}` },
        );
      }
    }
    await check(viewers.map(() => []));
    for (let step = 0; step < 200; step++) {
      d = await doc();
      if (d.hand!.phase === 'ended') break;
      const row = (await t.tables.readTable(id))!;
      const texts: string[][] = viewers.map(() => []);
      // Mostly a seat acts; one time in eight the host (index `seats`).
      const s = uniformInt(8, rnd) === 0 ? seats : uniformInt(seats, rnd);
      const hidden = heldBack(d, t.box.open);
      const mine = visibleNow(d, s, hidden).filter((c) =>
        d.hand!.game
          ? (d.hand!.game.hands[s] ?? []).some((x) => x.id === c)
          : (d.hand!.piles!.hands[s] ?? []).includes(c),
      );
      // Cards to try: the stock, every seat's, and the streets still held back (a seat naming
      // the river before it is dealt must learn nothing from the answer).
      const all = [
        ...(d.hand!.piles?.stock ?? []),
        ...d.players.flatMap((_, i) => visibleNow(d, i, hidden)),
        ...hidden,
      ];
      const cards =
        uniformInt(3, rnd) === 0 || mine.length === 0
          ? [pick(all.length ? all : ['AS'])]
          : [pick(mine)];
      const game = d.hand!.game;
      let actor = s;
      let body: Record<string, unknown> = pick([
        { type: 'draw', count: 1 + uniformInt(2, rnd) },
        { type: 'draw', count: 1, to: uniformInt(seats, rnd) },
        { type: 'burn' },
        { type: 'play', cards },
        { type: 'discard', cards },
        { type: 'move', cards, from: 'hand', to: 'board' },
        {
          type: 'move',
          cards: d.hand!.piles?.board.length ? d.hand!.piles.board.slice(0, 1) : cards,
          from: 'board',
          to: 'hand',
        },
        { type: 'deal-street' },
        { type: 'deal-street' },
        { type: 'deal-street', street: pick(['flop', 'turn', 'river', 'fifth']) },
        { type: 'bid', bid: pick(['pass', 1, 2, 3]) },
        { type: 'pass' },
        { type: 'play', cards },
        { type: 'end-hand' },
        { type: 'nonsense', cards },
      ]);
      if (game !== null && game.phase === 'playing' && uniformInt(2, rnd) === 0) {
        // Half the time a legal move by the seat to play (the largest, so hands end sooner).
        const moves = legalMoves(game);
        const move = uniformInt(2, rnd) === 0 ? moves.at(-1)! : pick(moves);
        actor = game.turn;
        body =
          move.type === 'pass'
            ? { type: 'pass' }
            : { type: 'play', cards: cardsFor(game.hands[actor]!, move).map((c) => c.id) };
      }
      if (game !== null && game.phase === 'bidding' && uniformInt(2, rnd) === 0) {
        actor = game.turn;
        body = { type: 'bid', bid: pick(['pass', 3]) };
      }
      const version = uniformInt(10, rnd) === 0 ? row.version - 1 : row.version;
      const res = await t.call(
        'POST',
        `/v1/tables/${id}/actions`,
        { ...body, version },
        { Authorization: `Bearer ${viewers[actor]}` },
      );
      texts[actor]!.push(
        res.text,
        JSON.stringify(
          Object.fromEntries((res.headers as unknown as Map<string, string>).entries()),
        ),
      );
      const g = await t.call('GET', `/v1/tables/${id}`, undefined, {
        Authorization: `Bearer ${viewers[actor]}`,
      });
      texts[actor]!.push(g.text);
      await check(texts);
    }
    d = await doc();
    if (d.hand!.phase !== 'ended' && d.hand!.game === null) {
      const v = (await t.tables.readTable(id))!.version;
      await t.call(
        'POST',
        `/v1/tables/${id}/actions`,
        { type: 'end-hand', version: v },
        { Authorization: `Bearer ${created.json.hostToken}` },
      );
    }
    d = await doc();
    // A Dou Dizhu hand that random play did not finish is abandoned by opening no next hand.
    if (d.hand!.phase !== 'ended') break;
    streetsPerHand.push(d.hand!.log.filter((a) => a.type === 'street').length);
    await check(viewers.map(() => []));
    for (const s of seen) s.clear();
    const v = (await t.tables.readTable(id))!.version;
    const next = await t.call(
      'POST',
      `/v1/tables/${id}/actions`,
      { type: 'next-hand', version: v },
      { Authorization: `Bearer ${created.json.hostToken}` },
    );
    assert.equal(next.status, 200, next.text);
  }
  if (process.env.CAPTURE_STATS)
    console.log(preset, 'hands', (await doc()).hand?.n, 'mentions', checked, streetsPerHand);
  return { checked, streetsPerHand };
}

test('capture: over random actions at a hold’em table, no seat is ever sent a card it may not see', async () => {
  const { checked, streetsPerHand } = await capture(
    'holdem',
    { seats: 3 },
    true,
    'capture-holdem',
    8,
  );
  assert.ok(checked > 500, `only ${checked} card mentions checked`);
  // The run covers hands that dealt the river and hands that ended with streets held back.
  assert.ok(streetsPerHand.includes(3), `no hand dealt the river: ${streetsPerHand}`);
  assert.ok(
    streetsPerHand.some((n) => n < 3),
    `every hand dealt the river: ${streetsPerHand}`,
  );
});

test('capture: at an Omaha table, no seat sees a street before it is dealt', async () => {
  const { checked, streetsPerHand } = await capture(
    'omaha',
    { seats: 4 },
    false,
    'capture-omaha',
    4,
  );
  assert.ok(checked > 300, `only ${checked} card mentions checked`);
  assert.ok(
    streetsPerHand.some((n) => n > 0),
    `no street dealt: ${streetsPerHand}`,
  );
});

test('capture: at a Dou Dizhu table (bids, plays, errors), no seat is sent a hidden card', async () => {
  const { checked } = await capture('doudizhu', {}, false, 'capture-ddz', 4);
  assert.ok(checked > 500, `only ${checked} card mentions checked`);
});
