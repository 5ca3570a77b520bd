// Dark tables against cheaters (docs/DARK.md §11, through the service): each test has a seat, the
// host or a silent seat actively try to break one property, and shows the attempt refused with
// a clear error naming the seat — and nothing changed — or the hand void naming who stopped.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cardIdsIn } from '../../../test/support/card-scan.ts';
import { darkTable } from '../../../test/support/dark-table.ts';
import { type Json, testApp } from '../../../test/support/test-table.ts';
import type { DarkShareWire, DarkStepWire } from '../../client/index.ts';

const flip = (hex: string) => `${hex[0] === '0' ? '1' : '0'}${hex.slice(1)}`;

type Table = Awaited<ReturnType<typeof darkTable>>;

/** Sends `action` as `seat` and checks it is refused as `status`/`code`, changing nothing. */
async function refused(
  d: Table,
  seat: number | 'host',
  action: Record<string, unknown>,
  status: number,
  code: string,
  extra: Record<string, unknown> = {},
): Promise<Json> {
  const before = await d.view(0);
  const token = seat === 'host' ? d.hostToken : d.tokens[seat]!;
  const answer = await postAs(d, token, { ...action, version: before.version });
  assert.equal(answer.status, status, answer.text);
  assert.equal(answer.json.success, false);
  assert.equal(answer.json.code, code, answer.text);
  for (const [k, v] of Object.entries(extra))
    assert.deepEqual(answer.json[k], v, `${k}: ${answer.text}`);
  const after = await d.view(0);
  assert.equal(after.version, before.version, 'a refused message changes nothing');
  assert.deepEqual(after.hand.dark, before.hand.dark);
  return answer.json;
}

let postAs: (d: Table, token: string, body: Record<string, unknown>) => Promise<Json>;

function setup(seed: string) {
  const t = testApp(seed);
  postAs = (d, token, body) =>
    t.call('POST', `/v1/tables/${d.id}/actions`, body, { Authorization: `Bearer ${token}` });
  return t;
}

test('dark cheats at the keys and the shuffle: the host, another seat’s key, a bad proof, a second key, a step out of turn', async () => {
  const t = setup('dark cheats keys');
  const d = await darkTable(t);
  let table = await d.view(0);
  const key0 = (await d.drivers[0]!.owed(table)) as Json;
  assert.equal(key0.type, 'dark-key');
  // The host posts seat 0's message, signature and all: only a seat speaks for itself.
  await refused(d, 'host', key0, 403, 'FORBIDDEN');
  // Seat 1 presents seat 0's key as its own (signed by seat 0): the signature is not seat 1's…
  await refused(d, 1, key0, 422, 'BAD_SIGNATURE', { seat: 1 });
  // …and signed by seat 1 it still names seat 0: refused, naming seat 1.
  const asOne = { ...key0, signature: await d.sign(1, table, { kind: 'key', key: key0.key }) };
  await refused(d, 1, asOne, 422, 'BAD_SIGNATURE', { seat: 1, check: 'key' });
  // Seat 0's own key with a tampered proof, signed by seat 0: the proof of knowledge fails.
  const badProof = { ...key0.key, proof: { ...key0.key.proof, z: flip(key0.key.proof.z) } };
  const bad = {
    type: 'dark-key',
    key: badProof,
    signature: await d.sign(0, table, { kind: 'key', key: badProof }),
  };
  const e = await refused(d, 0, bad, 422, 'BAD_SIGNATURE', { seat: 0, check: 'key' });
  assert.match(e.error, /seat 0/i);
  // The right key with seat 2's signature over it (a relay that altered the sender).
  const wrongSigner = {
    ...key0,
    signature: await d.sign(2, table, { kind: 'key', key: key0.key }),
  };
  await refused(d, 0, wrongSigner, 422, 'BAD_SIGNATURE', { seat: 0 });
  // The honest key goes in; the same seat's second key does not.
  assert.equal((await d.act(0, key0)).status, 200);
  await refused(d, 0, key0, 409, 'PROTOCOL_ORDER');
  for (const seat of [1, 2]) {
    assert.equal(
      (await d.act(seat, (await d.drivers[seat]!.owed(await d.view(seat)))!)).status,
      200,
    );
  }
  table = await d.view(0);
  assert.equal(table.hand.dark.stage, 'shuffle');
  // Seat 1 shuffles before seat 0: out of turn.
  const early: DarkStepWire = {
    seat: 1,
    commitment: '0'.repeat(64),
    deck: [['1'.repeat(64), '2'.repeat(64)]],
  };
  await refused(
    d,
    1,
    {
      type: 'dark-step',
      step: early,
      signature: await d.sign(1, table, { kind: 'step', step: early }),
    },
    409,
    'NOT_YOUR_TURN',
  );
  // Seat 0's step with a ciphertext element that is not a group element: refused, naming it.
  const step0 = (await d.drivers[0]!.owed(table)) as Json;
  const broken = {
    ...step0.step,
    deck: step0.step.deck.map((p: string[], i: number) => (i === 7 ? [p[0], 'ff'.repeat(32)] : p)),
  };
  await refused(
    d,
    0,
    {
      type: 'dark-step',
      step: broken,
      signature: await d.sign(0, table, { kind: 'step', step: broken }),
    },
    422,
    'REVEAL_MISMATCH',
    { seat: 0, check: 'shuffle' },
  );
  assert.equal((await d.act(0, step0)).status, 200);
  // Seat 0's second step: not its turn any more.
  await refused(d, 0, step0, 409, 'PROTOCOL_ORDER');
  // Seat 1 hands on seat 0's deck unchanged, as if it shuffled: nothing re-randomized, refused.
  table = await d.view(1);
  const lazy = { ...step0.step, seat: 1 };
  await refused(
    d,
    1,
    {
      type: 'dark-step',
      step: lazy,
      signature: await d.sign(1, table, { kind: 'step', step: lazy }),
    },
    422,
    'REVEAL_MISMATCH',
    { seat: 1, check: 'shuffle' },
  );
});

