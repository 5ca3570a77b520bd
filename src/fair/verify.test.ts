import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SORT_NAMES } from '../games/index.ts';
import { chacha20 } from '../random/chacha20.ts';
import { buildTranscript } from './build-transcript.ts';
import { dealTranscriptV2 } from './build-transcript-v2.ts';
import { commitClientSeed } from './client-commit.ts';
import { constantTimeEqual } from './constant-time-equal.ts';
import type { FairOptions } from './deal-options.ts';
import { fairDeal } from './fair-deal.ts';
import { FairRound } from './fair-round.ts';
import { normalizeHeader } from './header.ts';
import type { Seating } from './seating.ts';
import { parseStrictJson } from './strict-json.ts';
import type { FairTranscript } from './transcript-v2.ts';
import { verify } from './verify.ts';
import { verifyChain } from './verify-chain.ts';

/** A committed three-player Dou Dizhu hand; returns what a grinding dealer would hold. */
function committedHand() {
  const serverSource = chacha20('grind-server');
  const round = FairRound.open({
    table: 'g',
    hand: 1,
    preset: 'doudizhu',
    seating: ['ann', 'bob', 'cy'],
    testOnlySource: serverSource,
  });
  const src = chacha20('grind-players');
  const commits = ['ann', 'bob', 'cy'].map((p) => commitClientSeed(round.announcement, p, p, src));
  for (const c of commits) round.commit(c.player, c.commitment);
  const roster = round.closeRoster();
  for (const c of commits) round.reveal(c.player, c.seed, c.salt);
  // The same 8 words FairRound.open drew: the dealer knows its own seed.
  const words = new Uint32Array(8);
  chacha20('grind-server').fillUint32(words);
  const serverSeed = new Uint8Array(words.buffer);
  const honest = round.deal().transcript;
  return { round, roster, commits, serverSeed, honest };
}

test('grinding: a dealer who re-deals with other options or seating after the reveal is caught', () => {
  const { commits, serverSeed, honest } = committedHand();
  assert.ok(verify(honest).ok);
  const announced = honest.server.commitment;
  const variants: { options: FairOptions; seating: Seating }[] = [
    { options: { dealer: 0 }, seating: ['ann', 'bob', 'cy'] },
    { options: { dealer: 1 }, seating: ['ann', 'bob', 'cy'] },
    { options: {}, seating: ['cy', 'bob', 'ann'] },
    { options: {}, seating: 'roster' },
    { options: {}, seating: ['ann', 'bob', null] },
  ];
  const decks = new Set<string>([honest.cards.map((c) => c.card + c.to).join()]);
  for (const v of variants) {
    const header = normalizeHeader({ table: 'g', hand: 1, preset: 'doudizhu', ...v });
    // The dealer recomputes everything it can: C_s', roster hash, key, cards and hash.
    const forged = dealTranscriptV2({
      header,
      serverSeed,
      roster: honest.roster,
      reveals: commits.map((c) => ({ player: c.player, seed: c.seed, salt: c.salt })),
      plain: null,
    }).transcript;
    decks.add(forged.cards.map((c) => c.card + c.to).join());
    assert.notEqual(forged.server.commitment, announced);
    const r = verify(forged);
    assert.equal(r.ok, false, JSON.stringify(v));
    if (!r.ok) {
      assert.ok(
        r.problems.some((p) => /^reveals\[\d\]\.commitment$/.test(p.field)),
        'the players committed to the announced C_s, so their reveals no longer match',
      );
    }
    // Keeping the announced commitment instead fails on the commitment itself.
    const kept = { ...forged, server: { ...forged.server, commitment: announced } };
    const k = verify(kept);
    assert.ok(!k.ok && k.problems.some((p) => p.field === 'server.commitment'));
  }
  assert.ok(decks.size > 3, 'the variants really were other decks to choose from');
});

test('grinding: the eleven sort spellings of custom are no longer eleven decks to pick from', () => {
  const round = FairRound.open({
    table: 's',
    hand: 1,
    preset: 'custom',
    options: { sort: 'suit' },
    seating: 'roster',
    testOnlySource: chacha20('sort'),
  });
  const src = chacha20('sort players');
  const commits = ['a', 'b', 'c', 'd'].map((p) => commitClientSeed(round.announcement, p, p, src));
  for (const c of commits) round.commit(c.player, c.commitment);
  round.closeRoster();
  for (const c of commits) round.reveal(c.player, c.seed, c.salt);
  const honest = round.deal().transcript;
  const words = new Uint32Array(8);
  chacha20('sort').fillUint32(words);
  const decks = new Set<string>();
  for (const sort of SORT_NAMES.filter((x) => x !== 'suit')) {
    const header = normalizeHeader({
      table: 's',
      hand: 1,
      preset: 'custom',
      options: { sort },
      seating: 'roster',
    });
    const forged = dealTranscriptV2({
      header,
      serverSeed: new Uint8Array(words.buffer),
      roster: honest.roster,
      reveals: honest.reveals,
      plain: null,
    }).transcript;
    decks.add(forged.cards.map((c) => c.card).join());
    assert.equal(verify(forged).ok, false, sort);
  }
  assert.equal(decks.size, SORT_NAMES.length - 1, 'each spelling would have been another deck');
});

