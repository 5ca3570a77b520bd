import assert from 'node:assert/strict';
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fakeIo } from '../../../test/support/fake-io.ts';
import { main } from '../main.ts';

test('deal --fair says it is a demonstration, prints the commitment first and the transcript last', async () => {
  const io = fakeIo();
  const code = await main(
    ['deal', 'doudizhu', '--fair', '--client-seed', 'ann', '--cards', 'code'],
    io,
  );
  assert.equal(code, 0, io.stderr);
  assert.match(io.stderr, /a demonstration of the transcript format, NOT a fair protocol/);
  const commitment = /^Commitment: ([0-9a-f]{64})\n/.exec(io.stdout)?.[1];
  assert.ok(commitment, 'the commitment is the first line');
  const json = io.stdout.slice(io.stdout.indexOf('{'));
  const transcript = JSON.parse(json);
  assert.equal(transcript.algorithm, 'fairdeal-v2');
  assert.equal(transcript.server.commitment, commitment);
  assert.deepEqual(transcript.plain, { player: 'client', seed: 'ann' });

  const dir = await mkdtemp(join(tmpdir(), 'fairdeal-fair-'));
  await writeFile(join(dir, 'hand.json'), json);
  const ok = fakeIo(dir);
  // A demonstration is one party's seed: its own verdict and exit status, never "proven fair".
  assert.equal(await main(['verify', 'hand.json'], ok), 4, ok.stdout + ok.stderr);
  assert.match(ok.stdout, /^ONE PARTY ONLY hand\.json/);
  assert.doesNotMatch(ok.stdout, /verdict: proven fair/);
  const parsed = JSON.parse(json);
  parsed.server.seed = (parsed.server.seed[0] === '0' ? '1' : '0') + parsed.server.seed.slice(1);
  await writeFile(join(dir, 'bad.json'), JSON.stringify(parsed));
  assert.equal(await main(['verify', 'bad.json'], fakeIo(dir)), 1);
});

test('deal --fair --out writes a transcript verify reads as is; --json output verifies as is', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'fairdeal-fair-'));
  const io = fakeIo(dir);
  assert.equal(
    await main(['deal', 'bridge', '--fair', '--board', '3', '--out', 'h.json'], io),
    0,
    io.stderr,
  );
  assert.match(io.stdout, /Transcript written to h\.json/);
  const v = fakeIo(dir);
  assert.equal(await main(['verify', 'h.json'], v), 3, v.stdout);
  assert.match(v.stdout, /DEALER ALONE h\.json.*\n.*the dealer alone chose it/);
  assert.equal((await stat(join(dir, 'h.json'))).isFile(), true);

  const again = fakeIo(dir);
  assert.equal(await main(['deal', 'bridge', '--fair', '--out', 'h.json'], again), 2);
  assert.match(again.stderr, /refusing to overwrite/);
  // Refused before the hand: no commitment printed for a hand that will never be shown.
  assert.equal(again.stdout, '');
  assert.doesNotMatch(again.stderr, /demonstration/);
  assert.equal(
    await main(['deal', 'bridge', '--fair', '--out', 'h.json', '--force'], fakeIo(dir)),
    0,
  );

  const j = fakeIo(dir);
  assert.equal(
    await main(['deal', 'holdem', '--fair', '--json', '--client-seed', 'x', '--dealer', '2'], j),
    0,
  );
  const body = JSON.parse(j.stdout);
  assert.match(body.commitment, /^[0-9a-f]{64}$/);
  assert.equal(body.transcript.options.dealer, 1, '--dealer is 1-based, transcripts 0-based');
  await writeFile(join(dir, 'whole.json'), j.stdout);
  const w = fakeIo(dir);
  assert.equal(await main(['verify', 'whole.json'], w), 4, w.stdout);
  assert.match(w.stdout, /ONE PARTY ONLY whole\.json \(its transcript\)/);
  body.commitment = '00'.repeat(32);
  await writeFile(join(dir, 'other.json'), JSON.stringify(body));
  assert.equal(await main(['verify', 'other.json'], fakeIo(dir)), 1, 'held to its own commitment');
  assert.ok((await readFile(join(dir, 'whole.json'), 'utf8')).includes('"transcript"'));
});

test('deal --fair refuses combinations it cannot honour', async () => {
  for (const [argv, re] of [
    [['deal', 'doudizhu', '--fair', '--seed', 'x'], /--seed cannot be combined/],
    [['deal', 'doudizhu', '--client-seed', 'x'], /--client-seed goes with --fair/],
    [['deal', 'bridge', '--fair', '--format', 'pbn'], /--fair prints a transcript/],
    [
      ['deal', 'bridge', '--fair', '--client-seed', 'a', '--client-seed', 'b'],
      /one --client-seed only/,
    ],
    [['deal', 'bridge', '--out', 'x.json'], /--out and --force go with --fair/],
  ] as const) {
    const io = fakeIo();
    assert.equal(await main([...argv], io), 2, argv.join(' '));
    assert.match(io.stderr, re);
  }
});