test('dark cheats at the deal: a bad proof, its own card, a share moved to another position, another seat’s share', async () => {
  const t = setup('dark cheats deal');
  const d = await darkTable(t);
  const table = await d.settle((v) => v.hand.dark.stage === 'deal');
  assert.equal(table.hand.dark.stage, 'deal');
  const honest = (await d.drivers[0]!.owed(table)) as Json;
  const shares: DarkShareWire[] = honest.shares;
  assert.equal(shares.length, 34);
  const post = async (list: DarkShareWire[]) => ({
    type: 'dark-shares',
    shares: list,
    signature: await d.sign(0, table, { kind: 'shares', shares: list }),
  });
  // A share whose proof does not verify: 422, the seat and the position named.
  const tampered = shares.map((s, i) =>
    i === 5 ? { ...s, proof: { ...s.proof, c: flip(s.proof.c) } } : s,
  );
  const e = await refused(d, 0, await post(tampered), 422, 'BAD_SIGNATURE', {
    seat: 0,
    position: shares[5]!.position,
    check: 'share',
  });
  assert.match(e.error, /seat 0/i);
  // Its own card's share in place of one it owes: opening its own card is not its to publish.
  const twin = await d.twin(0, table);
  const own = twin.playShare(0); // position 0 is dealt to seat 0
  const withOwn = shares.map((s, i) => (i === 0 ? own : s));
  await refused(d, 0, await post(withOwn), 409, 'PROTOCOL_ORDER', {
    seat: 0,
    position: 0,
    check: 'share',
  });
  // A good share moved to another position it owes (a replay from another position).
  const moved = shares.map((s, i) => (i === 1 ? { ...s, position: shares[0]!.position } : s));
  await refused(d, 0, await post(moved), 409, 'PROTOCOL_ORDER', { seat: 0, check: 'share' });
  const relabelled = [...shares];
  relabelled[0] = { ...shares[1]!, position: shares[0]!.position };
  relabelled[1] = { ...shares[0]!, position: shares[1]!.position };
  await refused(d, 0, await post(relabelled), 422, 'BAD_SIGNATURE', {
    seat: 0,
    check: 'share',
  });
  // Seat 1's shares presented by seat 0 as its own.
  const theirs = (await d.drivers[1]!.owed(await d.view(1))) as Json;
  await refused(d, 0, await post(theirs.shares), 422, 'BAD_SIGNATURE', { seat: 0, check: 'share' });
  // Fewer shares than it owes.
  await refused(d, 0, await post(shares.slice(1)), 409, 'PROTOCOL_ORDER', { seat: 0 });
  // The honest set goes in; a second set does not.
  assert.equal((await d.act(0, honest)).status, 200);
  await refused(d, 0, honest, 409, 'PROTOCOL_ORDER');
});

