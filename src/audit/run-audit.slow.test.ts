import assert from 'node:assert/strict';
import { test } from 'node:test';
import { catalog } from '../shuffle/catalog/index.ts';
import { runAudit } from './run-audit.ts';

// The full-power default audit (n = 52, 200 000 trials, α = 0.001) of fairdeal and every catalogue
// entry: about 16 s on 2 cores, so it runs in `npm run test:slow`, not in every `npm test`
// (run-audit.test.ts keeps a 10 000-trial version of it there).
const slow = process.env.FAIRDEAL_SLOW_TESTS === '1';

test('default audit (n = 52, 200 000 trials, α = 0.001): every catalogue verdict is right', {
  skip: slow ? false : 'slow: run with npm run test:slow',
}, async () => {
  const fair = await runAudit({ kind: 'fairdeal' }, { seed: 'default audit' });
  assert.equal(fair.verdict, 'uniform', 'fairdeal shuffle');
  assert.equal(fair.trials, 200_000);
  for (const entry of catalog) {
    const result = await runAudit({ kind: 'catalog', name: entry.name }, { seed: 'default audit' });
    const expected = !entry.terminates ? 'broken' : entry.uniform ? 'uniform' : 'biased';
    assert.equal(result.verdict, expected, entry.name);
    if (!entry.terminates) assert.equal(result.broken?.kind, 'did-not-terminate');
    if (expected === 'biased') assert.ok(result.worst[0]!.z > 5 || result.worst[0]!.z < -5);
  }
});
