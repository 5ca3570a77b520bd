/** Settings of {@link createRateLimiter}. `perSecond: 0` turns limiting off. */
export interface RateLimit {
  readonly perSecond: number;
  readonly burst: number;
}

/**
 * A token bucket per client: `burst` requests at once, refilled at `perSecond`. Answers how many
 * seconds to wait (0 = go ahead). At most `maxClients` buckets are kept: when full, buckets that
 * have refilled completely (idle clients) are dropped, and if none has, all are (a flood of
 * addresses must not exhaust memory).
 *
 * @example
 * ```ts
 * const limit = createRateLimiter({ perSecond: 50, burst: 100 }, () => performance.now());
 * limit('127.0.0.1'); // 0
 * ```
 * @throws {RangeError} for negative or non-finite settings.
 */
export function createRateLimiter(
  { perSecond, burst }: RateLimit,
  nowMs: () => number,
  maxClients = 100_000,
): (client: string) => number {
  if (!(perSecond >= 0 && Number.isFinite(perSecond)) || !(burst >= 1 && Number.isFinite(burst))) {
    throw new RangeError('rate limit: perSecond ≥ 0 and burst ≥ 1');
  }
  if (perSecond === 0) return () => 0;
  const buckets = new Map<string, { tokens: number; at: number }>();
  return (client) => {
    const now = nowMs();
    let b = buckets.get(client);
    if (b === undefined) {
      if (buckets.size >= maxClients) prune(buckets, now, perSecond, burst, maxClients);
      b = { tokens: burst, at: now };
      buckets.set(client, b);
    } else {
      b.tokens = Math.min(burst, b.tokens + ((now - b.at) / 1000) * perSecond);
      b.at = now;
    }
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / perSecond));
  };
}

function prune(
  buckets: Map<string, { tokens: number; at: number }>,
  now: number,
  perSecond: number,
  burst: number,
  maxClients: number,
): void {
  for (const [key, b] of buckets) {
    if (b.tokens + ((now - b.at) / 1000) * perSecond >= burst) buckets.delete(key);
  }
  if (buckets.size >= maxClients) buckets.clear();
}
