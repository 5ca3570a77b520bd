import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chacha20 } from '../random/chacha20.ts';
import { catalogEntry } from '../shuffle/catalog/index.ts';
import { shuffle } from '../shuffle/shuffle.ts';
import { addOrder, createCounts } from './audit-counts.ts';
import { seededMathRandom } from './seeded-math-random.ts';
import { seededTrials } from './seeded-trials.ts';

/** What a plain loop counts: `trials` orders of `shuffleOnce` over 0 … n−1. */
function plainCounts(n: number, trials: number, shuffleOnce: (cards: number[]) => number[]) {
  const counts = createCounts(n);
  const scratch = new Int32Array(n);
  for (let t = 0; t < trials; t++) addOrder(counts, shuffleOnce([...Array(n).keys()]), scratch);
  return counts;
}

test('fairdeal and catalogue subjects draw from chacha20(seed, stream), as a plain loop does', () => {
  const counts = createCounts(6);
  assert.equal(
    seededTrials({ kind: 'fairdeal' })(counts, { seed: 's', stream: 3, trials: 50 }),
    undefined,
  );
  const rng = chacha20('s', 3);
  assert.deepEqual(
    counts,
    plainCounts(6, 50, (cards) => shuffle(cards, rng)),
  );
  // Stream 0 by default; another stream counts other orders.
  const zero = createCounts(6);
  seededTrials({ kind: 'fairdeal' })(zero, { seed: 's', trials: 50 });
  const rng0 = chacha20('s');
  assert.deepEqual(
    zero,
    plainCounts(6, 50, (cards) => shuffle(cards, rng0)),
  );
  assert.notDeepEqual(zero, counts);
  const swapAny = createCounts(5);
  seededTrials({ kind: 'catalog', name: 'swap-any' })(swapAny, { seed: 'c', trials: 40 });
  const entry = catalogEntry('swap-any');
  const rngC = chacha20('c');
  assert.deepEqual(
    swapAny,
    plainCounts(5, 40, (cards) => (entry.run(cards, rngC) as number[] | undefined) ?? cards),
  );
});

test("user code gets the run's stream as Math.random — never the source — and Math.random comes back", () => {
  const original = Math.random;
  const seen: unknown[] = [];
  const user = (cards: number[], ...rest: unknown[]) => {
    seen.push(...rest);
    // sort(() => Math.random() - 0.5): the founding documents' favourite, drawing only Math.random.
    return cards.sort(() => Math.random() - 0.5);
  };
  const counts = createCounts(5);
  assert.equal(
    seededTrials({ kind: 'user', shuffle: user })(counts, { seed: 'u', stream: 1, trials: 30 }),
    undefined,
  );
  assert.equal(Math.random, original, 'Math.random restored');
  assert.deepEqual(seen, [], 'the user function is handed the cards only');
  const random = seededMathRandom(chacha20('u', 1));
  assert.deepEqual(
    counts,
    plainCounts(5, 30, (cards) => cards.sort(() => random() - 0.5)),
  );
  // The same seed replays the same counts; a throw is a failure with its trial, and still restores.
  const again = createCounts(5);
  seededTrials({ kind: 'user', shuffle: user })(again, { seed: 'u', stream: 1, trials: 30 });
  assert.deepEqual(again, counts);
  let calls = 0;
  const failure = seededTrials({
    kind: 'user',
    shuffle: (cards) => {
      if (++calls === 4) throw new Error('boom');
      return cards;
    },
  })(createCounts(3), { seed: 'x', trials: 10 });
  assert.deepEqual(failure, { kind: 'threw', message: 'boom', trial: 3 });
  assert.equal(Math.random, original, 'Math.random restored after a throw');
  // fairdeal's own shuffle does not touch Math.random at all.
  let drew = 0;
  Math.random = () => {
    drew++;
    return original();
  };
  try {
    seededTrials({ kind: 'fairdeal' })(createCounts(4), { seed: 'f', trials: 20 });
  } finally {
    Math.random = original;
  }
  assert.equal(drew, 0);
});

test('an unknown catalogue name is refused when the subject is resolved, before any run', () => {
  assert.throws(() => seededTrials({ kind: 'catalog', name: 'no-such' }), {
    code: 'BAD_OPTION',
    message: /no-such/,
  });
});

test('progress: at most once per progressMs on the clock it is given, checked every 16 trials', () => {
  let clock = 0;
  const reports: number[] = [];
  seededTrials({ kind: 'fairdeal' })(createCounts(4), {
    seed: 'p',
    trials: 160,
    now: () => {
      clock += 10; // each look at the clock: 10 ms later
      return clock;
    },
    progressMs: 25,
    onProgress: (done) => reports.push(done),
  });
  // Looks at 16, 32, …, 160 trials: the clock reads 20, 30, … (10 at the start); a report
  // whenever more than 25 ms passed since the last one.
  assert.deepEqual(reports, [48, 96, 144]);
  const every: number[] = [];
  seededTrials({ kind: 'fairdeal' })(createCounts(4), {
    seed: 'p',
    trials: 40,
    onProgress: (done) => every.push(done),
  });
  assert.deepEqual(every, [16, 32]);
});
