/** How {@link autoBatch} groups calls. */
export interface AutoBatchOptions<I> {
  /** Batches run at once; a call made while all are running waits for the next batch. */
  readonly maxInFlight: number;
  /** Items in one batch at most. */
  readonly maxBatch: number;
  /** Items with the same key never share a batch (the later one waits for the next). */
  readonly key?: (item: I) => string;
  /**
   * Whether a batch of several items that failed with `error` changed nothing for sure, so that
   * each item may run again alone (default: never; every item then gets the error).
   */
  readonly rerunAlone?: (error: unknown) => boolean;
}

interface Waiting<I, O> {
  readonly item: I;
  readonly resolve: (value: O) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Turns `run`, which answers a batch of items in one go, into a function of one item, and
 * groups the items that arrive while earlier batches are in flight: under light load every call
 * runs alone at once (no added wait), under heavy load the calls that queue behind a busy
 * database share one round trip, one statement and one commit. This is what lets two service
 * processes on one PostgreSQL serve more table actions than the statements per second it can
 * run (docs/DEPLOY.md, "Tables on two processes"): the cost of a statement is mostly per
 * statement (a wake-up of the backend, parse of the message, plan, a commit's WAL flush), not
 * per row.
 *
 * `run` must answer one result per item, in order. If it rejects for a batch of several items
 * and `rerunAlone` says the failure changed nothing (a statement the server refused, and so
 * rolled back), each item runs again alone, so that an error stays with the item that caused it;
 * otherwise (a connection lost: did the commit happen?) every item gets the error.
 *
 * @example
 * ```ts
 * const read = autoBatch((ids: readonly string[]) => readMany(ids), { maxInFlight: 2, maxBatch: 64 });
 * const [a, b] = await Promise.all([read('t1'), read('t2')]); // one readMany(['t1', 't2'])
 * ```
 * @throws {RangeError} if `maxInFlight` or `maxBatch` is not a positive integer. The function it
 * returns rejects with what `run` rejects with for that item.
 */
export function autoBatch<I, O>(
  run: (items: readonly I[]) => Promise<readonly O[]>,
  options: AutoBatchOptions<I>,
): (item: I) => Promise<O> {
  const { maxInFlight, maxBatch, key, rerunAlone = () => false } = options;
  for (const [name, value] of [
    ['maxInFlight', maxInFlight],
    ['maxBatch', maxBatch],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) {
      throw new RangeError(`autoBatch: ${name} must be a positive integer, got ${value}`);
    }
  }
  let queue: Waiting<I, O>[] = [];
  let inFlight = 0;
  let scheduled = false;

  const settle = async (batch: readonly Waiting<I, O>[]): Promise<void> => {
    let results: readonly O[];
    try {
      results = await run(batch.map((w) => w.item));
    } catch (error) {
      if (batch.length > 1 && rerunAlone(error)) await Promise.all(batch.map((w) => settle([w])));
      else for (const w of batch) w.reject(error);
      return;
    }
    if (results.length !== batch.length) {
      // A bug in `run`, after it may have changed something: never run these items again.
      const error = new Error(`autoBatch: ${results.length} results for ${batch.length} items`);
      for (const w of batch) w.reject(error);
      return;
    }
    for (let i = 0; i < batch.length; i++) batch[i]!.resolve(results[i]!);
  };

  const take = (): Waiting<I, O>[] => {
    if (key === undefined || queue.length === 1) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      return batch;
    }
    const batch: Waiting<I, O>[] = [];
    const later: Waiting<I, O>[] = [];
    const keys = new Set<string>();
    for (const w of queue) {
      const k = key(w.item);
      if (batch.length < maxBatch && !keys.has(k)) {
        keys.add(k);
        batch.push(w);
      } else later.push(w);
    }
    queue = later;
    return batch;
  };

  const pump = (): void => {
    scheduled = false;
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = take();
      inFlight++;
      void settle(batch).finally(() => {
        inFlight--;
        pump();
      });
    }
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      // Calls made in the same turn of the event loop go together; a batch then leaves at once.
      if (!scheduled) {
        scheduled = true;
        queueMicrotask(pump);
      }
    });
}
