/** Receives one store call's duration: which store, which method, seconds, and whether it failed. */
export type StoreObserver = (store: string, op: string, seconds: number, failed: boolean) => void;

/**
 * The store as it is, each method call timed for `/metrics` (`fairdeal_store_operation_duration_seconds`):
 * the time a route waits on the store, the read, the pure change and the write of a
 * `withDeck`/`withTable` together (and for tables, sealing and opening). Labels are the store's
 * name and the method's — a fixed set, never an argument. `close` is not timed.
 *
 * @example
 * ```ts
 * const decks = timedStore(store, 'decks', (s, op, seconds, failed) => metrics.storeOperation(s, op, seconds, failed));
 * ```
 * @throws what the store's methods throw, unchanged.
 */
export function timedStore<S extends object>(store: S, name: string, observe: StoreObserver): S {
  const timed = new Map<PropertyKey, unknown>();
  return new Proxy(store, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop);
      if (typeof value !== 'function' || typeof prop !== 'string' || prop === 'close') return value;
      let wrapped = timed.get(prop);
      if (wrapped === undefined) {
        const method = value as (...args: unknown[]) => unknown;
        wrapped = (...args: unknown[]) => {
          const t0 = performance.now();
          const done = (failed: boolean) =>
            observe(name, prop, (performance.now() - t0) / 1000, failed);
          let result: unknown;
          try {
            result = method.apply(target, args);
          } catch (error) {
            done(true);
            throw error;
          }
          if (!(result instanceof Promise)) {
            done(false);
            return result;
          }
          return result.then(
            (v) => {
              done(false);
              return v;
            },
            (error: unknown) => {
              done(true);
              throw error;
            },
          );
        };
        timed.set(prop, wrapped);
      }
      return wrapped;
    },
  });
}
