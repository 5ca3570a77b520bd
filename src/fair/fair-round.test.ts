import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chacha20 } from '../random/chacha20.ts';
import { commitClientSeed } from './client-commit.ts';
import { fairDeal } from './fair-deal.ts';
import { FairRound } from './fair-round.ts';
import { verify } from './verify.ts';

const open = (seed = 'round') =>
  FairRound.open({ table: 't', hand: 1, preset: 'doudizhu', source: chacha20(seed) });

test('commit → reveal → deal gives a transcript that verifies and holds every commitment', () => {
  const round = open();
  const src = chacha20('players');
  const a = commitClientSeed(round, 'alice', 'lucky7', src);
  const b = commitClientSeed(round, 'bob', 'dragon', src);
  round.commit('bob', b.commitment);
  round.commit('alice', a.commitment);
  assert.equal(round.phase, 'committing');
  round.reveal('bob', b.seed, b.salt);
  assert.deepEqual(round.waitingFor, ['alice']);
  round.reveal('alice', a.seed, a.salt);
  const { transcript, deal } = round.deal();
  assert.equal(verify(transcript).ok, true);
  assert.deepEqual(
    transcript.clients.map((c) => [c.player, c.commitment]),
    [
      ['alice', a.commitment],
      ['bob', b.commitment],
    ],
  );
  assert.equal(transcript.server.commitment, round.commitment);
  assert.deepEqual(
    deal.hands.map((h) => h.length),
    [17, 17, 17],
  );
  assert.equal(round.phase, 'dealt');
});

test('no commitment is accepted after the first reveal (nobody chooses last)', () => {
  const round = open();
  const a = commitClientSeed(round, 'alice', 'x', chacha20('a'));
  round.commit('alice', a.commitment);
  round.reveal('alice', a.seed, a.salt);
  const late = commitClientSeed(round, 'mallory', 'chosen', chacha20('m'));
  assert.throws(() => round.commit('mallory', late.commitment), { code: 'BAD_OPTION' });
  assert.throws(() => round.addSeeds([{ player: 'mallory', seed: 'chosen' }]), {
    code: 'BAD_OPTION',
  });
});

test('a reveal must match its commitment; a salt or seed of another hand does not', () => {
  const round = open();
  const a = commitClientSeed(round, 'alice', 'x', chacha20('a'));
  round.commit('alice', a.commitment);
  assert.throws(() => round.reveal('alice', 'y', a.salt), { code: 'BAD_SEED' });
  assert.throws(() => round.reveal('alice', 'x', '00'.repeat(32)), { code: 'BAD_SEED' });
  const other = commitClientSeed({ table: 't', hand: 2 }, 'alice', 'x', chacha20('a'));
  assert.equal(other.salt, a.salt); // same salt source, other hand: the commitment still differs
  assert.notEqual(other.commitment, a.commitment);
  assert.throws(() => round.reveal('bob', 'x', a.salt), { code: 'BAD_OPTION' });
  round.reveal('alice', 'x', a.salt);
  assert.throws(() => round.reveal('alice', 'x', a.salt), /already revealed/);
});

test('deal waits for every committed player, and a round deals once', () => {
  const round = open();
  round.commit('alice', commitClientSeed(round, 'alice', 'x').commitment);
  assert.throws(() => round.deal(), /waiting for the seed of 'alice'/);
  const solo = open();
  solo.addSeeds([{ player: 'me', seed: 's' }]);
  solo.deal();
  assert.throws(() => solo.deal(), /dealt already/);
});

test('duplicate players and bad inputs are refused with the documented errors', () => {
  const round = open();
  const c = commitClientSeed(round, 'alice', 'x').commitment;
  round.commit('alice', c);
  assert.throws(() => round.commit('alice', c), { code: 'BAD_OPTION' });
  assert.throws(() => round.commit('bob', 'XYZ'), { code: 'BAD_TRANSCRIPT' });
  assert.throws(() => round.commit('', c), { code: 'BAD_OPTION' });
  assert.throws(() => FairRound.open({ table: 't', hand: -1, preset: 'doudizhu' }), RangeError);
  assert.throws(() => FairRound.open({ table: 't', hand: 1, preset: 'nope' }), {
    code: 'UNKNOWN_PRESET',
  });
  assert.throws(
    () => FairRound.open({ table: 't', hand: 1, preset: 'doudizhu', options: { seed: 'x' } }),
    { code: 'BAD_OPTION' },
  );
  const solo = open();
  assert.throws(
    () =>
      solo.addSeeds([
        { player: 'p', seed: '1' },
        { player: 'p', seed: '2' },
      ]),
    { code: 'BAD_OPTION' },
  );
});

test('a round survives toJSON / fromJSON; an edited state is refused', () => {
  const round = open();
  const a = commitClientSeed(round, 'alice', 'x', chacha20('a'));
  round.commit('alice', a.commitment);
  const state = JSON.parse(JSON.stringify(round.toJSON()));
  const back = FairRound.fromJSON(state);
  assert.equal(back.commitment, round.commitment);
  back.reveal('alice', a.seed, a.salt);
  round.reveal('alice', a.seed, a.salt);
  assert.deepEqual(back.deal().transcript, round.deal().transcript);
  const edited = { ...state, serverSeed: 'ff'.repeat(32) };
  assert.throws(() => FairRound.fromJSON(edited), { code: 'BAD_TRANSCRIPT' });
});

test('fairDeal announces the commitment before dealing and uses secure seeds by default', () => {
  const seen: string[] = [];
  const one = fairDeal('bridge', { clientSeeds: ['x'], onCommit: (c) => seen.push(c) });
  const two = fairDeal('bridge', { clientSeeds: ['x'] });
  assert.deepEqual(seen, [one.commitment]);
  assert.equal(one.transcript.clients[0]?.player, 'client1');
  // Two secure server seeds colliding has probability 2^-256: the decks must differ.
  assert.notEqual(one.transcript.server.seed, two.transcript.server.seed);
  assert.notDeepEqual(one.transcript.cards, two.transcript.cards);
});
