import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { autoBatch } from './auto-batch.ts';

/** A `run` whose batches are answered only when the test says so. */
function gated() {
  const batches: { items: number[]; answer: () => void; fail: (e: Error) => void }[] = [];
  const run = (items: readonly number[]) =>
    new Promise<number[]>((resolve, reject) => {
      batches.push({
        items: [...items],
        answer: () => resolve(items.map((x) => x * 10)),
        fail: reject,
      });
    });
  return { batches, run };
}
const turn = () => new Promise((r) => setImmediate(r));

describe('autoBatch', () => {
  it('runs a lone call at once, alone', async () => {
    const g = gated();
    const one = autoBatch(g.run, { maxInFlight: 2, maxBatch: 8 });
    const p = one(1);
    await turn();
    assert.deepEqual(
      g.batches.map((b) => b.items),
      [[1]],
    );
    g.batches[0]!.answer();
    assert.equal(await p, 10);
  });

  it('groups the calls that wait behind busy batches, up to maxBatch, in order', async () => {
    const g = gated();
    const one = autoBatch(g.run, { maxInFlight: 1, maxBatch: 3 });
    const first = one(1);
    await turn();
    const rest = [2, 3, 4, 5, 6].map((x) => one(x));
    await turn();
    assert.equal(g.batches.length, 1, 'nothing more leaves while the only slot is busy');
    g.batches[0]!.answer();
    assert.equal(await first, 10);
    await turn();
    assert.deepEqual(g.batches[1]!.items, [2, 3, 4]);
    g.batches[1]!.answer();
    await turn();
    assert.deepEqual(g.batches[2]!.items, [5, 6]);
    g.batches[2]!.answer();
    assert.deepEqual(await Promise.all(rest), [20, 30, 40, 50, 60]);
  });

  it('never puts two items with the same key in one batch', async () => {
    const g = gated();
    const one = autoBatch(g.run, { maxInFlight: 1, maxBatch: 8, key: (x) => String(x % 3) });
    const all = [1, 4, 2, 7, 5, 3].map((x) => one(x));
    await turn();
    assert.deepEqual(g.batches[0]!.items, [1, 2, 3]);
    g.batches[0]!.answer();
    await turn();
    assert.deepEqual(g.batches[1]!.items, [4, 5]);
    g.batches[1]!.answer();
    await turn();
    assert.deepEqual(g.batches[2]!.items, [7]);
    g.batches[2]!.answer();
    assert.deepEqual(await Promise.all(all), [10, 40, 20, 70, 50, 30]);
  });

  it('keeps an error with the item that caused it when the failure changed nothing: a failed batch reruns item by item', async () => {
    const seen: number[][] = [];
    const run = async (items: readonly number[]) => {
      seen.push([...items]);
      if (items.includes(13)) throw new RangeError(`unlucky ${items.join(',')}`);
      if (items.includes(99)) throw new Error('connection lost');
      return items.map((x) => -x);
    };
    const one = autoBatch(run, {
      maxInFlight: 1,
      maxBatch: 8,
      rerunAlone: (e) => e instanceof RangeError,
    });
    const results = await Promise.allSettled([1, 13, 2].map((x) => one(x)));
    assert.deepEqual(seen, [[1, 13, 2], [1], [13], [2]]);
    const outcome = (rs: PromiseSettledResult<number>[]) =>
      rs.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message));
    assert.deepEqual(outcome(results), [-1, 'unlucky 13', -2]);
    // A failure that may have changed something is never run again: every item gets it.
    seen.length = 0;
    const lost = await Promise.allSettled([3, 99, 4].map((x) => one(x)));
    assert.deepEqual(seen, [[3, 99, 4]]);
    assert.deepEqual(outcome(lost), ['connection lost', 'connection lost', 'connection lost']);
  });

  it('rejects, never reruns, a batch answered with the wrong number of results', async () => {
    let calls = 0;
    const one = autoBatch(
      async (items: readonly number[]) => {
        calls++;
        return items.slice(1);
      },
      { maxInFlight: 1, maxBatch: 8 },
    );
    const results = await Promise.allSettled([one(1), one(2)]);
    assert.equal(calls, 1);
    for (const r of results) {
      assert.equal(r.status, 'rejected');
      assert.match((r.reason as Error).message, /1 results for 2 items/);
    }
  });

  it('refuses limits that are not positive integers', () => {
    const run = async (items: readonly number[]) => items;
    assert.throws(() => autoBatch(run, { maxInFlight: 0, maxBatch: 1 }), RangeError);
    assert.throws(() => autoBatch(run, { maxInFlight: 1, maxBatch: 1.5 }), RangeError);
  });

  it('answers every call with its own result, whatever the timing (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.nat(3)), { maxLength: 40 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 5 }),
        async (calls, maxInFlight, maxBatch) => {
          let running = 0;
          let most = 0;
          const run = async (items: readonly number[]) => {
            running++;
            most = Math.max(most, running);
            assert.ok(items.length <= maxBatch);
            assert.equal(new Set(items.map((x) => x % 4)).size, items.length);
            await turn();
            running--;
            return items.map((x) => x + 1000);
          };
          const one = autoBatch(run, { maxInFlight, maxBatch, key: (x) => String(x % 4) });
          const pending: Promise<number>[] = [];
          for (const [x, wait] of calls) {
            pending.push(one(x));
            for (let k = 0; k < wait; k++) await turn();
          }
          assert.deepEqual(
            await Promise.all(pending),
            calls.map(([x]) => x + 1000),
          );
          assert.ok(most <= maxInFlight);
        },
      ),
      { seed: 13, numRuns: 100 },
    );
  });
});
