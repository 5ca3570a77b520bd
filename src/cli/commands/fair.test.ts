import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fakeIo } from '../../../test/support/fake-io.ts';
import { verify } from '../../fair/index.ts';
import { main } from '../main.ts';

async function run(cwd: string, ...args: string[]) {
  const io = fakeIo(cwd);
  const code = await main(['fair', ...args], io);
  return { code, out: io.stdout, err: io.stderr };
}

test('fair: commit, two players commit and reveal, then the transcript verifies', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-fair-'));
  const c = await run(
    dir,
    'commit',
    'doudizhu',
    '--state',
    'hand.json',
    '--table',
    'club',
    '--hand',
    '4',
  );
  assert.equal(c.code, 0, c.err);
  const commitment = JSON.parse(c.out).commitment as string;
  assert.match(commitment, /^[0-9a-f]{64}$/);
  assert.equal(statSync(join(dir, 'hand.json')).mode & 0o777, 0o600); // it holds the secret seed

  const alice = JSON.parse(
    (
      await run(
        dir,
        'client',
        '--table',
        'club',
        '--hand',
        '4',
        '--player',
        'alice',
        '--seed',
        'a1',
      )
    ).out,
  );
  const bob = JSON.parse(
    (await run(dir, 'client', '--table', 'club', '--hand', '4', '--player', 'bob', '--seed', 'b2'))
      .out,
  );
  assert.equal(
    (
      await run(
        dir,
        'join',
        '--state',
        'hand.json',
        '--player',
        'alice',
        '--commitment',
        alice.commitment,
      )
    ).code,
    0,
  );
  assert.equal(
    (
      await run(
        dir,
        'join',
        '--state',
        'hand.json',
        '--player',
        'bob',
        '--commitment',
        bob.commitment,
      )
    ).code,
    0,
  );

  const first = await run(
    dir,
    'reveal',
    '--state',
    'hand.json',
    '--player',
    'alice',
    '--seed',
    'a1',
    '--salt',
    alice.salt,
  );
  assert.equal(first.code, 3);
  assert.match(first.err, /waiting for the seed of 'bob'/);
  // Commitments are closed once a seed is out: nobody may choose a seed after seeing one.
  const late = await run(
    dir,
    'join',
    '--state',
    'hand.json',
    '--player',
    'eve',
    '--commitment',
    bob.commitment,
  );
  assert.equal(late.code, 1);
  assert.match(late.err, /commitments are closed/);
  const wrong = await run(
    dir,
    'reveal',
    '--state',
    'hand.json',
    '--player',
    'bob',
    '--seed',
    'other',
    '--salt',
    bob.salt,
  );
  assert.equal(wrong.code, 1);
  assert.match(wrong.err, /does not match their commitment/);

  const last = await run(
    dir,
    'reveal',
    '--state',
    'hand.json',
    '--player',
    'bob',
    '--seed',
    'b2',
    '--salt',
    bob.salt,
  );
  assert.equal(last.code, 0, last.err);
  const transcript = JSON.parse(last.out);
  assert.equal(transcript.server.commitment, commitment);
  assert.equal(verify(transcript).ok, true);
  assert.equal((await run(dir, 'reveal', '--state', 'hand.json')).code, 1); // dealt already
});

test('fair: a single party with plain seeds, --out and a chained next hand', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-fair-'));
  assert.equal(
    (await run(dir, 'commit', 'bridge', '--state', 's1.json', '--option', 'boardNumber=3')).code,
    0,
  );
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
  assert.deepEqual(t1.options, { boardNumber: 3 });
  assert.equal(verify(t1).ok, true);
  assert.equal(
    (
      await run(
        dir,
        'commit',
        'bridge',
        '--state',
        's2.json',
        '--hand',
        '2',
        '--prev-file',
        't1.json',
      )
    ).code,
    0,
  );
  const t2 = JSON.parse((await run(dir, 'reveal', '--state', 's2.json')).out);
  assert.equal(t2.prev, t1.hash);
  assert.deepEqual(t2.clients, []);
  assert.equal(verify(t2).ok, true);
});

test('fair: usage errors exit 2 with one line', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-fair-'));
  assert.equal((await run(dir)).code, 2);
  assert.equal((await run(dir, 'commit', 'doudizhu')).code, 2); // no --state
  assert.equal((await run(dir, 'commit', 'doudizhu', '--state', 's', '--player', 'x')).code, 2);
  assert.equal((await run(dir, 'reveal', '--state', 'missing.json')).code, 2);
  assert.equal((await run(dir, 'commit', 'doudizhu', '--state', 's', '--hand', '-1')).code, 2);
  assert.equal((await run(dir, 'commit', 'nope', '--state', 's')).code, 2); // unknown preset: 2 everywhere
  assert.equal((await run(dir, 'commit', 'doudizhu', '--state', 's')).code, 0);
  const again = await run(dir, 'commit', 'doudizhu', '--state', 's');
  assert.equal(again.code, 2);
  assert.match(again.err, /refusing to overwrite/);
});
