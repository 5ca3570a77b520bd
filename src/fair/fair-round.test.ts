import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inspect } from 'node:util';
import type { FairdealError } from '../errors.ts';
import { chacha20 } from '../random/chacha20.ts';
import { bytesToHex } from '../random/hex.ts';
import { mathRandom } from '../random/math-random.ts';
import { scriptedSource } from '../random/scripted.ts';
import { secureRandom } from '../random/secure.ts';
import { checkRoster, commitClientSeed } from './client-commit.ts';
import { serverCommitmentV2 } from './commit-v2.ts';
import { fairDeal } from './fair-deal.ts';
import { FairRound, type FairRoundSecretState } from './fair-round.ts';
import { verify } from './verify.ts';

const open = (seed = 's') =>
  FairRound.open({
    table: 't',
    hand: 1,
    preset: 'doudizhu',
    seating: 'roster',
    testOnlySource: chacha20(seed),
  });

function threePlayers(round: FairRound) {
  const src = chacha20('players');
  return ['alice', 'carol', 'bob'].map((p) =>
    commitClientSeed(round.announcement, p, `seed of ${p}`, src),
  );
}

test('open → commit → close → reveal → deal gives a verified transcript with the roster', () => {
  const round = open();
  assert.equal(round.phase, 'committing');
  const commits = threePlayers(round);
  for (const c of commits) round.commit(c.player, c.commitment);
  const roster = round.closeRoster();
  assert.equal(round.phase, 'revealing');
  assert.deepEqual(
    roster.roster.map((e) => e.player),
    ['alice', 'bob', 'carol'],
  );
  for (const c of commits) checkRoster(roster, c);
  assert.deepEqual(round.waitingFor, ['alice', 'bob', 'carol']);
  for (const c of commits) round.reveal(c.player, c.seed, c.salt);
  const { transcript } = round.deal();
  assert.equal(round.phase, 'dealt');
  const r = verify(transcript);
  assert.ok(r.ok);
  assert.deepEqual(r.verdict.seats, ['alice', 'bob', 'carol']);
  assert.equal(r.verdict.fairness, 'players-contributed');
});

test('steps out of order throw PROTOCOL_ORDER; a wrong reveal REVEAL_MISMATCH', () => {
  const round = open();
  const [a, b, c] = threePlayers(round);
  round.commit(a!.player, a!.commitment);
  assert.throws(() => round.commit(a!.player, b!.commitment), { code: 'PROTOCOL_ORDER' });
  assert.throws(() => round.reveal(a!.player, a!.seed, a!.salt), { code: 'PROTOCOL_ORDER' });
  assert.throws(() => round.deal(), { code: 'PROTOCOL_ORDER' });
  assert.throws(() => round.closeRoster(), { code: 'PROTOCOL_ORDER' }, 'roster rule needs 3');
  round.commit(b!.player, b!.commitment);
  round.commit(c!.player, c!.commitment);
  round.closeRoster();
  assert.throws(() => round.commit('dave', a!.commitment), { code: 'PROTOCOL_ORDER' });
  assert.throws(() => round.addPlainSeed('dave', 'x'), { code: 'PROTOCOL_ORDER' });
  assert.throws(() => round.reveal('dave', 'x', a!.salt), { code: 'PROTOCOL_ORDER' });
  assert.throws(() => round.reveal(a!.player, 'other seed', a!.salt), { code: 'REVEAL_MISMATCH' });
  assert.throws(() => round.reveal(a!.player, b!.seed, b!.salt), { code: 'REVEAL_MISMATCH' });
  round.reveal(a!.player, a!.seed, a!.salt);
  assert.throws(() => round.reveal(a!.player, a!.seed, a!.salt), { code: 'PROTOCOL_ORDER' });
  assert.throws(() => round.deal(), { code: 'PROTOCOL_ORDER' }, 'waiting for bob and carol');
  const { transcript } = round.deal({ allowMissing: true });
  const r = verify(transcript);
  assert.ok(r.ok);
  assert.deepEqual(r.verdict.missing, ['bob', 'carol']);
  assert.throws(() => round.deal(), { code: 'PROTOCOL_ORDER' });
});

