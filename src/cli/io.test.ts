import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli } from '../../test/support/run-cli.ts';
import { fairDeal } from '../fair/index.ts';
import { errnoWords, oneLine } from './io.ts';

const dir = mkdtempSync(join(tmpdir(), 'fairdeal-io-'));
const transcript = fairDeal('doudizhu', { clientSeed: 'io test' }).transcript;
writeFileSync(join(dir, 'good.json'), JSON.stringify(transcript));
writeFileSync(join(dir, 'bad.json'), JSON.stringify({ ...transcript, hand: transcript.hand + 1 }));

/** Each command whose output is written through io, with the status it ends with. */
const commands: [string[], number][] = [
  [['deal', 'doudizhu'], 0],
  [['verify', 'good.json'], 4], // one party's seed: consistent, not proven fair
  [['verify', 'bad.json'], 1],
  [['audit', '--list'], 0],
  [['complexity', '--max-n', '8', '--budget', '1'], 0],
  [['collect', 'decks', '--count', '3', '--preset', 'bridge'], 0],
  [['collect', 'raw', '--bytes', '100000'], 0],
  [['shuffle', '--range', '100000'], 0],
];

test('a reader that has gone (EPIPE) ends every command quietly, with its own exit status', async () => {
  // 200 GB of output can only end because the command stopped when its reader left.
  const all: [string[], number][] = [
    ...commands,
    [['collect', 'raw', '--bytes', '200000000000', '--seed', 'x'], 0],
  ];
  const runs = await Promise.all(all.map(([args]) => runCli(args, { stdout: 'closed', cwd: dir })));
  runs.forEach((r, i) => {
    const [args, status] = all[i]!;
    assert.equal(r.stderr, '', `${args.join(' ')}: nothing on stderr`);
    assert.equal(r.status, status, args.join(' '));
  });
});

test('stdout on /dev/full (ENOSPC): exactly one line on stderr, exit 1, for every command', async () => {
  const runs = await Promise.all(
    commands.map(([args]) => runCli(args, { stdout: 'full', cwd: dir })),
  );
  runs.forEach((r, i) => {
    const [args] = commands[i]!;
    const name = args[0];
    assert.equal(
      r.stderr,
      `fairdeal ${name}: cannot write to standard output: no space left on the device (ENOSPC)\n`,
      args.join(' '),
    );
    assert.equal(r.status, 1, args.join(' '));
  });
});

test('oneLine flattens newlines and escapes control characters; errnoWords names the errno', () => {
  assert.equal(oneLine('a\n  b\r\nc'), 'a b c');
  assert.equal(oneLine('\u0000\u001b[31mx\u007f'), '\\x00\\x1b[31mx\\x7f');
  assert.equal(oneLine('x'.repeat(400)).length, 298);
  assert.equal(errnoWords({ code: 'ENOENT' }), 'no such file or directory (ENOENT)');
  assert.equal(errnoWords({ code: 'EWHATEVER' }), 'system error (EWHATEVER)');
});
