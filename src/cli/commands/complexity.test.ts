import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fakeIo } from '../../../test/support/fake-io.ts';
import { complexity, complexityTable, fittedSlope } from './complexity.ts';

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

test('complexity never prints NaN: a slope that cannot be fitted is — (null in JSON)', async () => {
  const { main } = await import('../main.ts');
  // One or two sizes leave fewer than two points in the larger half: nothing to fit.
  for (const sizes of [[8], [8, 16]]) {
    const series = [{ name: 'x', growth: 'n', points: sizes.map((n) => ({ n, micros: n / 10 })) }];
    assert.ok(Number.isNaN(fittedSlope(series[0]!)));
    assert.match(complexityTable(series), /^\| x \| O\(n\) \| — \| 0\.80 \|/m);
  }
  const text = fakeIo();
  assert.equal(await main(['complexity', '--max-n', '8', '--budget', '1'], text), 0);
  assert.doesNotMatch(text.stdout, /NaN/);
  assert.match(text.stdout, /^\| fairdeal \| O\(n\) \| — \|/m);
  const json = fakeIo();
  assert.equal(await main(['complexity', '--max-n', '8', '--budget', '1', '--json'], json), 0);
  assert.doesNotMatch(json.stdout, /NaN/);
  assert.equal(JSON.parse(json.stdout)[0].slope, null);
});

test('complexity refuses --svg with --png, and bad numbers in its own words', async () => {
  const { main } = await import('../main.ts');
  const cases: [string[], string][] = [
    [['--svg', 'a.svg', '--png', 'a.png'], 'give --svg or --png, not both'],
    [['--max-n', '4'], '--max-n must be at least 8, got 4'],
    [['--budget', 'x'], "--budget must be a whole number, got 'x'"],
  ];
  for (const [args, line] of cases) {
    const io = fakeIo();
    assert.equal(await main(['complexity', ...args], io), 2);
    assert.equal(io.stderr, `fairdeal complexity: ${line}\n`);
  }
});
