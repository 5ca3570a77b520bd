// The page's side of bench/browser.ts (served to Chromium as it is): shuffles of one case in one
// of the two modes, and the other operations. Mirrors bench/measure.ts (polluted: every
// contender in this page after all ran on every kind) and bench/clean-node.ts (clean: each
// contender in a Web Worker of its own).
import * as fair from '../src/fair/index.ts';
import * as lib from '../src/index.ts';
import { activeFor, type Kind, makeItems, notAPermutation } from './loops.ts';
import { PAGE_CONTENDERS } from './page-contenders.ts';
import { pollute } from './pollute.ts';
import { interleave, type Runner, rateOf, warmUp } from './timing.ts';

type Reply = { ready?: true; warm?: true; rate?: number; error?: string };

/** A contender in a Worker of its own, ready to warm up and time rounds. */
async function workerRunner(
  name: string,
  kind: Kind,
  n: number,
  budgetMs: number,
): Promise<Runner & { close: () => void }> {
  const worker = new Worker(new URL('./page-worker.ts', import.meta.url), { type: 'module' });
  const next = () =>
    new Promise<Reply>((resolve, reject) => {
      worker.onmessage = ({ data }: MessageEvent<Reply>) =>
        data.error === undefined ? resolve(data) : reject(new Error(data.error));
      worker.onerror = (e) => reject(new Error(`${name}: ${e.message}`));
    });
  const ready = next();
  worker.postMessage({ name, kind, n, budgetMs });
  await ready;
  const ask = async (m: 'warm' | 'measure') => {
    const reply = next();
    worker.postMessage(m);
    return reply;
  };
  return {
    warm: async () => {
      await ask('warm');
    },
    measure: async () => (await ask('measure')).rate!,
    close: () => worker.terminate(),
  };
}

/**
 * Rates per contender, round by round, for one case: `clean` (a Worker per contender) or
 * `polluted` (all in this page, after every contender ran on every kind of array).
 *
 * @example
 * await shuffles('clean', 'Array', 52, 3, 30); // { 'fairdeal (secure)': [...], ... }
 */
export async function shuffles(
  mode: 'clean' | 'polluted',
  kind: Kind,
  n: number,
  rounds: number,
  budgetMs: number,
): Promise<Record<string, number[]>> {
  const active = activeFor(PAGE_CONTENDERS, kind, n);
  let runners: (Runner & { close?: () => void })[] = [];
  try {
    if (mode === 'clean') {
      for (const c of active) runners.push(await workerRunner(c.name, kind, n, budgetMs));
    } else {
      const runs = active.map((c) => c.make(n));
      for (const [c, run] of runs.entries()) {
        const why = notAPermutation(run(makeItems(kind, n)), n);
        if (why !== undefined) throw new Error(`${active[c]!.name}: ${why}`);
      }
      const deck = Array.from({ length: 52 }, (_, i) => i);
      pollute(active, runs, () => {
        lib.permutation(52);
        lib.permutation(1000);
        lib.sample(deck, 5);
        lib.toShuffled(new Float64Array(52));
      });
      const input = makeItems(kind, n);
      runners = runs.map((run) => ({
        warm: () => warmUp(run, input, budgetMs),
        measure: () => rateOf(run, input, n, budgetMs),
      }));
    }
    const rates = await interleave(runners, rounds);
    return Object.fromEntries(active.map((c, i) => [c.name, rates[i]!]));
  } finally {
    for (const r of runners) r.close?.();
  }
}

/**
 * Operations per second, interleaved: a fair Dou Dizhu deal, its verify and the keystream alone
 * (1,024 words a call), for this tree and, when given, `base` (the library at another revision).
 *
 * @example
 * operations(3, 30); // [{ op: 'fair Dou Dizhu deal', rates: [...] }, ...]
 */
export function operations(
  rounds: number,
  budgetMs: number,
  base?: { lib: typeof lib; fair: typeof fair },
): { op: string; rates: number[] }[] {
  const rate = (f: () => unknown) => {
    let ops = 0;
    const t0 = performance.now();
    let now = t0;
    do {
      f();
      ops++;
      now = performance.now();
    } while (now - t0 < budgetMs);
    return (ops * 1000) / (now - t0);
  };
  const { transcript } = fair.fairDeal('doudizhu', { clientSeed: 'a' });
  const words = new Uint32Array(1024);
  const seeded = lib.chacha20('browser bench');
  const ops: [string, () => unknown][] = [
    ['fair Dou Dizhu deal', () => fair.fairDeal('doudizhu', { clientSeed: 'a' })],
    ['verify', () => fair.verify(transcript)],
    ['secure fillUint32(1,024 words)', () => lib.secureRandom.fillUint32(words)],
    ['chacha20 fillUint32(1,024 words)', () => seeded.fillUint32(words)],
  ];
  if (base !== undefined) {
    const baseSeeded = base.lib.chacha20('browser bench');
    ops.push(
      ['fair Dou Dizhu deal (base)', () => base.fair.fairDeal('doudizhu', { clientSeed: 'a' })],
      ['verify (base)', () => base.fair.verify(transcript)],
      ['chacha20 fillUint32(1,024 words) (base)', () => baseSeeded.fillUint32(words)],
    );
  }
  for (const [, f] of ops) for (let w = 0; w < 3; w++) rate(f);
  const rates = ops.map(() => [] as number[]);
  for (let k = 0; k < rounds; k++)
    for (let c = 0; c < ops.length; c++) {
      const i = (c + k) % ops.length;
      rates[i]!.push(rate(ops[i]![1]));
    }
  return ops.map(([op], i) => ({ op, rates: rates[i]! }));
}
