// The trusted side of a sandboxed audit, run in the audit worker (audit-worker.ts): it asks the
// sandbox for permutations, checks each one and counts the trials itself. Pasted code runs in the
// sandbox with the serving loop (audit-sandbox-serve.ts) and can replace it, so everything that
// arrives here is treated as forged until checked: a message that is not a batch of
// permutations, a permutation that is not one, more permutations than were asked for, or an end
// before the last trial is a broken shuffle, never a verdict.
import {
  type AuditCounts,
  addOrder,
  type BrokenReason,
  checkPermutation,
} from '../audit/browser.ts';
import type { Refusal, SandboxAsk } from './audit-protocol.ts';

/** The trusted worker's end of the channel to the sandbox. */
export interface TallyPort {
  postMessage(message: SandboxAsk): void;
  addEventListener(type: 'message' | 'messageerror', fn: (event: { data: unknown }) => void): void;
  start(): void;
  close(): void;
}

/** What to count, and whom to tell. */
export interface TallyOptions {
  readonly trials: number;
  /** After each accepted batch, with the trials counted so far (the worker throttles). */
  readonly onProgress?: (done: number) => void;
  /** What the sandbox's policy refused (at most {@link MAX_REFUSALS}, each shortened). */
  readonly onRefused?: (refusal: Refusal) => void;
  /** How long to wait for the sandbox's `end` once every trial is counted (default 1 s). */
  readonly endWaitMs?: number;
}

/** Permutations asked for and not yet received, at most: keeps the sandbox a batch ahead. */
const WINDOW = 1024;
/** Refusals passed on per run; more are dropped (pasted code could send them in a loop). */
export const MAX_REFUSALS = 20;

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

/**
 * Counts `options.trials` permutations of the cards 0 … n−1 (n = `counts.n`) from the sandbox at
 * the other end of `port` into `counts`. Resolves with `undefined` once every trial is counted
 * (and the sandbox said `end`, or `endWaitMs` passed), or with why the shuffle is broken: it
 * threw, did not load, or sent anything but the permutations asked for. The port is closed
 * either way. `counts.trials` is this function's own count, never a number the sandbox sent.
 *
 * @example
 * ```ts
 * const counts = createCounts(52);
 * const broken = await tallySandbox(port, counts, { trials: 20_000 });
 * if (broken === undefined) analyzeCounts(counts).verdict;
 * ```
 * @throws never (a bad message is a `BrokenReason`).
 */
export function tallySandbox(
  port: TallyPort,
  counts: AuditCounts,
  options: TallyOptions,
): Promise<BrokenReason | undefined> {
  const { n } = counts;
  const { trials, onProgress, onRefused, endWaitMs = 1_000 } = options;
  const scratch = new Int32Array(n);
  const seen = new Uint8Array(n);
  let done = 0;
  let outstanding = 0;
  let refusals = 0;
  let settled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  return new Promise((resolve) => {
    const settle = (broken: BrokenReason | undefined) => {
      if (settled) return;
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
      port.close();
      resolve(broken);
    };
    const forged = (message: string) => settle({ kind: 'not-a-permutation', message, trial: done });
    const ask = () => {
      const count = Math.min(WINDOW - outstanding, trials - done - outstanding);
      if (count <= 0) return;
      outstanding += count;
      port.postMessage({ type: 'more', count });
    };

    const take = (data: unknown) => {
      if (settled) return;
      const type = (data as { type?: unknown } | null)?.type;
      const m = data as Record<string, unknown>;
      if (type === 'orders') {
        const orders = m.orders;
        if (!(orders instanceof Uint8Array) || orders.length === 0 || orders.length % n !== 0) {
          forged(`the sandbox sent a batch that is not whole permutations of ${n} cards`);
          return;
        }
        const k = orders.length / n;
        if (k > outstanding) {
          forged(
            `the sandbox sent ${k} permutations when ${outstanding} were asked for: the trials are counted here, not there`,
          );
          return;
        }
        for (let i = 0; i < k; i++) {
          const order = orders.subarray(i * n, (i + 1) * n);
          const problem = checkPermutation(order, n, seen);
          if (problem !== undefined) {
            forged(`trial ${done + i}: ${problem}`);
            return;
          }
          addOrder(counts, order, scratch);
        }
        done += k;
        outstanding -= k;
        onProgress?.(done);
        if (done < trials) ask();
        else {
          port.postMessage({ type: 'finish' });
          timer = setTimeout(() => settle(undefined), endWaitMs);
        }
      } else if (type === 'threw' || type === 'not-a-permutation' || type === 'not-loadable') {
        const message = isString(m.message) ? clip(m.message, 300) : 'no message';
        settle(
          type === 'not-loadable' ? { kind: type, message } : { kind: type, message, trial: done },
        );
      } else if (type === 'refused') {
        if (!isString(m.directive) || !isString(m.blocked)) {
          forged('the sandbox sent a malformed message');
          return;
        }
        if (refusals >= MAX_REFUSALS) return;
        refusals++;
        onRefused?.({ directive: clip(m.directive, 40), blocked: clip(m.blocked, 200) });
      } else if (type === 'end') {
        if (done === trials) settle(undefined);
        else forged(`the sandbox ended after ${done} of ${trials} trials`);
      } else {
        const what = isString(type) ? `a “${clip(type, 40)}” message` : 'a message';
        forged(`the sandbox sent ${what}; only permutations are counted, here`);
      }
    };

    port.addEventListener('message', (event) => take(event.data));
    port.addEventListener('messageerror', () =>
      forged('the sandbox sent a message that cannot be read'),
    );
    port.start();
    ask();
  });
}
