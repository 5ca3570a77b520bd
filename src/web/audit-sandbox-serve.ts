// The pasted shuffle's side of an audit, run inside the sandbox worker (audit-sandbox.ts): it only
// answers the trusted worker's asks with permutations. It counts nothing and decides nothing —
// the trusted worker checks each permutation and counts the trials itself
// (audit-sandbox-tally.ts) — so pasted code that sends something else gains nothing by it.
import { checkPermutation, seededMathRandom } from '../audit/browser.ts';
import { chacha20 } from '../index.ts';
import type { SandboxAsk, SandboxReply } from './audit-protocol.ts';

/** The sandbox's end of the channel to the trusted worker. */
export interface SandboxPort {
  postMessage(message: SandboxReply, transfer?: Transferable[]): void;
  addEventListener(type: 'message', fn: (event: { data: SandboxAsk }) => void): void;
  start(): void;
}

/** Most permutations in one message. */
const BATCH = 512;
/**
 * A batch is sent after this long even when not full, so that a slow shuffle still shows
 * progress (the page stops a run whose trusted worker is silent for 5 s).
 */
const BATCH_MS = 100;
/**
 * After `finish` or a failure, how long the sandbox waits before saying so: long enough for the
 * policy violations of the last trials (their events are queued as tasks of their own) to be
 * passed on first.
 */
const END_DELAY_MS = 50;

/**
 * An exception's one-line message; pasted code may throw anything, even an object whose
 * `toString` throws.
 *
 * @example
 * ```ts
 * thrownMessage(new RangeError('no')); // 'no'
 * ```
 * @throws never.
 */
export function thrownMessage(error: unknown): string {
  try {
    return error instanceof Error ? String(error.message) : String(error);
  } catch {
    return 'an exception that cannot be printed';
  }
}

/**
 * Serves trials of `shuffle` over `port`: for each `more` ask, that many permutations of the cards
 * 0 … n−1 (n bytes each), drawn as the Node runner and `seededTrials` draw them — a fresh
 * `[0, …, n−1]` per trial, `Math.random` replaced by `chacha20(seed)`'s stream while the code
 * runs, its answer (or the array, for an in-place shuffle) checked with `checkPermutation` — so
 * one seed gives the same counts here as there. Stops at the first throw or non-permutation and
 * says which; answers `finish` with `end`.
 *
 * @example
 * ```ts
 * serveTrials(port, (a) => a.reverse(), 52, freshSeed());
 * ```
 * @throws never (a throwing shuffle is reported over the port).
 */
export function serveTrials(
  port: SandboxPort,
  shuffle: (cards: number[]) => unknown,
  n: number,
  seed: string,
  now: () => number = () => performance.now(),
): void {
  const random = seededMathRandom(chacha20(seed));
  const seen = new Uint8Array(n);
  let owed = 0;
  let stopped = false;

  const batch = (size: number): void => {
    const orders = new Uint8Array(size * n);
    let k = 0;
    let failure: SandboxReply | undefined;
    const started = now();
    const saved = Math.random;
    Math.random = random;
    try {
      while (k < size) {
        const cards = new Array<number>(n);
        for (let i = 0; i < n; i++) cards[i] = i;
        let out: unknown;
        try {
          out = shuffle(cards);
        } catch (error) {
          failure = { type: 'threw', message: thrownMessage(error) };
          break;
        }
        const order = out === undefined ? cards : out;
        const problem = checkPermutation(order, n, seen);
        if (problem !== undefined) {
          failure = { type: 'not-a-permutation', message: problem };
          break;
        }
        orders.set(order as ArrayLike<number>, k * n);
        k++;
        if (now() - started > BATCH_MS) break;
      }
    } finally {
      Math.random = saved;
    }
    if (k > 0) {
      const sent = k === size ? orders : orders.slice(0, k * n);
      port.postMessage({ type: 'orders', orders: sent }, [sent.buffer]);
    }
    owed -= k;
    if (failure !== undefined) {
      stopped = true;
      // Late, as `end` is: the refusals of this batch (a throwing importScripts) go first.
      const said = failure;
      setTimeout(() => port.postMessage(said), END_DELAY_MS);
    }
  };

  port.addEventListener('message', (event) => {
    const ask = event.data;
    if (stopped) return;
    if (ask?.type === 'finish') {
      stopped = true;
      setTimeout(() => port.postMessage({ type: 'end' }), END_DELAY_MS);
      return;
    }
    if (ask?.type !== 'more' || !Number.isInteger(ask.count) || ask.count < 1) return;
    owed += ask.count;
    while (owed > 0 && !stopped) batch(Math.min(owed, BATCH));
  });
  port.start();
}
