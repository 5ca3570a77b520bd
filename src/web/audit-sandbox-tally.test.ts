// The sandboxed audit's two halves over a real MessageChannel (Node's, the same structured clone
// and transfer as a browser's): the honest sandbox (serveTrials) counts exactly what the Node
// runner counts, and a sandbox that pasted code has taken over cannot get a forged result, a
// forged trial count or a non-permutation past the trusted tally.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type AuditCounts, analyzeCounts, createCounts, seededTrials } from '../audit/browser.ts';
import type { SandboxAsk, SandboxReply } from './audit-protocol.ts';
import { type SandboxPort, serveTrials, thrownMessage } from './audit-sandbox-serve.ts';
import { MAX_REFUSALS, type TallyPort, tallySandbox } from './audit-sandbox-tally.ts';

const fisherYates = (a: number[]) => {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
};

/** A channel whose sandbox end is `sandbox(port)`; the tally runs on the other end. */
function tally(n: number, trials: number, sandbox: (port: SandboxPort) => void, endWaitMs = 200) {
  const { port1, port2 } = new MessageChannel();
  sandbox(port1 as unknown as SandboxPort);
  const counts = createCounts(n);
  const refused: { directive: string; blocked: string }[] = [];
  const done = tallySandbox(port2 as unknown as TallyPort, counts, {
    trials,
    endWaitMs,
    onRefused: (r) => refused.push(r),
  });
  return { counts, refused, done, close: () => port1.close() };
}

/** A taken-over sandbox: `reply(ask, post)` answers each ask however the forger likes. */
function forger(reply: (ask: SandboxAsk, post: (m: unknown, t?: Transferable[]) => void) => void) {
  return (port: SandboxPort) => {
    const post = (m: unknown, t?: Transferable[]) => port.postMessage(m as SandboxReply, t);
    port.addEventListener('message', (event) => reply(event.data, post));
    port.start();
  };
}

function identities(n: number, k: number): Uint8Array {
  const out = new Uint8Array(n * k);
  for (let i = 0; i < out.length; i++) out[i] = i % n;
  return out;
}

test('an honest sandbox: the tally counts exactly what seededTrials counts for the same seed', async () => {
  const run = tally(8, 5000, (port) => serveTrials(port, fisherYates, 8, 'seed-1'));
  assert.equal(await run.done, undefined);
  const expected = createCounts(8);
  seededTrials({ kind: 'user', shuffle: fisherYates })(expected, { seed: 'seed-1', trials: 5000 });
  assert.deepEqual(run.counts, expected);
  assert.equal(run.counts.trials, 5000);
  assert.equal(analyzeCounts(run.counts).verdict, 'uniform');
  assert.notEqual(Math.random, undefined);
  assert.ok(Math.random() >= 0); // the real Math.random is back
});

test('a forged result message is not a verdict: broken, and no trial counted', async () => {
  const run = tally(
    52,
    20_000,
    forger((_ask, post) =>
      post({
        type: 'result',
        result: { verdict: 'uniform', subject: 'fairdeal', n: 52, trials: 1_000_000 },
      }),
    ),
  );
  const broken = await run.done;
  assert.equal(broken?.kind, 'not-a-permutation');
  assert.match(broken?.message ?? '', /sent a “result” message; only permutations are counted/);
  assert.equal(run.counts.trials, 0);
  run.close();
});

test('a forged trial count: more permutations than were asked for is broken', async () => {
  let sent = false;
  const run = tally(
    4,
    100,
    forger((ask, post) => {
      if (ask.type !== 'more' || sent) return;
      sent = true;
      const orders = identities(4, ask.count + 1_000);
      post({ type: 'orders', orders }, [orders.buffer]);
    }),
  );
  const broken = await run.done;
  assert.equal(broken?.kind, 'not-a-permutation');
  assert.match(broken?.message ?? '', /sent 1100 permutations when 100 were asked for/);
  assert.equal(run.counts.trials, 0);
  run.close();
});

