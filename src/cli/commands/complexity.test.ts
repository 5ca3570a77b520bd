import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { CliIo } from '../io.ts';
import { complexity, fittedSlope } from './complexity.ts';

function fakeIo(cwd: string): CliIo & { stdout: string } {
  const io = {
    stdout: '',
    out(t: string) {
      io.stdout += t;
    },
    err() {},
    stdoutIsTTY: false,
    stderrIsTTY: false,
    env: {},
    cwd,
  };
  return io;
}

test('fittedSlope recovers the exponent of a power law', () => {
  const points = [8, 16, 32, 64, 128].map((n) => ({ n, micros: 0.01 * n * n }));
  assert.ok(Math.abs(fittedSlope({ name: 'q', growth: 'n²', points }) - 2) < 1e-9);
});

test('complexity: a table for every terminating algorithm, JSON and an SVG plot', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-complexity-'));
  const io = fakeIo(dir);
  assert.equal(await complexity(['--max-n', '64', '--budget', '2', '--svg', 'c.svg'], io), 0);
  for (const name of ['fairdeal', 'knuth-durstenfeld', 'draw-splice', 'sort-random']) {
    assert.match(io.stdout, new RegExp(`^\\| ${name} \\|`, 'm'));
  }
  assert.doesNotMatch(io.stdout, /\| draw-and-retry \|/); // never terminates: not timed
  const svg = readFileSync(join(dir, 'c.svg'), 'utf8');
  assert.match(svg, /O\(n²\) slope/);
  const json = fakeIo(dir);
  await complexity(['--max-n', '16', '--budget', '1', '--json'], json);
  const series = JSON.parse(json.stdout);
  assert.deepEqual(
    series[0].points.map((p: { n: number }) => p.n),
    [8, 16],
  );
  await assert.rejects(complexity(['--max-n', '4'], io), /--max-n/);
});
