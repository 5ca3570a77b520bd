import assert from 'node:assert/strict';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fakeIo } from '../../../test/support/fake-io.ts';
import { rosterHash, verify } from '../../fair/index.ts';
import { main } from '../main.ts';

async function run(cwd: string, ...args: string[]) {
  const io = fakeIo(cwd);
  const code = await main(['fair', ...args], io);
  return { code, out: io.stdout, err: io.stderr };
}
const mode = (path: string) => statSync(path).mode & 0o777;
const unhex = (s: string) => Uint8Array.from(s.match(/../g) ?? [], (h) => Number.parseInt(h, 16));
const hexOf = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

test('fair: the whole v2 protocol from the command line, three players, roster checked', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-fair-'));
  const c = await run(
    dir,
    'commit',
    'doudizhu',
    '--state',
    'round.json',
    '--table',
    'club',
    '--hand',
    '4',
    '--seating',
    'roster',
  );
  assert.equal(c.code, 0, c.err);
  const announcement = JSON.parse(c.out);
  assert.deepEqual(announcement.options, { dealer: 2, seats: 3 });
  assert.equal(announcement.seating, 'roster');
  assert.equal(mode(join(dir, 'round.json')), 0o600);
  assert.ok(!c.out.includes(JSON.parse(readFileSync(join(dir, 'round.json'), 'utf8')).serverSeed));
  writeFileSync(join(dir, 'ann.json'), c.out);

  for (const p of ['alice', 'bob', 'carol']) {
    const r = await run(
      dir,
      'client',
      '--announcement',
      'ann.json',
      '--player',
      p,
      '--seed',
      `${p} seed`,
      '--out',
      `${p}.json`,
    );
    assert.equal(r.code, 0, r.err);
    assert.equal(mode(join(dir, `${p}.json`)), 0o600, 'the seed and salt are secret');
    assert.ok(!r.out.includes(`${p} seed`), 'only the commitment is printed');
    const j = await run(
      dir,
      'join',
      '--state',
      'round.json',
      '--player',
      p,
      '--commitment',
      JSON.parse(r.out).commitment,
    );
    assert.equal(j.code, 0, j.err);
    assert.equal(mode(join(dir, 'round.json')), 0o600, 'every rewrite keeps 0600');
  }
  const closed = await run(dir, 'close', '--state', 'round.json');
  assert.equal(closed.code, 0, closed.err);
  writeFileSync(join(dir, 'roster.json'), closed.out);
  const check = await run(dir, 'check-roster', '--roster', 'roster.json', '--secret', 'alice.json');
  assert.equal(check.code, 0, check.err);

  // A joiner after the roster closed is refused (PROTOCOL_ORDER, exit 1) …
  const late = await run(
    dir,
    'join',
    '--state',
    'round.json',
    '--player',
    'dave',
    '--commitment',
    '00'.repeat(32),
  );
  assert.equal(late.code, 1);
  // … and setting the state file's phase back does not help.
  const state = JSON.parse(readFileSync(join(dir, 'round.json'), 'utf8'));
  await run(dir, 'reveal', '--state', 'round.json', '--secret', 'alice.json');
  const revealed = JSON.parse(readFileSync(join(dir, 'round.json'), 'utf8'));
  for (const edit of [{ phase: 'committing' }, { phase: 'committing', rosterHash: null }]) {
    writeFileSync(join(dir, 'edited.json'), JSON.stringify({ ...revealed, ...edit }));
    const r = await run(
      dir,
      'join',
      '--state',
      'edited.json',
      '--player',
      'dave',
      '--commitment',
      '00'.repeat(32),
    );
    assert.equal(r.code, 1, JSON.stringify(edit));
    assert.match(r.err, /round state refused/);
  }
  assert.equal(state.phase, 'revealing');

  const bad = await run(
    dir,
    'reveal',
    '--state',
    'round.json',
    '--player',
    'bob',
    '--seed',
    'wrong',
    '--salt',
    JSON.parse(readFileSync(join(dir, 'bob.json'), 'utf8')).salt,
  );
  assert.equal(bad.code, 1);
  assert.match(bad.err, /does not match their commitment/);
  const waiting = await run(dir, 'reveal', '--state', 'round.json', '--secret', 'bob.json');
  assert.equal(waiting.code, 3);
  assert.match(waiting.err, /waiting for the seed of 'carol'/);
  const last = await run(
    dir,
    'reveal',
    '--state',
    'round.json',
    '--secret',
    'carol.json',
    '--out',
    'hand-4.json',
  );
  assert.equal(last.code, 0, last.err);
  const transcript = JSON.parse(readFileSync(join(dir, 'hand-4.json'), 'utf8'));
  const r = verify(transcript, {
    commitment: announcement.commitment,
    rosterHash: JSON.parse(closed.out).rosterHash,
  });
  assert.ok(r.ok && r.verdict.fairness === 'players-contributed');
  assert.deepEqual(r.ok && r.verdict.seats, ['alice', 'bob', 'carol']);
  assert.equal((await run(dir, 'deal', '--state', 'round.json')).code, 1, 'dealt already');

  // A player holds the transcript to the announcement and roster they kept.
  const kept = fakeIo(dir);
  const args = ['verify', 'hand-4.json', '--announcement', 'ann.json', '--roster', 'roster.json'];
  assert.equal(await main(args, kept), 6, kept.stdout + kept.stderr);
  const forged = JSON.parse(closed.out);
  forged.rosterHash = '00'.repeat(32);
  writeFileSync(join(dir, 'bad-roster.json'), JSON.stringify(forged));
  const refused = fakeIo(dir);
  assert.equal(await main(['verify', 'hand-4.json', '--roster', 'bad-roster.json'], refused), 1);
  assert.match(refused.stderr, /rosterHash is not the hash of this roster/);
  // A well-formed roster that is not the one of this hand (a player dropped from it).
  const other = JSON.parse(closed.out);
  other.roster = other.roster.slice(1);
  other.rosterHash = hexOf(rosterHash(unhex(other.commitment), other.roster));
  writeFileSync(join(dir, 'other-roster.json'), JSON.stringify(other));
  const caught = fakeIo(dir);
  assert.equal(await main(['verify', 'hand-4.json', '--roster', 'other-roster.json'], caught), 1);
  assert.match(caught.stdout, /does not carry the roster that was published/);
});

