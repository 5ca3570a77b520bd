import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FLOOR, OURS, PLAIN } from '../../bench/loops.ts';
import { ratioCases, type ShuffleCase, shuffleReport } from '../../bench/shuffle-report.ts';

const rates = (secure: number, seeded: number, plain: number, peer: number, floor: number) => ({
  [OURS[0]]: [secure, secure * 1.1, secure * 0.9],
  [OURS[1]]: [seeded, seeded, seeded],
  [PLAIN]: [plain, plain, plain],
  'd3-array shuffle': [peer, peer, peer],
  [FLOOR]: [floor, floor, floor],
});
const info = {
  started: '2031-01-02 03:04 UTC',
  minutes: 17,
  command: 'npm run bench -- --quick',
  node: 'Node v99.1.2',
  cpu: '7 cores (test CPU)',
  chromium: 'HeadlessChrome/999.0',
  rounds: 3,
  budgetMs: 25,
  pageRounds: 5,
  pageBudgetMs: 30,
  loadStart: [1.25, 2, 3],
  loadEnd: [4, 5, 6.5],
};
const cases: ShuffleCase[] = [
  { env: 'Node', mode: 'clean', kind: 'Array', n: 52, rates: rates(40, 30, 10, 20, 50) },
  { env: 'Node', mode: 'polluted', kind: 'Array', n: 1000, rates: rates(30, 14, 10, 20, 90) },
  { env: 'Chromium', mode: 'clean', kind: 'Uint32Array', n: 52, rates: rates(25, 20, 10, 30, 40) },
  {
    env: 'Chromium',
    mode: 'polluted',
    kind: 'Float64Array',
    n: 10_000_000,
    error: 'out of memory',
  },
];

test('ratioCases: per source, same-round ratios to the plain loop, the best peer and the floor', () => {
  const [secure, seeded] = ratioCases([cases[0]!]);
  assert.deepEqual(secure!.plain, { median: 4, q1: 3.8, q3: 4.2 });
  assert.equal(secure!.peer!.median, 2);
  assert.equal(secure!.floor!.median, 0.8);
  assert.equal(seeded!.source, 'seeded');
  assert.equal(seeded!.plain.median, 3);
  // A case that was not measured is a case, with NaN ratios (the goal check counts it a miss).
  const lost = ratioCases([cases[3]!]);
  assert.equal(lost.length, 2);
  assert.ok(Number.isNaN(lost[0]!.plain.median));
});

test('shuffleReport: the summary and the goal check come from the run', () => {
  const text = shuffleReport(cases, info);
  // The run's own facts.
  for (const s of [
    'Run of 2031-01-02 03:04 UTC, 17 minutes: `npm run bench -- --quick`',
    'Node v99.1.2, 7 cores (test CPU); HeadlessChrome/999.0',
    '1.25 / 2.00 / 3.00 at the start, 4.00 / 5.00 / 6.50 at the end',
    'in Node 3 rounds of 25 ms of the thread',
    'in Chromium, which has no such clock in a page, 5 rounds of 30 ms of wall-clock time',
  ])
    assert.ok(text.includes(s), s);
  // Node clean: 52 cards secure 4× (goal 3.5×) meets it, seeded 3× (goal 3×) too.
  assert.match(text, /\*\*Node, each contender alone: 2 of 2 cases meet the goal\.\*\*/);
  assert.match(
    text,
    /Decks \(Array\): 52 secure 4\.00× \(goal 3\.5×\), 52 seeded 3\.00× \(goal 3×\)/,
  );
  // Node polluted: seeded 1.4× the plain loop and behind d3.
  assert.match(text, /\*\*Node, all polluted: 1 of 2 cases meet the goal\.\*\*/);
  assert.ok(
    text.includes('- Node, polluted, Array 1,000, seeded: 1.40× plain < 1.5×, 0.70× the best peer'),
  );
  // Chromium: behind the peer in the clean Worker, and the case the page could not hold.
  assert.ok(text.includes('- Chromium, clean, Uint32Array 52, secure: 0.83× the best peer'));
  assert.ok(
    text.includes('Not measured: Chromium polluted Float64Array 10,000,000 (out of memory)'),
  );
  assert.ok(text.includes('| 10,000,000 | not measured: out of memory |'));
  assert.ok(text.includes('Below the goal in this run (5 of 8 cases):'));
  // The table row: medians with their IQR.
  assert.ok(
    text.includes('| 52 | 40.0 | 4.00 [3.80–4.20] | 2.00 [1.90–2.10] | 30.0 | 3.00 [3.00–3.00] |'),
  );
});

test('shuffleReport: a run that meets every goal says so, and nothing else from another run', () => {
  const good = shuffleReport([cases[0]!], info);
  assert.ok(good.includes('Every case of this run meets the goal (2 cases).'));
  assert.doesNotMatch(good, /\*\*Chromium|Below the goal/);
});
