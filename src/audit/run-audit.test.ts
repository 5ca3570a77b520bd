import assert from 'node:assert/strict';
import { test } from 'node:test';
import { catalog } from '../shuffle/catalog/index.ts';
import type { AuditSubject } from './audit-subject.ts';
import { runAudit } from './run-audit.ts';

const fixtures = new URL('./test-fixtures/user-shuffles.js', import.meta.url).href;
const user = (exportName?: string): AuditSubject =>
  exportName === undefined
    ? { kind: 'module', url: fixtures }
    : { kind: 'module', url: fixtures, exportName };

test('every catalogue verdict is right at n = 52 with 5 000 trials (the full-power run: npm run test:slow)', async () => {
  // docs/AUDIT.md, "Power": every flawed entry is caught at n = 52 with ≥ 99 % power from about
  // 1 000 trials, so 5 000 seeded trials (one chunk, one worker) must catch each one; the fair
  // ones must pass.
  const options = { seed: 'quick audit', trials: 5_000, timeLimitMs: 500 };
  const fair = await runAudit({ kind: 'fairdeal' }, options);
  assert.equal(fair.verdict, 'uniform', 'fairdeal shuffle');
  assert.equal(fair.trials, 5_000);
  for (const entry of catalog) {
    const result = await runAudit({ kind: 'catalog', name: entry.name }, options);
    const expected = !entry.terminates ? 'broken' : entry.uniform ? 'uniform' : 'biased';
    assert.equal(result.verdict, expected, entry.name);
    if (!entry.terminates) assert.equal(result.broken?.kind, 'did-not-terminate');
  }
});

test('off-by-one-draw: the worst cell is card 51 at position 51, 52× too often', async () => {
  const result = await runAudit(
    { kind: 'catalog', name: 'off-by-one-draw' },
    { seed: 'worst', trials: 20_000 },
  );
  const worst = result.worst[0]!;
  assert.deepEqual([worst.card, worst.position, worst.ratio], [51, 51, 52]);
  const reach = result.tests.find((t) => t.name === 'reachability')!;
  assert.equal(reach.statistic, 51 + 51); // card 51 nowhere else, nothing else at position 51
});

test('seeded audits are reproducible and independent of the number of workers', async () => {
  const a = await runAudit(user(), { seed: 'repro', trials: 30_000, n: 10, workers: 1 });
  const b = await runAudit(user(), { seed: 'repro', trials: 30_000, n: 10, workers: 2 });
  assert.deepEqual(a.tests, b.tests);
  assert.equal(a.verdict, 'uniform');
  const c = await runAudit(user(), { seed: 'other', trials: 30_000, n: 10, workers: 2 });
  assert.notDeepEqual(a.tests, c.tests);
});

test('user modules: a naive copy-paste shuffle is biased', async () => {
  const result = await runAudit(user('naive'), { seed: 'naive', trials: 20_000 });
  assert.equal(result.verdict, 'biased');
});

test('user modules that hang, exit, throw, lose or duplicate cards are broken, not fatal', async () => {
  const cases: [string, string, RegExp][] = [
    ['hang', 'did-not-terminate', /500 ms time limit/],
    ['exits', 'crashed', /code 3/],
    ['throws', 'threw', /cannot shuffle today/],
    ['throwsLater', 'crashed', /thrown from a timer/],
    ['loses', 'not-a-permutation', /51 items instead of 52/],
    ['duplicates', 'not-a-permutation', /card 1 appears twice; card 0 is missing/],
    ['notAFunction', 'not-loadable', /not a function/],
  ];
  for (const [name, kind, message] of cases) {
    const result = await runAudit(user(name), { seed: 'b', trials: 10_000, timeLimitMs: 500 });
    assert.equal(result.verdict, 'broken', name);
    assert.equal(result.broken?.kind, kind, name);
    assert.match(result.broken!.message, message, name);
  }
  const missing = await runAudit(
    { kind: 'module', url: new URL('./test-fixtures/missing.js', import.meta.url).href },
    { seed: 'b', trials: 10 },
  );
  assert.equal(missing.broken?.kind, 'not-loadable');
});

test('runAudit rejects bad numbers with RangeError', async () => {
  await assert.rejects(runAudit({ kind: 'fairdeal' }, { trials: 0 }), RangeError);
  await assert.rejects(runAudit({ kind: 'fairdeal' }, { n: 0 }), RangeError);
  await assert.rejects(runAudit({ kind: 'fairdeal' }, { alpha: 2 }), RangeError);
});

test('runAudit rejects wrong types with TypeError', async () => {
  await assert.rejects(
    runAudit({ kind: 'fairdeal' }, { trials: '10' as unknown as number }),
    TypeError,
  );
  await assert.rejects(runAudit({ kind: 'fairdeal' }, { seed: 7 as unknown as string }), TypeError);
  await assert.rejects(runAudit(null as never), TypeError);
  await assert.rejects(runAudit({ kind: 'catalog' } as never), TypeError);
  await assert.rejects(runAudit({ kind: 'fairdeal' }, 'fast' as never), TypeError);
});