test('grinding with a single plain seed: the announced commitment catches a re-dealt header', () => {
  const seen: string[] = [];
  const honest = fairDeal('doudizhu', { clientSeed: 'mine', onCommit: (c) => seen.push(c) });
  assert.ok(verify(honest.transcript, { commitment: seen[0]! }).ok);
  const other = fairDeal('doudizhu', { clientSeed: 'mine', options: { dealer: 0 } });
  const r = verify(other.transcript, { commitment: seen[0]! });
  assert.ok(!r.ok && r.problems.some((p) => p.field === 'server.commitment'));
});

test('a roster member invented after the reveals changes the roster hash', () => {
  const { roster, honest } = committedHand();
  assert.ok(verify(honest, { rosterHash: roster.rosterHash }).ok);
  const r = verify(honest, { rosterHash: '00'.repeat(32) });
  assert.ok(!r.ok && r.problems.some((p) => p.field === 'roster'));
});

test('option spellings: {} and {seats: 3} are one canonical deal; a non-canonical transcript fails', () => {
  const { honest } = committedHand();
  const t = structuredClone(honest) as { options: Record<string, unknown> };
  delete t.options.dealer;
  const r = verify(t);
  assert.ok(!r.ok && r.problems[0]?.field === 'options');
  assert.match(r.ok ? '' : r.problems[0]!.message, /canonical form/);
  const level = fairDeal('shengji', { options: { level: '10' } }).transcript;
  assert.equal(level.options.level, 'T');
  const ten = structuredClone(level) as { options: Record<string, unknown> };
  ten.options.level = '10';
  assert.equal(verify(ten).ok, false);
});

test('plain seeds: never beside committed players (v2), never with several clients (v1)', () => {
  const { honest } = committedHand();
  const t = { ...honest, plain: { player: 'z', seed: 'late' } };
  const r = verify(t);
  assert.ok(!r.ok && r.problems.some((p) => p.field === 'plain'));
  const v1 = buildTranscript({
    serverSeed: new Uint8Array(32),
    table: 't',
    hand: 1,
    prev: null,
    preset: 'bridge',
    options: {},
    clients: [
      { player: 'a', seed: 'x' },
      { player: 'b', seed: 'y' },
    ],
  });
  const r1 = verify(v1);
  assert.ok(!r1.ok && r1.problems.some((p) => /plain \(uncommitted\)/.test(p.message)));
  const single = buildTranscript({
    ...v1,
    serverSeed: new Uint8Array(32),
    clients: [v1.clients[0]!],
  });
  assert.equal(verify(single).ok, true, 'one plain seed alone is still a v1 single party');
});

test('verdict: no client seed is consistent but dealer-alone, never players-contributed', () => {
  const r = verify(fairDeal('bridge').transcript);
  assert.ok(r.ok);
  assert.equal(r.verdict.fairness, 'dealer-alone');
  assert.equal(r.verdict.contributors, 0);
});

test('strict parsing: duplicate keys, look-alike ids, control characters are refused', () => {
  const { honest } = committedHand();
  const text = JSON.stringify(honest);
  assert.ok(verify(text).ok);
  const dup = text.replace('"table":"g"', '"table":"x","table":"g"');
  const d = verify(dup);
  assert.ok(!d.ok && /duplicate key 'table'/.test(d.problems[0]!.message));
  assert.throws(() => parseStrictJson('{"a":1,"a":1}'), { code: 'BAD_TRANSCRIPT' });
  assert.deepEqual(parseStrictJson('{"__proto__":1}'), JSON.parse('{"__proto__":1}'));
  assert.deepEqual(Object.keys(parseStrictJson('{"__proto__":1}') as object), ['__proto__']);
  for (const [id, why] of [
    ['e\u0301', /normalization form C/],
    ['a\u202eb', /U\+202E/],
    ['bob\u200b', /U\+200B/],
    ['x\u001b[2J', /U\+001B/],
  ] as const) {
    const bad = { ...honest, table: id };
    const r = verify(bad);
    assert.ok(!r.ok && r.problems[0]!.field === 'table' && why.test(r.problems[0]!.message), id);
  }
});