test('fair: a single party, --seat, typed --option values, a deadline, a chained next hand', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-fair-'));
  const c = await run(
    dir,
    'commit',
    'blackjack',
    '--state',
    's1.json',
    '--option',
    'penetration=0.8',
    '--option',
    'decks=2',
    '--seat',
    'me',
    '--seat',
    '-',
  );
  assert.equal(c.code, 0, c.err);
  assert.deepEqual(JSON.parse(c.out).options, { decks: 2, penetration: 0.8, seats: 2 });
  assert.deepEqual(JSON.parse(c.out).seating, ['me', null]);
  const r = await run(
    dir,
    'reveal',
    '--state',
    's1.json',
    '--client-seed',
    'mine',
    '--out',
    't1.json',
  );
  assert.equal(r.code, 0, r.err);
  const t1 = JSON.parse(readFileSync(join(dir, 't1.json'), 'utf8'));
  assert.equal(verify(t1).ok, true);

  const s = await run(
    dir,
    'commit',
    'shengji',
    '--state',
    's2.json',
    '--hand',
    '2',
    '--prev-file',
    't1.json',
    '--option',
    'level=10',
    '--option',
    'trump=H',
    '--seat',
    'ann',
    '--seat',
    'ben',
    '--seat',
    '-',
    '--seat',
    '-',
  );
  assert.equal(s.code, 0, s.err);
  assert.equal(JSON.parse(s.out).options.level, 'T');
  writeFileSync(join(dir, 'ann.json'), s.out);
  const a = JSON.parse(
    (await run(dir, 'client', '--announcement', 'ann.json', '--player', 'ann', '--seed', 'x')).out,
  );
  await run(dir, 'join', '--state', 's2.json', '--player', 'ann', '--commitment', a.commitment);
  await run(dir, 'join', '--state', 's2.json', '--player', 'ben', '--commitment', '00'.repeat(32));
  await run(dir, 'close', '--state', 's2.json');
  assert.equal(
    (
      await run(
        dir,
        'reveal',
        '--state',
        's2.json',
        '--player',
        'ann',
        '--seed',
        'x',
        '--salt',
        a.salt,
      )
    ).code,
    3,
  );
  assert.equal((await run(dir, 'deal', '--state', 's2.json')).code, 1, 'still waiting for ben');
  const t2 = JSON.parse((await run(dir, 'deal', '--state', 's2.json', '--allow-missing')).out);
  assert.equal(t2.prev, t1.hash);
  const v = verify(t2);
  assert.ok(v.ok && v.verdict.missing.join() === 'ben');
});

