import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fakeIo } from '../../../test/support/fake-io.ts';
import { main } from '../main.ts';

test('deal --fair prints the commitment first, the transcript last, and verify accepts it', async () => {
  const io = fakeIo();
  const code = await main(
    [
      'deal',
      'doudizhu',
      '--fair',
      '--client-seed',
      'ann',
      '--client-seed',
      'bob',
      '--cards',
      'code',
    ],
    io,
  );
  assert.equal(code, 0, io.stderr);
  const commitment = /^Commitment: ([0-9a-f]{64})\n/.exec(io.stdout)?.[1];
  assert.ok(commitment, 'the commitment is the first line');
  const json = io.stdout.slice(io.stdout.indexOf('{'));
  const transcript = JSON.parse(json);
  assert.ok(
    JSON.stringify(transcript).includes(commitment),
    'the transcript carries the commitment',
  );
  assert.ok(JSON.stringify(transcript).includes('fairdeal-v1'));

  const dir = await mkdtemp(join(tmpdir(), 'fairdeal-fair-'));
  await writeFile(join(dir, 'hand.json'), json);
  const ok = fakeIo(dir);
  assert.equal(await main(['verify', 'hand.json'], ok), 0, ok.stdout + ok.stderr);

  // Tamper: change the server seed's first hex digit; verify must fail with exit 1.
  const parsed = JSON.parse(json);
  const first = parsed.server.seed[0];
  parsed.server.seed = (first === '0' ? '1' : '0') + parsed.server.seed.slice(1);
  const tampered = JSON.stringify(parsed);
  assert.match(parsed.server.seed, /^[0-9a-f]{64}$/, 'the server seed is revealed');
  await writeFile(join(dir, 'bad.json'), tampered);
  const bad = fakeIo(dir);
  assert.equal(await main(['verify', 'bad.json'], bad), 1);
});

test('deal --fair --json gives one object with commitment, deal and transcript', async () => {
  const io = fakeIo();
  assert.equal(
    await main(['deal', 'bridge', '--fair', '--json', '--board', '3'], io),
    0,
    io.stderr,
  );
  const body = JSON.parse(io.stdout);
  assert.match(body.commitment, /^[0-9a-f]{64}$/);
  assert.ok(body.transcript && body.deal);
});

test('deal --fair refuses combinations it cannot honour', async () => {
  for (const [argv, re] of [
    [['deal', 'doudizhu', '--fair', '--seed', 'x'], /--seed cannot be combined/],
    [['deal', 'doudizhu', '--client-seed', 'x'], /--client-seed goes with --fair/],
    [['deal', 'bridge', '--fair', '--format', 'pbn'], /--fair prints a transcript/],
  ] as const) {
    const io = fakeIo();
    assert.equal(await main([...argv], io), 2, argv.join(' '));
    assert.match(io.stderr, re);
  }
});
