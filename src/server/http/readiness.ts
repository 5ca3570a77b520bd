import { secureRandom } from '../../index.ts';
import { newDeck } from '../deck/new-deck.ts';
import type { Notifier } from '../notifier.ts';
import type { Store } from '../store/store.ts';

/** What `/readyz` answers: ready or not, and each check's result. */
export interface Readiness {
  readonly ok: boolean;
  /** `ok`, or what failed: `failed`, `timeout`, `disconnected`. */
  readonly store: 'ok' | 'failed' | 'timeout';
  readonly notifier: 'ok' | 'disconnected';
}

/** Options of {@link createReadiness}. */
export interface ReadinessOptions {
  readonly store: Store;
  readonly notifier?: Notifier | undefined;
  /** How long one answer is reused (default 500 ms): a flood of probes costs one check. */
  readonly cacheMs?: number;
  /** A check that takes longer is a failure (default 450 ms): a stuck store is not ready. */
  readonly timeoutMs?: number;
  /** Milliseconds, monotonic (default performance.now). */
  readonly now?: () => number;
}

// The probe's own row: a one-card deck under an id no request can name (deck ids are
// [a-z0-9]{1,64}: routes/deck-access.ts answers 404 for any other shape), so it is nobody's data
// and no client can read or change it. Several processes on one database share it: their writes
// are ordinary versioned changes, which never lose one another.
export const PROBE_DECK_ID = '_readyz';

async function probe(store: Store): Promise<void> {
  // A real write (a transaction that updates a row) and a real read, on the same tables and
  // connections the API uses: a file made read-only or immutable, a full disk, a database in
  // recovery or read-only all fail here, where a `SELECT 1` would still answer.
  let changed = await store.withDeck(PROBE_DECK_ID, (deck) => ({ next: deck, result: true }));
  if (!changed.found) {
    const deck = newDeck(
      PROBE_DECK_ID,
      { deckCount: 1, jokers: false, codes: ['AS'], shuffle: false },
      secureRandom,
    );
    await store.createDeck(deck); // false: another process made it first, which is as good
    changed = await store.withDeck(PROBE_DECK_ID, (d) => ({ next: d, result: true }));
    if (!changed.found) throw new Error('the probe row was not kept');
  }
  if ((await store.readDeck(PROBE_DECK_ID)) === undefined) throw new Error('probe row unread');
}

/**
 * The readiness check behind `/readyz` (docs/DEPLOY.md, "Health checks"): a write and a read of
 * the probe's own row, and on PostgreSQL whether the LISTEN connection is up (without it event
 * streams on this process miss other processes' changes). One check at a time: probes arriving
 * while one runs, or within `cacheMs` of its answer, get that answer. A store that fails or
 * hangs turns the answer to not ready within `cacheMs + timeoutMs` (under 1 s by default), and the
 * next check after it recovers turns it back, with no restart.
 *
 * @example
 * ```ts
 * const ready = createReadiness({ store });
 * (await ready()).ok; // true
 * ```
 * @throws never; a failure is an answer with `ok: false`.
 */
export function createReadiness(options: ReadinessOptions): () => Promise<Readiness> {
  const cacheMs = options.cacheMs ?? 500;
  const timeoutMs = options.timeoutMs ?? 450;
  const now = options.now ?? (() => performance.now());
  let last: { at: number; value: Readiness } | undefined;
  let running: Promise<Readiness> | undefined;

  const check = async (): Promise<Readiness> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const store = await Promise.race([
      probe(options.store).then(
        () => 'ok' as const,
        () => 'failed' as const,
      ),
      timedOut,
    ]);
    clearTimeout(timer);
    const notifier = options.notifier?.connected?.() === false ? 'disconnected' : 'ok';
    return { ok: store === 'ok' && notifier === 'ok', store, notifier };
  };

  return () => {
    if (last !== undefined && now() - last.at < cacheMs) return Promise.resolve(last.value);
    running ??= check().then((value) => {
      last = { at: now(), value };
      running = undefined;
      return value;
    });
    return running;
  };
}