test('fair: files are never overwritten without --force, nor written through a symlink', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-fair-'));
  assert.equal((await run(dir, 'commit', 'doudizhu', '--state', 's')).code, 0);
  const again = await run(dir, 'commit', 'doudizhu', '--state', 's');
  assert.equal(again.code, 2);
  assert.match(again.err, /refusing to overwrite/);
  chmodSync(join(dir, 's'), 0o644);
  assert.equal((await run(dir, 'commit', 'doudizhu', '--state', 's', '--force')).code, 0);
  assert.equal(mode(join(dir, 's')), 0o600, '--force over a 0644 file leaves a 0600 file');
  writeFileSync(join(dir, 'victim'), 'keep me');
  symlinkSync(join(dir, 'victim'), join(dir, 'link'));
  const sym = await run(dir, 'commit', 'doudizhu', '--state', 'link', '--force');
  assert.equal(sym.code, 2);
  assert.match(sym.err, /symbolic link/);
  assert.equal(readFileSync(join(dir, 'victim'), 'utf8'), 'keep me');
  writeFileSync(join(dir, 'out.json'), 'keep me too');
  const out = await run(dir, 'reveal', '--state', 's', '--client-seed', 'x', '--out', 'out.json');
  assert.equal(out.code, 2);
  assert.equal(readFileSync(join(dir, 'out.json'), 'utf8'), 'keep me too');
});

test('fair: usage errors exit 2 with one line', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-fair-'));
  for (const args of [
    [],
    ['commit', 'doudizhu'],
    ['commit', 'doudizhu', '--state', 's', '--player', 'x'],
    ['commit', 'doudizhu', '--state', 's', '--hand=-1'],
    ['commit', 'blackjack', '--state', 's', '--option', 'penetration=lots'],
    ['commit', 'doudizhu', '--state', 's', '--option', 'seats=three'],
    ['commit', 'doudizhu', '--state', 's', '--seating', 'random'],
  ]) {
    const r = await run(dir, ...args);
    assert.equal(r.code, 2, args.join(' '));
    assert.equal(r.err.trim().split('\n').length, 1, r.err);
  }
  assert.equal((await run(dir, 'commit', 'nope', '--state', 's')).code, 2); // unknown preset: 2 everywhere
  const missing = await run(dir, 'reveal', '--state', 'missing.json', '--client-seed', 'x');
  assert.equal(missing.code, 1, 'a missing file is a failure (README: exit 1), not a usage error');
  assert.match(missing.err, /cannot read state file missing\.json: no such file/);
  assert.equal(
    (
      await run(
        dir,
        'commit',
        'doudizhu',
        '--state',
        's2',
        '--seat',
        'a\u202eb',
        '--seat',
        'x',
        '--seat',
        'y',
      )
    ).code,
    1,
  );
  assert.equal((await run(dir, 'commit', 'doudizhu', '--state', 's', '--seat', 'a')).code, 1);
});

