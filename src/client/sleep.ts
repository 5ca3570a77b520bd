/**
 * Waits `ms`, or less if `signal` aborts (then rejects with its reason).
 *
 * @example
 * ```ts
 * await sleep(250, AbortSignal.timeout(5000));
 * ```
 * @throws the signal's reason once it aborts.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const done = () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
