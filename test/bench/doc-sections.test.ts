import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { RESULTS_MARKER, spliceSections } from '../../bench/doc-sections.ts';

const M = RESULTS_MARKER;

test("spliceSections replaces the run's sections, keeps other benches' and drops an earlier preamble", () => {
  const doc = [
    '# Benchmarks',
    'How to run it.',
    M,
    'Run of 2026-11-23 (an earlier run): 24/24',
    '## Shuffles in Node',
    '| old | 1.2 |',
    '## Deals',
    'written by bench/deals.ts',
    '## Shuffles in Chromium',
    '| old | 3.4 |',
    '',
  ].join('\n');
  const run = '## Shuffles in Node\n| new | 2.0 |\n\n## Shuffles in Chromium\n| new | 2.5 |';
  const out = spliceSections(doc, run, []);
  assert.equal(
    out,
    `# Benchmarks\nHow to run it.\n${M}\n\n## Shuffles in Node\n| new | 2.0 |\n\n## Shuffles in Chromium\n| new | 2.5 |\n\n## Deals\nwritten by bench/deals.ts\n`,
  );
  assert.doesNotMatch(out, /old|24\/24/);
  // Writing the same run again changes nothing.
  assert.equal(spliceSections(out, run, []), out);
});

test('spliceSections removes sections this bench owned but did not write in this run', () => {
  const doc = `# B\n${M}\n## In Chromium (old layout)\n| 24/24 |\n## Dark deals\nkept\n`;
  const out = spliceSections(doc, '## Shuffles\nnew', ['## In Chromium (old layout)']);
  assert.equal(out, `# B\n${M}\n\n## Shuffles\nnew\n\n## Dark deals\nkept\n`);
});

test('spliceSections adds the marker to a doc without one, keeping all of it', () => {
  assert.equal(spliceSections('# B\ntext\n\n', '## S\nx', []), `# B\ntext\n\n${M}\n\n## S\nx\n`);
});

test('docs/BENCHMARKS.md quotes no measurement before the results marker (the run writes them all)', () => {
  const doc = readFileSync(new URL('../../docs/BENCHMARKS.md', import.meta.url), 'utf8');
  const at = doc.indexOf(M);
  assert.ok(at > 0, `docs/BENCHMARKS.md has no ${M}`);
  const head = doc.slice(0, at);
  const numbers = head.split('\n').filter((line) => /\d/.test(line));
  assert.deepEqual(numbers, [], 'lines with numbers before the marker: the run must write them');
});