test('options: a forger adding "__proto__" to a genuine hand is refused by name, v1 and v2', () => {
  // The forger's view: a key that, copied carelessly, sets a prototype instead of a key, so the
  // hash (computed without it) still matched and the transcript verified with an unchecked field.
  const { honest } = committedHand();
  const v1 = buildTranscript({
    serverSeed: new Uint8Array(32),
    table: 't',
    hand: 1,
    prev: null,
    preset: 'bridge',
    options: {},
    clients: [],
  });
  for (const good of [honest, v1] as { options: object }[]) {
    const text = JSON.stringify(good);
    assert.ok(verify(text).ok);
    for (const value of ['"x"', '5', 'true']) {
      const forged = text.replace('"options":{', `"options":{"__proto__":${value},`);
      const r = verify(forged.replace(',}', '}'));
      assert.ok(!r.ok, forged.slice(0, 120));
      assert.equal(r.problems[0]!.field, 'options.__proto__');
      assert.match(r.problems[0]!.message, /is not an option name/);
    }
    for (const key of ['constructor', 'toString', 'valueOf']) {
      const forged = text.replace('"options":{', `"options":{"${key}":1,`).replace(',}', '}');
      const bogus = text.replace('"options":{', '"options":{"bogus":1,').replace(',}', '}');
      const r = verify(forged);
      const b = verify(bogus);
      assert.ok(!r.ok && !b.ok);
      // exactly like any other unknown key: same field, same message but for the name
      assert.deepEqual(
        r.problems.map((p) => [p.field, p.message.replace(key, 'K')]),
        b.problems.map((p) => [p.field, p.message.replace('bogus', 'K')]),
      );
    }
  }
});

test('verify never throws on garbage', () => {
  for (const junk of [null, 1, 'x', '{', '[]', {}, { algorithm: 'fairdeal-v2' }, '{"a":NaN}']) {
    const r = verify(junk);
    assert.equal(r.ok, false);
  }
});

test('verifyChain: empty fails; gaps, foreign tables and broken links fail', () => {
  assert.deepEqual(verifyChain([]).ok, false);
  const h1 = fairDeal('bridge', { table: 'c', hand: 1 }).transcript;
  const h2 = fairDeal('bridge', { table: 'c', hand: 2, prev: h1.hash }).transcript;
  const h4 = fairDeal('bridge', { table: 'c', hand: 4, prev: h2.hash }).transcript;
  const other = fairDeal('bridge', { table: 'd', hand: 3, prev: h2.hash }).transcript;
  assert.deepEqual(verifyChain([h1, h2]), { ok: true });
  const gap = verifyChain([h1, h2, h4]);
  assert.ok(!gap.ok && gap.problems.some((p) => p.field === 'hand' && p.index === 2));
  const foreign = verifyChain([h1, h2, other]);
  assert.ok(!foreign.ok && foreign.problems.some((p) => p.field === 'table'));
  const skipped = verifyChain([h1, h4]);
  assert.ok(!skipped.ok && skipped.problems.some((p) => p.field === 'prev'));
});

test('prev is committed: relinking a hand to another previous hash breaks its commitment', () => {
  const h = fairDeal('bridge', { table: 'c', hand: 2, prev: 'aa'.repeat(32) }).transcript;
  const relinked: FairTranscript = { ...h, prev: 'bb'.repeat(32) };
  const r = verify(relinked);
  assert.ok(!r.ok && r.problems.some((p) => p.field === 'server.commitment'));
});

test('constantTimeEqual compares content and length', () => {
  assert.equal(constantTimeEqual(Uint8Array.of(1, 2), Uint8Array.of(1, 2)), true);
  assert.equal(constantTimeEqual(Uint8Array.of(1, 2), Uint8Array.of(1, 3)), false);
  assert.equal(constantTimeEqual(Uint8Array.of(1), Uint8Array.of(1, 2)), false);
});

test('verifyChain: a hand that fails on its own is reported at its index, with its fields', () => {
  const h1 = fairDeal('bridge', { table: 'f', hand: 1 }).transcript;
  const h2 = fairDeal('bridge', { table: 'f', hand: 2, prev: h1.hash }).transcript;
  const h3 = fairDeal('bridge', { table: 'f', hand: 3, prev: h2.hash }).transcript;
  assert.deepEqual(verifyChain([h1, h2, h3]), { ok: true });
  const forged = structuredClone(h2) as unknown as { cards: { card: string }[] };
  [forged.cards[0]!.card, forged.cards[1]!.card] = [forged.cards[1]!.card, forged.cards[0]!.card];
  const r = verifyChain([h1, forged, h3]);
  assert.ok(!r.ok);
  // The forged hand's own faults; the next hand is not blamed for a link to a hand that failed.
  assert.ok(
    r.problems.every((p) => p.index === 1),
    JSON.stringify(r.problems),
  );
  const fields = r.problems.map((p) => p.field);
  assert.ok(fields.includes('cards[0]') && fields.includes('cards[1]'), fields.join());
  const garbage = verifyChain([h1, 42, h3]);
  assert.ok(!garbage.ok && garbage.problems.length > 0);
  assert.ok(garbage.problems.every((p) => p.index === 1));
});
