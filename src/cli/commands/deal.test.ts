import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { fakeIo } from '../../../test/support/fake-io.ts';
import { main } from '../main.ts';

async function run(args: string[], env: Record<string, string> = {}, tty = false) {
  const io = fakeIo('/', { env, stdoutIsTTY: tty, stderrIsTTY: tty });
  const code = await main(['deal', ...args], io);
  return { code, out: io.stdout, err: io.stderr };
}

test('deal doudizhu --seed: three sorted hands, kitty, seed and replay line, plain when piped', async () => {
  const r = await run(['doudizhu', '--seed', 'table 7']);
  assert.equal(r.code, 0);
  assert.match(r.out, /Dou Dizhu/);
  assert.equal((r.out.match(/\(17\)/g) ?? []).length, 3);
  assert.match(r.out, /Kitty/);
  assert.match(r.out, /Seed: table 7\nReplay: fairdeal deal doudizhu --seed 'table 7'\n$/);
  assert.ok(!r.out.includes('\x1b['), 'no ANSI codes when not a TTY');
  assert.ok(r.out.includes('♠') || r.out.includes('♣'));
});

test('colour: red suits on a TTY, off with NO_COLOR, forced with FORCE_COLOR', async () => {
  const tty = await run(['bridge', '--seed', 'c'], {}, true);
  // ESC is built with String.fromCharCode: a control character in a regex literal is a lint error
  const esc = String.fromCharCode(27);
  assert.match(tty.out, new RegExp(`${esc}\\[31m[0-9AJQK]+[♥♦]${esc}\\[39m`));
  assert.ok(!new RegExp(`${esc}\\[31m[0-9AJQK]+[♠♣]`).test(tty.out), 'black suits are never red');
  const no = await run(['bridge', '--seed', 'c'], { NO_COLOR: '1' }, true);
  assert.ok(!no.out.includes('\x1b['));
  const forced = await run(['bridge', '--seed', 'c'], { FORCE_COLOR: '1' }, false);
  assert.ok(forced.out.includes('\x1b[31m'));
  const forcedOff = await run(['bridge', '--seed', 'c'], { FORCE_COLOR: '0' }, true);
  assert.ok(!forcedOff.out.includes('\x1b['));
});

test('without --seed a fresh secure seed is printed and replays the same deal', async () => {
  const first = await run(['skat']);
  const seed = /Seed: ([0-9a-f]{64})\n/.exec(first.out)?.[1];
  assert.ok(seed !== undefined, first.out);
  const again = await run(['skat', '--seed', seed]);
  assert.equal(again.out, first.out);
  const other = await run(['skat']);
  assert.notEqual(other.out, first.out);
});

test('--json gives the deal with ids and its record', async () => {
  const r = await run(['holdem', '--seats', '3', '--seed', 'j', '--json']);
  assert.equal(r.code, 0);
  const d = JSON.parse(r.out);
  assert.equal(d.preset, 'holdem');
  assert.equal(d.hands.length, 3);
  assert.equal(d.board.length, 5);
  assert.equal(d.burns.length, 3);
  assert.equal(d.stock.length, 52 - 6 - 8);
  assert.equal(d.record.seed, 'j');
  assert.equal(d.record.algorithm, 'fairdeal-deal-v1');
  const all = [...d.hands.flat(), ...d.board, ...d.burns, ...d.stock];
  assert.equal(new Set(all).size, 52);
});

test('--format pbn for bridge: tags from the board number and a PBN deal string', async () => {
  const r = await run(['bridge', '--board', '6', '--seed', 'p', '--format', 'pbn']);
  assert.equal(r.code, 0);
  assert.match(r.out, /\[Board "6"\]\n\[Dealer "E"\]\n\[Vulnerable "EW"\]\n/);
  const deal = /\[Deal "(E:[^"]+)"\]/.exec(r.out)?.[1];
  assert.ok(deal !== undefined);
  const hands = deal.slice(2).split(' ');
  assert.equal(hands.length, 4);
  for (const h of hands) assert.equal(h.replaceAll('.', '').length, 13);
  const pbnElsewhere = await run(['doudizhu', '--format', 'pbn']);
  assert.equal(pbnElsewhere.code, 2);
});

test('preset options: --decks, --level/--trump, custom --deck', async () => {
  const bj = JSON.parse((await run(['blackjack', '--decks', '2', '--seed', 'b', '--json'])).out);
  assert.equal(bj.stock.length + bj.burns.length + bj.hands.flat().length, 104);
  const sj = await run(['shengji', '--level', '10', '--trump', '♥', '--seed', 's']);
  assert.equal(sj.code, 0);
  assert.match(sj.out, /level 10, trump H/);
  const custom = JSON.parse(
    (await run(['custom', '--deck', 'AS,KS,QS,JS', '--seats', '2', '--seed', 'c', '--json'])).out,
  );
  assert.deepEqual(custom.hands.flat().sort(), ['AS', 'JS', 'KS', 'QS']);
});