test('fair join refuses a roster entry without a seat: a fourth player under roster seating, an unseated id', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-fair-'));
  const opened = await run(dir, 'commit', 'doudizhu', '--state', 'r.json', '--seating', 'roster');
  assert.equal(opened.code, 0, opened.err);
  const unbound = await run(dir, 'commit', 'doudizhu', '--state', 'u.json');
  assert.match(unbound.err, /not bound to players/);
  for (const p of ['a', 'b', 'c']) {
    const j = await run(
      dir,
      'join',
      '--state',
      'r.json',
      '--player',
      p,
      '--commitment',
      '11'.repeat(32),
    );
    assert.equal(j.code, 0, j.err);
  }
  // The dealer's sock puppet: one more entry that would only withhold, for one more deck to pick.
  const extra = await run(
    dir,
    'join',
    '--state',
    'r.json',
    '--player',
    'd',
    '--commitment',
    '11'.repeat(32),
  );
  assert.equal(extra.code, 1);
  assert.match(extra.err, /the roster is full: seating by roster takes 3 players/);
  const fixed = await run(
    dir,
    'commit',
    'doudizhu',
    '--state',
    's.json',
    '--seat',
    'alice',
    '--seat',
    'bob',
    '--seat',
    'carol',
  );
  assert.equal(fixed.code, 0, fixed.err);
  const stranger = await run(
    dir,
    'join',
    '--state',
    's.json',
    '--player',
    'mallory',
    '--commitment',
    '11'.repeat(32),
  );
  assert.equal(stranger.code, 1);
  assert.match(
    stranger.err,
    /player 'mallory' has no seat at this hand: only seated players commit/,
  );
  assert.equal(
    JSON.parse(readFileSync(join(dir, 's.json'), 'utf8')).roster.length,
    0,
    'nothing was recorded',
  );
});
test('fair commit: --option __proto__=… is refused by name, not silently dropped', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-fair-'));
  for (const value of ['x', '5']) {
    const r = await run(
      dir,
      'commit',
      'doudizhu',
      '--state',
      's',
      '--option',
      `__proto__=${value}`,
    );
    assert.equal(r.code, 1, r.err);
    assert.match(r.err, /option name '__proto__' is not an identifier/);
    assert.throws(() => statSync(join(dir, 's')), { code: 'ENOENT' }, 'no round was opened');
  }
  // constructor, toString: ordinary unknown options, refused like any other
  const bogus = await run(dir, 'commit', 'doudizhu', '--state', 's', '--option', 'bogus=1');
  for (const key of ['constructor', 'toString']) {
    const r = await run(dir, 'commit', 'doudizhu', '--state', 's', '--option', `${key}=1`);
    assert.equal(r.code, bogus.code);
    assert.equal(r.err.replace(key, 'K'), bogus.err.replace('bogus', 'K'));
  }
});

