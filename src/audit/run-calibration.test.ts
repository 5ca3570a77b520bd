import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chacha20 } from '../random/chacha20.ts';
import { shuffle } from '../shuffle/shuffle.ts';
import { analyzeCounts } from './analyze-counts.ts';
import { addOrder, createCounts } from './audit-counts.ts';
import { runCalibration } from './run-calibration.ts';

const fixtures = new URL('./test-fixtures/user-shuffles.js', import.meta.url).href;

test('runCalibration: each run is the audit of its own stream, whatever the number of workers', async () => {
  const options = { n: 5, trials: 400, runs: 5, seed: 'calibration' };
  const one = await runCalibration({ kind: 'fairdeal' }, { ...options, workers: 1 });
  const two = await runCalibration({ kind: 'fairdeal' }, { ...options, workers: 2 });
  assert.equal(one.runs.length, 5);
  assert.deepEqual(one.runs, two.runs);
  // Recomputed here, in this thread: run r shuffles with chacha20(seed, r) and is judged alone.
  for (let r = 0; r < options.runs; r++) {
    const source = chacha20(options.seed, r);
    const counts = createCounts(options.n);
    const scratch = new Int32Array(options.n);
    for (let t = 0; t < options.trials; t++) {
      addOrder(counts, shuffle([0, 1, 2, 3, 4], source), scratch);
    }
    assert.deepEqual(one.runs[r], analyzeCounts(counts).tests, `run ${r}`);
  }
  assert.ok(one.runs.every((tests) => tests.some((t) => t.name === 'permutations')));
});

test('runCalibration refuses a broken shuffle and bad arguments', async () => {
  await assert.rejects(
    runCalibration(
      { kind: 'module', url: fixtures, exportName: 'throws' },
      { n: 52, trials: 10, runs: 2, seed: 's', workers: 1 },
    ),
    /calibration of user-shuffles.js#throws failed: .*cannot shuffle today/,
  );
  const ok = { n: 5, trials: 10, runs: 2, seed: 's' };
  await assert.rejects(runCalibration({ kind: 'fairdeal' }, { ...ok, runs: 0 }), RangeError);
  await assert.rejects(runCalibration({ kind: 'fairdeal' }, { ...ok, n: 0 }), RangeError);
  await assert.rejects(
    runCalibration({ kind: 'fairdeal' }, { ...ok, trials: '10' as unknown as number }),
    TypeError,
  );
  await assert.rejects(runCalibration({ kind: 'nope' } as never, ok), TypeError);
});