test('dark cheats in the play: a position not dealt to it, out of turn, a bad share, cards that are no combination, a second play of a card', async () => {
  const t = setup('dark cheats play');
  const d = await darkTable(t);
  await d.settle();
  const landlord = await d.bidLandlord();
  let table = await d.view(landlord);
  assert.equal(table.hand.dark.stage, 'play');
  const hand = await d.drivers[landlord]!.hand(table);
  const other = (landlord + 1) % 3;
  const twin = await d.twin(landlord, table);
  const sign = (positions: number[], shares: DarkShareWire[]) =>
    d.sign(landlord, table, { kind: 'play', positions, shares });
  const play = async (positions: number[], shares: DarkShareWire[]) => ({
    type: 'dark-play',
    positions,
    shares,
    signature: await sign(positions, shares),
  });
  // A position dealt to another seat (position `other` is that seat's first card).
  const notMine = await refused(d, landlord, await play([other], []), 422, 'ILLEGAL_PLAY', {
    reason: 'not-in-hand',
    seat: landlord,
  });
  assert.match(notMine.error, /not dealt/);
  // The seat after the landlord plays before its turn.
  const theirs = await d.drivers[other]!.hand(await d.view(other));
  const early = await d.drivers[other]!.play(await d.view(other), [theirs[0]!.position]);
  await refused(d, other, early as Json, 409, 'NOT_YOUR_TURN');
  // Its own card with a share whose proof fails.
  const first = hand[0]!;
  const share = twin.playShare(first.position);
  const forged = { ...share, proof: { ...share.proof, z: flip(share.proof.z) } };
  await refused(d, landlord, await play([first.position], [forged]), 422, 'BAD_SIGNATURE', {
    seat: landlord,
    position: first.position,
    check: 'share',
  });
  // Two cards of different ranks that are no pair: the rules refuse, and the answer names no card.
  const rank = (c: string) => c.slice(0, -1);
  const a = hand.find((c) => !c.card.endsWith('J') && c.card !== 'BJ' && c.card !== 'RJ')!;
  const b = hand.find((c) => rank(c.card) !== rank(a.card) && c.card !== 'BJ' && c.card !== 'RJ')!;
  const twoTwin = await d.twin(landlord, table);
  const pair = [a.position, b.position].filter((p) => !table.hand.dark.kittyPositions.includes(p));
  const noCombo = await refused(
    d,
    landlord,
    await play(
      [a.position, b.position],
      pair.map((p) => twoTwin.playShare(p)),
    ),
    422,
    'ILLEGAL_PLAY',
    { reason: 'not-a-combination' },
  );
  assert.deepEqual([...cardIdsIn(JSON.stringify(noCombo))], [], 'the refusal names no card');
  // The honest single goes in; the same position again (its share replayed) does not.
  const honest = await d.drivers[landlord]!.play(table, [first.position]);
  assert.equal((await d.act(landlord, honest)).status, 200);
  table = await d.view(landlord);
  for (let seat = (landlord + 1) % 3; seat !== landlord; seat = (seat + 1) % 3) {
    assert.equal((await d.act(seat, { type: 'pass' })).status, 200);
  }
  table = await d.view(landlord);
  const again = await refused(
    d,
    landlord,
    {
      type: 'dark-play',
      positions: [first.position],
      shares: (honest as Json).shares,
      signature: await d.sign(landlord, table, {
        kind: 'play',
        positions: [first.position],
        shares: (honest as Json).shares,
      }),
    },
    422,
    'ILLEGAL_PLAY',
    { reason: 'not-in-hand' },
  );
  assert.match(again.error, /played already/);
});