test('fair reveal/deal --out: the target is checked before the round changes; fair transcript prints it again', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-fair-'));
  const state = join(dir, 's.json');
  assert.equal((await run(dir, 'commit', 'doudizhu', '--state', 's.json')).code, 0);
  const before = readFileSync(state, 'utf8');
  writeFileSync(join(dir, 'taken.json'), 'keep me');
  symlinkSync(join(dir, 'taken.json'), join(dir, 'link.json'));
  mkdirSync(join(dir, 'locked'));
  chmodSync(join(dir, 'locked'), 0o500);
  const refused: [string, RegExp][] = [
    ['taken.json', /taken\.json exists; refusing to overwrite it/],
    ['link.json', /symbolic link/],
    ['missing/t.json', /cannot write missing\/t\.json \(its folder\): no such file/],
    ['taken.json/t.json', /cannot write taken\.json\/t\.json: a part of the path is not a dir/],
    ['s.json', /names the state file/],
    ...(process.getuid?.() === 0
      ? []
      : [['locked/t.json', /\(its folder\): permission denied/] as [string, RegExp]]),
  ];
  for (const [target, why] of refused) {
    // The dealer's slip (or a player's trap): before the fix the hand was dealt and saved first,
    // and the transcript then had no way out.
    const r = await run(dir, 'reveal', '--state', 's.json', '--client-seed', 'x', '--out', target);
    assert.equal(r.code, target.includes('/') ? 1 : 2, target); // the system refuses: exit 1
    assert.match(r.err, why);
    assert.equal(readFileSync(state, 'utf8'), before, `${target}: the round did not change`);
    assert.equal(readFileSync(join(dir, 'taken.json'), 'utf8'), 'keep me');
  }
  chmodSync(join(dir, 'locked'), 0o700);
  assert.equal(
    (await run(dir, 'transcript', '--state', 's.json')).code,
    1,
    'not dealt yet: no transcript',
  );
  const dealt = await run(
    dir,
    'reveal',
    '--state',
    's.json',
    '--client-seed',
    'x',
    '--out',
    'h.json',
  );
  assert.equal(dealt.code, 0, dealt.err);
  const written = readFileSync(join(dir, 'h.json'), 'utf8');
  assert.equal(verify(written).ok, true);
  // The transcript of a dealt round, again, from the state file alone: the very same text.
  const again = await run(dir, 'transcript', '--state', 's.json');
  assert.equal(again.code, 0, again.err);
  assert.equal(again.out, written);
  assert.equal((await run(dir, 'transcript', '--state', 's.json', '--out', 'h.json')).code, 2);
  const copy = await run(dir, 'transcript', '--state', 's.json', '--out', 'h2.json');
  assert.equal(copy.code, 0, copy.err);
  assert.equal(readFileSync(join(dir, 'h2.json'), 'utf8'), written);

  // fair deal --allow-missing --out: the same order (check, then deal and save, then write).
  assert.equal((await run(dir, 'commit', 'doudizhu', '--state', 'm.json')).code, 0);
  await run(dir, 'join', '--state', 'm.json', '--player', 'ann', '--commitment', '00'.repeat(32));
  await run(dir, 'close', '--state', 'm.json');
  const open = readFileSync(join(dir, 'm.json'), 'utf8');
  const m = await run(dir, 'deal', '--state', 'm.json', '--allow-missing', '--out', 'taken.json');
  assert.equal(m.code, 2);
  assert.equal(readFileSync(join(dir, 'm.json'), 'utf8'), open, 'still revealing, not dealt');
  const ok = await run(dir, 'deal', '--state', 'm.json', '--allow-missing', '--out', 'm-hand.json');
  assert.equal(ok.code, 0, ok.err);
  assert.equal(
    (await run(dir, 'transcript', '--state', 'm.json')).out,
    readFileSync(join(dir, 'm-hand.json'), 'utf8'),
  );
});

test('fair files: an announcement is read strictly, and verify holds the transcript to its header', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-fair-'));
  const c = await run(
    dir,
    'commit',
    'hearts',
    '--state',
    's.json',
    '--seat',
    'ann',
    '--seat',
    '-',
    '--seat',
    '-',
    '--seat',
    '-',
  );
  assert.equal(c.code, 0, c.err);
  writeFileSync(join(dir, 'ann.json'), c.out);
  assert.equal(
    (await run(dir, 'reveal', '--state', 's.json', '--client-seed', 'x', '--out', 't.json')).code,
    0,
  );
  const good = fakeIo(dir);
  assert.equal(
    await main(['verify', 't.json', '--announcement', 'ann.json'], good),
    4,
    good.stdout,
  );
  // Shown ann in seat 2, committed to seat 1: the commitment alone would not tell.
  const shown = { ...JSON.parse(c.out), seating: [null, 'ann', null, null] };
  writeFileSync(join(dir, 'shown.json'), JSON.stringify(shown));
  const caught = fakeIo(dir);
  assert.equal(await main(['verify', 't.json', '--announcement', 'shown.json'], caught), 1);
  assert.match(
    caught.stdout,
    /seating: the transcript's seating is not the one that was announced/,
  );
  // Not an announcement: refused, by verify and by the player's own tool.
  writeFileSync(join(dir, 'extra.json'), JSON.stringify({ ...JSON.parse(c.out), note: 'hi' }));
  const v = fakeIo(dir);
  assert.equal(await main(['verify', 't.json', '--announcement', 'extra.json'], v), 1);
  assert.match(v.stderr, /extra\.json: announcement file has an unknown field 'note'/);
  const p = await run(
    dir,
    'client',
    '--announcement',
    'extra.json',
    '--player',
    'ann',
    '--seed',
    'x',
  );
  assert.equal(p.code, 1);
  assert.match(p.err, /unknown field 'note'/);
  writeFileSync(join(dir, 'secret.json'), JSON.stringify({ player: 'ann', seed: 'x' }));
  const r = await run(dir, 'check-roster', '--roster', 'ann.json', '--secret', 'secret.json');
  assert.equal(r.code, 1);
});