test('an end before the last trial is broken; the count is the tally’s own', async () => {
  const run = tally(
    4,
    100,
    forger((ask, post) => {
      if (ask.type !== 'more') return;
      const orders = identities(4, 10);
      post({ type: 'orders', orders }, [orders.buffer]);
      post({ type: 'end', trials: 100 });
    }),
  );
  const broken = await run.done;
  assert.match(broken?.message ?? '', /ended after 10 of 100 trials/);
  assert.equal(run.counts.trials, 10);
  run.close();
});

test('every permutation is checked: a repeated card, a card out of range, a partial one', async () => {
  const cases: [Uint8Array, RegExp][] = [
    [Uint8Array.of(0, 1, 2, 3, 0, 0, 2, 3), /trial 1: card 0 appears twice; card 1 is missing/],
    [Uint8Array.of(0, 1, 2, 9), /trial 0: position 3 holds number 9, not one of the cards 0…3/],
    [Uint8Array.of(0, 1, 2, 3, 0, 1), /not whole permutations of 4 cards/],
  ];
  for (const [orders, message] of cases) {
    const run = tally(
      4,
      100,
      forger((ask, post) => {
        if (ask.type === 'more') post({ type: 'orders', orders });
      }),
    );
    const broken = await run.done;
    assert.equal(broken?.kind, 'not-a-permutation');
    assert.match(broken?.message ?? '', message);
    run.close();
  }
  const plain = tally(
    4,
    100,
    forger((ask, post) => {
      if (ask.type === 'more') post({ type: 'orders', orders: [0, 1, 2, 3] });
    }),
  );
  assert.match((await plain.done)?.message ?? '', /not whole permutations/);
  plain.close();
});

test('the sandbox reports a throw and a non-permutation from the code; the trial is the tally’s', async () => {
  let calls = 0;
  const throwsLate = (a: number[]) => {
    if (++calls > 700) throw new RangeError('no more');
    return a;
  };
  const run = tally(6, 2000, (port) => serveTrials(port, throwsLate, 6, 's'));
  assert.deepEqual(await run.done, { kind: 'threw', message: 'no more', trial: 700 });
  assert.equal(run.counts.trials, 700);
  const loses = tally(6, 2000, (port) => serveTrials(port, (a) => a.slice(1), 6, 's'));
  assert.deepEqual(await loses.done, {
    kind: 'not-a-permutation',
    message: 'returned 5 items instead of 6',
    trial: 0,
  });
  const hostile = {
    toString() {
      throw new Error('gotcha');
    },
  };
  assert.equal(thrownMessage(hostile), 'an exception that cannot be printed');
});

test('refusals are passed on, shortened and at most MAX_REFUSALS; a malformed one is broken', async () => {
  const run = tally(
    3,
    50,
    forger((ask, post) => {
      if (ask.type === 'finish') {
        post({ type: 'end' });
        return;
      }
      for (let i = 0; i < 30; i++) {
        post({ type: 'refused', directive: 'connect-src', blocked: `http://x/${'a'.repeat(500)}` });
      }
      const orders = identities(3, ask.count);
      post({ type: 'orders', orders }, [orders.buffer]);
    }),
  );
  assert.equal(await run.done, undefined);
  assert.equal(run.refused.length, MAX_REFUSALS);
  assert.equal(run.refused[0]?.blocked.length, 200);
  assert.equal(run.counts.trials, 50);
  const bad = tally(
    3,
    50,
    forger((_ask, post) => post({ type: 'refused', directive: 7 })),
  );
  assert.match((await bad.done)?.message ?? '', /malformed/);
  bad.close();
});

test('a sandbox that never says end still gets its verdict, after the wait', async () => {
  const started = performance.now();
  const run = tally(
    3,
    50,
    forger((ask, post) => {
      if (ask.type !== 'more') return;
      const orders = identities(3, ask.count);
      post({ type: 'orders', orders }, [orders.buffer]);
    }),
    300,
  );
  assert.equal(await run.done, undefined);
  assert.ok(performance.now() - started >= 290);
  const counts: AuditCounts = run.counts;
  assert.equal(counts.trials, 50);
  run.close();
});
