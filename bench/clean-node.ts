// The clean way to time the shuffles in Node: every contender (fairdeal's two sources, the plain
// loop, the floor, each peer) in a fresh process of its own that only ever shuffles the one array
// of the case (bench/contender-process.ts). The processes wait on their parent, which has them
// warm up one after another and then time one round each, one at a time, in an order that
// rotates: ratios are still taken within a round, while no contender's type feedback has seen
// anything but its own array.
import { type ChildProcess, fork } from 'node:child_process';
import { CONTENDERS, type Kind } from './contenders.ts';
import { activeFor } from './loops.ts';
import { interleave } from './timing.ts';

type Reply = { ready?: true; warm?: true; rate?: number; error?: string };

/** The next message of `child` (rejects on an `error` reply or an early exit). */
function nextReply(child: ChildProcess): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: Reply) => {
      child.off('exit', onExit);
      if (m.error !== undefined) reject(new Error(m.error));
      else resolve(m);
    };
    const onExit = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`a contender's process exited (${code}) before it replied`));
    };
    child.once('message', onMessage);
    child.once('exit', onExit);
  });
}

/**
 * Rates per contender name, round by round, for `kind` at `n` items, each contender in its own
 * process.
 *
 * @example
 * const rates = await measureClean('Array', 52, 3, 25);
 * rates['plain Math.random loop']; // three rates, shuffles per second
 */
export async function measureClean(
  kind: Kind,
  n: number,
  rounds: number,
  budgetMs: number,
): Promise<Record<string, number[]>> {
  const active = activeFor(CONTENDERS, kind, n);
  const script = new URL('./contender-process.ts', import.meta.url);
  const children = active.map((c) =>
    fork(script, [c.name, kind, String(n), String(budgetMs)], { stdio: 'inherit' }),
  );
  try {
    // Started together (nothing is timed before every one is ready).
    await Promise.all(children.map(nextReply));
    const ask = async (child: ChildProcess, m: 'warm' | 'measure') => {
      const reply = nextReply(child);
      child.send(m);
      return reply;
    };
    const rates = await interleave(
      children.map((child) => ({
        warm: async () => {
          await ask(child, 'warm');
        },
        measure: async () => (await ask(child, 'measure')).rate!,
      })),
      rounds,
    );
    return Object.fromEntries(active.map((c, i) => [c.name, rates[i]!]));
  } finally {
    for (const child of children) child.kill();
  }
}
