import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fakeIo } from '../../../test/support/fake-io.ts';
import { buildDeck, chacha20, deal } from '../../index.ts';
import { main } from '../main.ts';

const dir = mkdtempSync(join(tmpdir(), 'fairdeal-collect-'));

test('collect raw --seed writes the RFC 8439 keystream bytes (chacha20 words, little-endian)', async () => {
  assert.equal(
    await main(
      ['collect', 'raw', '--bytes', '70', '--seed', '00'.repeat(32), '--out', 'k.bin'],
      fakeIo(dir),
    ),
    0,
  );
  const bytes = readFileSync(join(dir, 'k.bin'));
  assert.equal(bytes.length, 70);
  // RFC 8439 §A.1 test vector #1: key 0, nonce 0, block counter 0 — the first keystream bytes.
  assert.equal(bytes.subarray(0, 16).toString('hex'), '76b8e0ada0f13d90405d6ae55386bd28');
  const words = new Uint32Array(18);
  chacha20('00'.repeat(32)).fillUint32(words);
  assert.deepEqual(bytes, Buffer.from(words.buffer).subarray(0, 70));
});

test('collect raw without --seed reads the secure source; binary to a terminal is refused', async () => {
  assert.equal(await main(['collect', 'raw', '--bytes', '4096', '--out', 's.bin'], fakeIo(dir)), 0);
  const a = readFileSync(join(dir, 's.bin'));
  const again = ['collect', 'raw', '--bytes', '4096', '--out', 's.bin', '--force'];
  assert.equal(await main(again, fakeIo(dir)), 0);
  assert.notDeepEqual(readFileSync(join(dir, 's.bin')), a); // 2^-32768 chance of a false alarm
  const io = fakeIo(dir, { stdoutIsTTY: true });
  assert.equal(await main(['collect', 'raw', '--bytes', '4'], io), 2);
  assert.match(io.stderr, /refusing to write binary data to a terminal/);
});

test('collect decks: the production deal path, in codes, indices and binary', async () => {
  const io = fakeIo(dir);
  assert.equal(
    await main(['collect', 'decks', '--count', '3', '--preset', 'doudizhu', '--seed', 's'], io),
    0,
  );
  const lines = io.stdout.trimEnd().split('\n');
  assert.equal(lines.length, 3);
  const src = chacha20('s');
  const expected = [0, 1, 2].map(() =>
    deal('doudizhu', { source: src })
      .deck.map((c) => c.id)
      .join(' '),
  );
  assert.deepEqual(lines, expected);

  const idx = fakeIo(dir);
  assert.equal(
    await main(
      [
        'collect',
        'decks',
        '--count',
        '1',
        '--preset',
        'bridge',
        '--seed',
        'q',
        '--format',
        'indices',
      ],
      idx,
    ),
    0,
  );
  const canonical = buildDeck('standard-52').map((c) => c.id);
  const codes = deal('bridge', { source: chacha20('q') }).deck.map((c) => c.id);
  assert.equal(idx.stdout, `${codes.map((c) => canonical.indexOf(c)).join(' ')}\n`);

  assert.equal(
    await main(
      [
        'collect',
        'decks',
        '--count',
        '2',
        '--preset',
        'bridge',
        '--seed',
        'q',
        '--format',
        'binary',
        '--out',
        'd.bin',
      ],
      fakeIo(dir),
    ),
    0,
  );
  const bin = readFileSync(join(dir, 'd.bin'));
  assert.equal(bin.length, 104);
  assert.deepEqual(
    [...bin.subarray(0, 52)],
    codes.map((c) => canonical.indexOf(c)),
  );
  assert.deepEqual(
    [...bin.subarray(0, 52)].sort((x, y) => x - y),
    [...Array(52).keys()],
  );
});

test('collect: usage errors exit 2', async () => {
  for (const args of [
    ['collect'],
    ['collect', 'raw'],
    ['collect', 'raw', '--bytes', '0'],
    ['collect', 'raw', '--bytes', '1e3'],
    ['collect', 'decks', '--count', '2'],
    ['collect', 'decks', '--count', '2', '--preset', 'bridge', '--format', 'xml'],
    ['collect', 'raw', '--bytes', '4', '--preset', 'bridge'],
    ['collect', 'other'],
  ]) {
    assert.equal(await main(args, fakeIo(dir)), 2, args.join(' '));
  }
  const io = fakeIo(dir);
  assert.equal(await main(['collect', 'decks', '--count', '1', '--preset', 'nope'], io), 2);
  assert.match(io.stderr, /unknown preset 'nope'/);
});