test('a seed revealed for one announcement does not open another (restarted hand)', () => {
  const first = open('first');
  const second = open('second');
  const [a] = threePlayers(first);
  second.commit(a!.player, a!.commitment);
  assert.throws(() => second.addPlainSeed('x', 'y'), { code: 'PROTOCOL_ORDER' });
  const fresh = FairRound.open({
    table: 't',
    hand: 1,
    preset: 'doudizhu',
    seating: ['alice', 'bob', 'carol'],
    testOnlySource: chacha20('second'),
  });
  fresh.commit(a!.player, a!.commitment);
  fresh.closeRoster();
  assert.throws(() => fresh.reveal(a!.player, a!.seed, a!.salt), { code: 'REVEAL_MISMATCH' });
});

test('no generic serialisation of a round shows a secret', () => {
  const round = open();
  const commits = threePlayers(round);
  for (const c of commits) round.commit(c.player, c.commitment);
  round.closeRoster();
  for (const c of commits) round.reveal(c.player, c.seed, c.salt);
  const secrets = [
    round.exportSecretState().serverSeed,
    ...commits.map((c) => c.seed),
    ...commits.map((c) => c.salt),
  ];
  const shown = [
    JSON.stringify(round),
    JSON.stringify({ round }),
    String(round),
    `${round}`,
    inspect(round, { showHidden: true, depth: 10 }),
    inspect({ round }),
    JSON.stringify(round.publicState()),
    JSON.stringify(round.announcement),
    JSON.stringify(Object.entries(round)),
  ];
  for (const text of shown)
    for (const s of secrets) assert.ok(!text.includes(s), `${s} in ${text}`);
  assert.ok(JSON.stringify(round.exportSecretState()).includes(secrets[0]!));
});

test('exportSecretState / restore round-trips at every phase; edited states are refused', () => {
  const round = open();
  const commits = threePlayers(round);
  const save = () => JSON.parse(JSON.stringify(round.exportSecretState())) as FairRoundSecretState;
  const states: FairRoundSecretState[] = [save()];
  for (const c of commits) round.commit(c.player, c.commitment);
  states.push(save());
  round.closeRoster();
  states.push(save());
  round.reveal(commits[0]!.player, commits[0]!.seed, commits[0]!.salt);
  const revealed = save();
  states.push(revealed);
  for (const s of states) assert.deepEqual(FairRound.restore(s).exportSecretState(), s);

  // Setting the phase back (with or without reopening the roster) cannot let a player join.
  const edits: FairRoundSecretState[] = [
    { ...revealed, phase: 'committing' },
    { ...revealed, phase: 'committing', rosterHash: null },
    {
      ...revealed,
      roster: [...revealed.roster, { player: 'mallory', commitment: '00'.repeat(32) }],
    },
    { ...revealed, serverSeed: '11'.repeat(32) },
    { ...revealed, reveals: [{ ...revealed.reveals[0]!, seed: 'forged' }] },
    { ...revealed, transcriptHash: '00'.repeat(32) },
  ];
  for (const e of edits) assert.throws(() => FairRound.restore(e), { code: 'BAD_TRANSCRIPT' });

  for (const c of commits.slice(1)) round.reveal(c.player, c.seed, c.salt);
  const { transcript } = round.deal();
  const dealt = FairRound.restore(save());
  assert.equal(dealt.phase, 'dealt');
  assert.equal(dealt.transcript?.hash, transcript.hash);
});

