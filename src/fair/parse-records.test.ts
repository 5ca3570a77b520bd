import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chacha20 } from '../random/chacha20.ts';
import { commitClientSeed } from './client-commit.ts';
import { FairRound } from './fair-round.ts';
import { parseAnnouncement } from './parse-announcement.ts';
import { parseRoster } from './parse-roster.ts';
import { verify } from './verify.ts';

function hand() {
  const round = FairRound.open({
    table: 'club',
    hand: 3,
    preset: 'doudizhu',
    seating: ['ann', 'bob', 'cy'],
    testOnlySource: chacha20('records'),
  });
  const announcement = round.announcement;
  const src = chacha20('players');
  const commits = ['ann', 'bob', 'cy'].map((p) => commitClientSeed(announcement, p, p, src));
  for (const c of commits) round.commit(c.player, c.commitment);
  const roster = round.closeRoster();
  for (const c of commits) round.reveal(c.player, c.seed, c.salt);
  return { announcement, roster, transcript: round.deal().transcript };
}

test('a dealer who shows one header and commits to another is caught by the whole announcement', () => {
  const { announcement, transcript } = hand();
  // The cheater's view: the players were shown ann in seat 3, the commitment binds her to seat 1.
  const shown = { ...announcement, seating: ['cy', 'bob', 'ann'] };
  assert.equal(verify(transcript, { commitment: shown.commitment }).ok, true, 'the gap');
  const r = verify(transcript, { announcement: parseAnnouncement(JSON.stringify(shown)) });
  assert.ok(!r.ok);
  assert.deepEqual(
    r.problems.map((p) => p.field),
    ['seating'],
  );
  for (const [field, value] of [
    ['table', 'club2'],
    ['hand', 4],
    ['prev', 'ab'.repeat(32)],
    ['options', { dealer: 0, seats: 3 }],
  ] as const) {
    const other = parseAnnouncement(JSON.stringify({ ...announcement, [field]: value }));
    const x = verify(transcript, { announcement: other });
    assert.ok(!x.ok && x.problems.some((p) => p.field === field), field);
  }
  assert.equal(verify(transcript, { announcement }).ok, true);
});

test('parseAnnouncement: exactly what FairRound.announcement holds, with a transcript’s rules', () => {
  const { announcement } = hand();
  const text = JSON.stringify(announcement);
  assert.deepEqual(parseAnnouncement(text), announcement);
  const refused: [unknown, RegExp][] = [
    [{ ...announcement, extra: 1 }, /announcement file has an unknown field 'extra'/],
    [{ ...announcement, algorithm: 'fairdeal-v1' }, /announcement algorithm must be/],
    [{ ...announcement, commitment: announcement.commitment.toUpperCase() }, /commitment/],
    [{ ...announcement, options: { seats: 3 } }, /options are not in canonical form/],
    [{ ...announcement, options: { ...announcement.options, bogus: 1 } }, /options are refused/],
    [{ ...announcement, seating: ['ann', 'bob'] }, /seating is refused/],
    [{ ...announcement, table: 'e\u0301' }, /announcement table is not a valid id/],
    [{ ...announcement, hand: -1 }, /announcement hand/],
    [text.replace('"hand":3', '"hand":3,"hand":3'), /duplicate key 'hand'/],
    [`${text}${' '.repeat(16 * 1024 * 1024)}`, /larger than 16 MiB/],
  ];
  for (const [input, why] of refused) {
    assert.throws(() => parseAnnouncement(input), { code: 'BAD_TRANSCRIPT', message: why });
  }
  const { commitment: _c, ...missing } = announcement;
  assert.throws(() => parseAnnouncement(missing), /has no field 'commitment'/);
});

test('parseRoster: exactly what closeRoster returns, and its hash must be its own', () => {
  const { roster } = hand();
  assert.deepEqual(parseRoster(JSON.stringify(roster)), roster);
  const swapped = { ...roster, roster: [roster.roster[1], roster.roster[0], roster.roster[2]] };
  const refused: [unknown, RegExp][] = [
    [{ ...roster, rosterHash: '00'.repeat(32) }, /rosterHash is not the hash of this roster/],
    // a player dropped: the dealer's edit shows, whatever the file says it hashes to
    [{ ...roster, roster: roster.roster.slice(1) }, /rosterHash is not the hash/],
    [swapped, /roster\[1\] is not in canonical order/],
    [{ ...roster, roster: [roster.roster[0], roster.roster[0]] }, /canonical order/],
    [{ ...roster, extra: true }, /roster file has an unknown field 'extra'/],
    [{ ...roster, roster: [{ ...roster.roster[0], seed: 'x' }] }, /unknown field 'seed'/],
  ];
  for (const [input, why] of refused) {
    assert.throws(() => parseRoster(input), { code: 'BAD_TRANSCRIPT', message: why });
  }
});