test('errors: unknown preset (2, lists presets), bad seed (2), bad options (2)', async () => {
  const unknown = await run(['poker']);
  assert.equal(unknown.code, 2);
  assert.match(
    unknown.err,
    /^fairdeal deal: unknown preset 'poker'; presets: doudizhu, .*custom\n$/,
  );
  const none = await run([]);
  assert.equal(none.code, 2);
  const badSeed = await run(['doudizhu', '--seed', '']);
  assert.equal(badSeed.code, 2);
  assert.equal(badSeed.err.split('\n').length, 2, 'one line');
  assert.equal((await run(['doudizhu', '--seats', 'three'])).code, 2);
  assert.equal((await run(['doudizhu', '--seats', '4'])).code, 2);
  assert.equal((await run(['doudizhu', '--board', '3'])).code, 2);
  assert.equal((await run(['doudizhu', '--colour'])).code, 2);
  assert.equal((await run(['skat', '--trump', 'purple'])).code, 2);
  for (const r of [unknown, badSeed]) assert.ok(!r.err.includes('    at '), 'no stack trace');
});

test('--help and --list', async () => {
  const help = await run(['--help']);
  assert.equal(help.code, 0);
  assert.match(help.out, /Usage: fairdeal deal <preset>/);
  const list = await run(['--list']);
  assert.equal(list.code, 0);
  assert.match(list.out, /^doudizhu\s+seats 3\s+Dou Dizhu/m);
  assert.match(list.out, /^holdem\s+seats 2-10/m);
});

test('errors name the flags as typed and count seats from 1, on one line, exit 2', async () => {
  const cases: [string[], string][] = [
    [
      ['holdem', '--dealer', '7'],
      '--dealer must be a seat from 1 to 6 (seats count from 1), got 7',
    ],
    [
      ['holdem', '--seats', '3', '--dealer', '4'],
      '--dealer must be a seat from 1 to 3 (seats count from 1), got 4',
    ],
    [
      ['holdem', '--dealer', '0'],
      '--dealer must be a seat from 1 to 6 (seats count from 1), got 0',
    ],
    [['holdem', '--seats', '30'], '--seats for holdem must be from 2 to 10, got 30'],
    [['bridge', '--board', '0'], '--board must be at least 1, got 0'],
    [['bridge', '--dealer', '2'], '--dealer does not apply to bridge'],
    [['holdem', '--board', '2'], '--board does not apply to holdem'],
    [['custom', '--hand-size', '99'], '--hand-size must be from 0 to 52, got 99'],
    [['custom', '--board-cards', '99'], '--board-cards must be from 0 to 52, got 99'],
    [['blackjack', '--decks', '9'], '--decks must be from 1 to 8, got 9'],
    [['custom', '--sort', 'weird'], "--sort: unknown sort order 'weird'"],
    [['custom', '--deck', 'AS,XX'], '--deck: bad card "XX" in code notation'],
    [['doudizhu', '--seed', ''], '--seed: the seed must not be empty'],
    [
      ['doudizhu', '--seed', '--json'],
      "--seed needs a value; to give one that starts with '-', write --seed=-VALUE",
    ],
    [
      ['doudizhu', '--json', '--format', 'text'],
      '--json and --format text contradict each other; give one',
    ],
    [['doudizhu', '--colour'], "unknown option '--colour' (see fairdeal deal --help)"],
  ];
  for (const [args, message] of cases) {
    const r = await run(args);
    assert.equal(r.code, 2, args.join(' '));
    assert.equal(r.err, `fairdeal deal: ${message}\n`);
  }
  assert.equal((await run(['doudizhu', '--json', '--format', 'json', '--seed', 's'])).code, 0);
});

test('the replay line deals the same round when a shell runs it, whatever the seed holds', async () => {
  const seed = "-it's a 'table' $HOME `x` \\ 7";
  const first = await run([
    'holdem',
    `--seed=${seed}`,
    '--seats',
    '3',
    '--dealer=2',
    '--cards',
    'code',
  ]);
  assert.equal(first.code, 0);
  const replay = /^Replay: fairdeal (.*)$/m.exec(first.out)?.[1];
  assert.ok(replay !== undefined, first.out);
  const script = fileURLToPath(new URL('../main.ts', import.meta.url));
  // The shell, not a test helper, splits the line back into arguments.
  const again = spawnSync(
    'sh',
    ['-c', `"$0" "$1" ${replay} --cards code`, process.execPath, script],
    {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    },
  );
  assert.equal(again.status, 0, again.stderr);
  assert.equal(again.stdout, first.out);
});