test('collect --out: a file that cannot be written is one line, exit 1', async () => {
  for (const [out, words] of [
    ['/dev/full', 'no space left on the device (ENOSPC)'],
    ['k.bin/inside', 'a part of the path is not a directory (ENOTDIR)'],
  ]) {
    const io = fakeIo(dir);
    assert.equal(await main(['collect', 'raw', '--bytes', '10', '--out', out!], io), 1);
    assert.equal(io.stderr, `fairdeal collect: cannot write ${out}: ${words}\n`);
  }
});

test('collect: range messages say which way a number is wrong', async () => {
  const cases: [string[], RegExp][] = [
    [['raw', '--bytes', '0'], /--bytes must be at least 1, got 0$/m],
    [
      ['raw', '--bytes', '300000000000', '--seed', 's'],
      /--bytes is too large \(at most 274,877,906,944\)/,
    ],
    [['raw', '--bytes', '9'.repeat(20)], /--bytes is too large/],
    [
      ['raw', '--bytes', '4', '--seed', 's', '--stream', '18446744073709551616'],
      /--stream is too large/,
    ],
    [['decks', '--count', '9'.repeat(20), '--preset', 'bridge'], /--count is too large/],
    [['raw', '--bytes', '4', '--seed', ''], /--seed: the seed must not be empty/],
  ];
  for (const [args, message] of cases) {
    const io = fakeIo(dir);
    assert.equal(await main(['collect', ...args], io), 2, args.join(' '));
    assert.match(io.stderr, message);
    assert.equal(io.stderr.split('\n').length, 2, 'one line');
  }
  // The largest stream is accepted.
  const io = fakeIo(dir);
  assert.equal(
    await main(
      ['collect', 'raw', '--bytes', '8', '--seed', 's', '--stream', '18446744073709551615'],
      io,
    ),
    0,
  );
  assert.equal(io.stdoutBytes.length, 8);
});

test('collect --out: every argument is checked first; an existing file is kept byte for byte', async () => {
  const d = mkdtempSync(join(tmpdir(), 'fairdeal-collect-'));
  const precious = Buffer.from('results of last night\u0000s run\n');
  writeFileSync(join(d, 'lab.txt'), precious);
  // A typo in --preset (or --format, --count) used to be found after --out was opened, which
  // truncated the file to 0 bytes; with --force the same typo must not cost it either.
  for (const bad of [
    ['decks', '--count', '2', '--preset', 'nope'],
    ['decks', '--count', '2', '--preset', 'blackjack', '--format', 'binary'],
    ['decks', '--count', '0', '--preset', 'bridge'],
    ['decks', '--count', '2', '--preset', 'bridge', '--format', 'xml'],
    ['raw', '--bytes', '8', '--seed', 's', '--stream', 'x'],
  ]) {
    for (const force of [[], ['--force']]) {
      const io = fakeIo(d);
      const args = ['collect', ...bad, '--out', 'lab.txt', ...force];
      assert.equal(await main(args, io), 2, args.join(' '));
      assert.deepEqual(readFileSync(join(d, 'lab.txt')), precious, args.join(' '));
    }
  }
  // An existing file is replaced only with --force, like every --out …
  const deck = ['collect', 'decks', '--count', '1', '--preset', 'bridge', '--seed', 's'];
  const io = fakeIo(d);
  assert.equal(await main([...deck, '--out', 'lab.txt'], io), 2);
  assert.match(io.stderr, /lab\.txt exists; refusing to overwrite it \(use --force\)/);
  assert.deepEqual(readFileSync(join(d, 'lab.txt')), precious);
  assert.equal(await main([...deck, '--out', 'lab.txt', '--force'], fakeIo(d)), 0);
  assert.equal(readFileSync(join(d, 'lab.txt'), 'utf8').split(' ').length, 52);
  // … never through a symbolic link, and it leaves no temporary file behind.
  writeFileSync(join(d, 'victim'), 'keep');
  symlinkSync(join(d, 'victim'), join(d, 'link'));
  assert.equal(await main([...deck, '--out', 'link', '--force'], fakeIo(d)), 2);
  assert.equal(readFileSync(join(d, 'victim'), 'utf8'), 'keep');
  assert.deepEqual(readdirSync(d).sort(), ['lab.txt', 'link', 'victim']);
  assert.equal(await main(['collect', 'raw', '--bytes', '4', '--force'], fakeIo(d)), 2);
});
