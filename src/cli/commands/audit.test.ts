import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { CliIo } from '../io.ts';
import { UsageError } from '../io.ts';
import { audit } from './audit.ts';

function fakeIo(cwd: string, stderrIsTTY = false): CliIo & { stdout: string; stderr: string } {
  const io = {
    stdout: '',
    stderr: '',
    out(t: string) {
      io.stdout += t;
    },
    err(t: string) {
      io.stderr += t;
    },
    stdoutIsTTY: false,
    stderrIsTTY,
    env: {},
    cwd,
  };
  return io;
}

const dir = mkdtempSync(join(tmpdir(), 'fairdeal-audit-'));

test('audit --list names fairdeal and every catalogue algorithm', async () => {
  const io = fakeIo(dir);
  assert.equal(await audit(['--list'], io), 0);
  for (const name of ['fairdeal', 'draw-and-retry', 'swap-any', 'sort-random', 'inside-out']) {
    assert.match(io.stdout, new RegExp(`^${name} `, 'm'));
  }
  assert.match(io.stdout, /^off-by-one-draw\s+FLAWED/m);
});

test('audit of a flawed algorithm: summary on stdout, exit 1, worst cells named', async () => {
  const io = fakeIo(dir);
  const code = await audit(
    ['--algorithm', 'off-by-one-draw', '--trials', '20000', '--seed', 'cli'],
    io,
  );
  assert.equal(code, 1);
  assert.match(io.stdout, /^off-by-one-draw: BIASED/);
  assert.match(io.stdout, /card 51 → position 51: 20000 vs 384\.6 \(52\.00×/);
  assert.equal(io.stderr, ''); // no progress bar without a TTY
});

test('audit of fairdeal: uniform, exit 0; progress bar only on a TTY stderr', async () => {
  const io = fakeIo(dir, true);
  const code = await audit(
    ['--algorithm', 'fairdeal', '--n', '8', '--trials', '20000', '--seed', 'cli'],
    io,
  );
  assert.equal(code, 0);
  assert.match(io.stdout, /^fairdeal: UNIFORM/);
  assert.match(io.stderr, /\[#+\] 100% 20000\/20000/);
});

test('audit --json gives the full result with the card × position matrix', async () => {
  const io = fakeIo(dir);
  await audit(
    ['--algorithm', 'swap-any', '--n', '5', '--trials', '5000', '--seed', 'j', '--json'],
    io,
  );
  const result = JSON.parse(io.stdout);
  assert.equal(result.verdict, 'biased');
  assert.equal(result.n, 5);
  assert.equal(result.cardPositionCounts.length, 5);
  assert.equal(
    result.cardPositionCounts.flat().reduce((a: number, b: number) => a + b, 0),
    5 * 5000,
  );
  assert.ok(
    result.tests.some(
      (t: { name: string; applicable: boolean }) => t.name === 'permutations' && t.applicable,
    ),
  );
});

test('audit --module audits a user file; broken code exits 1 with the reason', async () => {
  writeFileSync(
    join(dir, 'mine.mjs'),
    'export function shuffle(a) { return a.sort(() => Math.random() - 0.5); }\nexport function bad(a) { for (;;) {} }\n',
  );
  const io = fakeIo(dir);
  assert.equal(
    await audit(['--module', 'mine.mjs#shuffle', '--trials', '20000', '--seed', 'm'], io),
    1,
  );
  assert.match(io.stdout, /^mine\.mjs#shuffle: BIASED/);
  const hang = fakeIo(dir);
  const code = await audit(
    ['--module', 'mine.mjs#bad', '--time-limit', '300', '--seed', 'm'],
    hang,
  );
  assert.equal(code, 1);
  assert.match(hang.stdout, /BROKEN — did not terminate/);
});

test('audit --heatmap writes an SVG and a PNG', async () => {
  const io = fakeIo(dir);
  await audit(
    ['--algorithm', 'swap-any', '--trials', '10000', '--seed', 'h', '--heatmap', 'h/swap.svg'],
    io,
  );
  const svg = readFileSync(join(dir, 'h/swap.svg'), 'utf8');
  assert.match(svg, /<svg[^>]*>/);
  assert.match(svg, /swap-any — biased/);
  assert.match(svg, /position after the shuffle/);
  await audit(
    ['--algorithm', 'fairdeal', '--trials', '10000', '--heatmap', 'h/fair.png'],
    fakeIo(dir),
  );
  const png = readFileSync(join(dir, 'h/fair.png'));
  assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]); // "PNG"
});

test('usage errors throw UsageError (exit 2 through main)', async () => {
  const io = fakeIo(dir);
  await assert.rejects(audit([], io), UsageError);
  await assert.rejects(audit(['--algorithm', 'x'], io), /unknown algorithm 'x'/);
  await assert.rejects(audit(['--algorithm', 'fairdeal', '--module', 'a.js'], io), UsageError);
  await assert.rejects(audit(['--algorithm', 'fairdeal', '--n', 'ten'], io), /--n must be/);
  await assert.rejects(audit(['--algorithm', 'fairdeal', '--alpha', '2'], io), /--alpha must be/);
  await assert.rejects(audit(['--bogus'], io), { code: 'ERR_PARSE_ARGS_UNKNOWN_OPTION' });
  assert.equal(await audit(['--help'], io), 0);
});
