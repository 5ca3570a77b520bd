import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chacha20 } from '../random/chacha20.ts';
import { constantTimeEqual } from './constant-time-equal.ts';
import { FairRound } from './fair-round.ts';
import { toHex } from './hex.ts';
import type { FairTranscript } from './transcript.ts';
import { transcriptHash } from './transcript-hash.ts';
import { verify } from './verify.ts';
import { verifyChain } from './verify-chain.ts';

function hand(n: number, prev: string | null, table = 't'): FairTranscript {
  const round = FairRound.open({
    table,
    hand: n,
    prev,
    preset: 'holdem',
    source: chacha20(`h${n}`),
  });
  round.addSeeds([
    { player: 'b', seed: 'x' },
    { player: 'a', seed: 'y' },
  ]);
  return round.deal().transcript;
}
const h1 = hand(1, null);
const h2 = hand(2, h1.hash);
const h3 = hand(3, h2.hash);
const fields = (r: ReturnType<typeof verify>) => (r.ok ? [] : r.problems.map((p) => p.field));

test('verify never throws on garbage: it names the malformed field', () => {
  for (const input of [null, 42, 'not json', '[]', [], {}]) {
    const r = verify(input);
    assert.equal(r.ok, false);
  }
  assert.deepEqual(fields(verify({ ...h1, winner: 'me' })), ['transcript']);
  const extra = verify({ ...h1, winner: 'me' });
  assert.match(extra.ok ? '' : (extra.problems[0]?.message ?? ''), /unknown field 'winner'/);
  assert.deepEqual(fields(verify({ ...h1, hash: h1.hash.toUpperCase() })), ['hash']);
  assert.deepEqual(fields(verify({ ...h1, hand: 1.5 })), ['hand']);
  assert.deepEqual(fields(verify(JSON.stringify(h1))), []); // JSON text is accepted too
});

test('clients must be in canonical order; a re-ordered list is reported even with a fixed hash', () => {
  assert.deepEqual(
    h1.clients.map((c) => c.player),
    ['a', 'b'],
  );
  const swapped = { ...h1, clients: [...h1.clients].reverse() };
  const rehashed = { ...swapped, hash: toHex(transcriptHash(swapped)) };
  assert.deepEqual(fields(verify(rehashed)), ['clients[1]']);
});

test('a forged transcript with a re-computed hash still fails on the cards', () => {
  const forged = structuredClone(h2) as unknown as { cards: { card: string }[]; hash: string };
  [forged.cards[0]!.card, forged.cards[1]!.card] = [forged.cards[1]!.card, forged.cards[0]!.card];
  forged.hash = toHex(transcriptHash(forged as unknown as FairTranscript));
  assert.deepEqual(fields(verify(forged)), ['cards[0]', 'cards[1]']);
});

test('verifyChain: intact, missing, re-ordered and foreign hands', () => {
  assert.deepEqual(verifyChain([h1, h2, h3]), { ok: true });
  const gap = verifyChain([h1, h3]);
  assert.ok(!gap.ok && gap.problems.length === 1 && gap.problems[0]!.field === 'prev');
  const order = verifyChain([h2, h1]);
  assert.ok(!order.ok && order.problems.some((p) => p.field === 'hand'));
  const foreign = hand(2, h1.hash, 'other');
  const other = verifyChain([h1, foreign]);
  assert.ok(!other.ok && other.problems.some((p) => p.field === 'table' && p.index === 1));
});

test('constantTimeEqual compares content and length', () => {
  assert.equal(constantTimeEqual(Uint8Array.of(1, 2), Uint8Array.of(1, 2)), true);
  assert.equal(constantTimeEqual(Uint8Array.of(1, 2), Uint8Array.of(1, 3)), false);
  assert.equal(constantTimeEqual(Uint8Array.of(1, 2), Uint8Array.of(1)), false);
  assert.equal(constantTimeEqual(new Uint8Array(0), new Uint8Array(0)), true);
});

test('verifyChain: a hand that fails on its own is reported at its index, with its fields', () => {
  const forged = structuredClone(h2) as unknown as { cards: { card: string }[]; hash: string };
  [forged.cards[0]!.card, forged.cards[1]!.card] = [forged.cards[1]!.card, forged.cards[0]!.card];
  forged.hash = toHex(transcriptHash(forged as unknown as FairTranscript));
  const r = verifyChain([h1, forged, h3]);
  assert.ok(!r.ok);
  // The forged hand's own faults; the next hand is not blamed for a link to a hand that failed.
  assert.deepEqual(
    r.problems.map((p) => [p.index, p.field]),
    [
      [1, 'cards[0]'],
      [1, 'cards[1]'],
    ],
  );
  const garbage = verifyChain([h1, 42, h3]);
  assert.ok(!garbage.ok && garbage.problems.length > 0);
  assert.ok(garbage.problems.every((p) => p.index === 1));
});