test('options are committed in canonical form; seating and ids are checked', () => {
  const a = FairRound.open({
    table: 't',
    hand: 1,
    preset: 'doudizhu',
    options: {},
    seating: [null, null, null],
    testOnlySource: chacha20('x'),
  });
  const b = FairRound.open({
    table: 't',
    hand: 1,
    preset: 'doudizhu',
    options: { seats: 3, dealer: 2 },
    seating: [null, null, null],
    testOnlySource: chacha20('x'),
  });
  assert.equal(a.commitment, b.commitment, 'one spelling, one commitment');
  assert.deepEqual(a.announcement.options, { dealer: 2, seats: 3 });
  const base = { table: 't', hand: 1, preset: 'doudizhu' } as const;
  assert.throws(() => FairRound.open({ ...base, seating: ['a', 'b'] }), { code: 'BAD_OPTION' });
  assert.throws(() => FairRound.open({ ...base, seating: ['a', 'a', 'b'] }), {
    code: 'BAD_OPTION',
  });
  assert.throws(() => FairRound.open({ ...base, seating: ['e\u0301', null, null] }), {
    code: 'BAD_OPTION',
    message: /normalization form C/,
  });
  assert.throws(() => FairRound.open({ ...base, table: 'a\u202eb', seating: 'roster' }), {
    code: 'BAD_OPTION',
    message: /U\+202E/,
  });
  assert.throws(() => FairRound.open({ ...base, seating: 'roster', options: { seed: 'x' } }), {
    code: 'BAD_OPTION',
  });
  assert.throws(() => FairRound.open({ ...base, preset: 'nope', seating: 'roster' }), {
    code: 'UNKNOWN_PRESET',
  });
  assert.throws(() => FairRound.open({ ...base, hand: -1, seating: 'roster' }), RangeError);
});

test('fairDeal: one plain seed after the commitment, or none (dealer alone)', () => {
  const seen: string[] = [];
  const one = fairDeal('bridge', { clientSeed: 'x', onCommit: (c) => seen.push(c) });
  assert.deepEqual(seen, [one.commitment]);
  const r = verify(one.transcript);
  assert.ok(r.ok && r.verdict.fairness === 'players-contributed');
  const none = verify(fairDeal('bridge').transcript);
  assert.ok(none.ok && none.verdict.fairness === 'dealer-alone');
  assert.notEqual(fairDeal('bridge').commitment, fairDeal('bridge').commitment, 'fresh seeds');
});

test('the server seed never comes from a predictable source; testOnlySource is the named escape', () => {
  const header = { table: 'club-7', hand: 12, preset: 'doudizhu', seating: 'roster' } as const;
  // The cheater's view: a dealer whose server seed comes from words anyone may guess. A player
  // who guesses them recomputes the server seed from public data alone: the commitment matches,
  // so every hand is theirs to compute the moment the seeds are revealed.
  const guessed = FairRound.open({ ...header, testOnlySource: chacha20('club-7 hand 12') });
  const words = new Uint32Array(8);
  chacha20('club-7 hand 12').fillUint32(words);
  const seed = new Uint8Array(words.buffer);
  const { algorithm: _a, commitment, ...announced } = guessed.announcement;
  assert.equal(
    bytesToHex(serverCommitmentV2(announced, seed)),
    commitment,
    'the guess is confirmed',
  );
  // So the library refuses such a source for a real round, whatever the entry point …
  for (const source of [
    chacha20('club-7 hand 12'),
    mathRandom,
    scriptedSource(new Array(8).fill(1)),
  ]) {
    assert.throws(
      () => FairRound.open({ ...header, source }),
      (e: FairdealError) => {
        assert.equal(e.code, 'BAD_SEED');
        assert.equal(e.detail?.field, 'source');
        assert.match(e.message, /must come from a secure source/);
        assert.ok(!e.message.includes('club-7 hand 12'));
        return true;
      },
    );
    assert.throws(() => fairDeal('bridge', { source }), { code: 'BAD_SEED' });
  }
  // … accepts a secure one, or a source keyed with 32 bytes (as good as whatever chose them) …
  for (const source of [secureRandom, chacha20('cd'.repeat(32)), chacha20(new Uint8Array(32))]) {
    assert.equal(FairRound.open({ ...header, source }).phase, 'committing');
  }
  // … and lets tests and vectors through only under the name that says so, reproducibly.
  const again = FairRound.open({ ...header, testOnlySource: chacha20('club-7 hand 12') });
  assert.equal(again.commitment, guessed.commitment);
  assert.equal(
    fairDeal('bridge', { testOnlySource: chacha20('v') }).commitment,
    fairDeal('bridge', { testOnlySource: chacha20('v') }).commitment,
  );
  assert.throws(
    () => FairRound.open({ ...header, source: secureRandom, testOnlySource: chacha20('x') }),
    { code: 'BAD_OPTION' },
  );
});
