// Latency buckets in seconds: a draw takes well under a millisecond on SQLite, a PostgreSQL change
// a few; the top buckets catch stalls.
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;
// A store call: a SQLite read takes tens of microseconds, so the store's buckets start lower.
const STORE_BUCKETS = [
  0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5,
] as const;
const METHODS = new Set(['GET', 'POST', 'HEAD', 'OPTIONS', 'DELETE', 'PUT', 'PATCH']);
// The window in which a refused client counts as rate-limited (the gauge's "now").
const LIMITED_WINDOW_MS = 60_000;
const MAX_LIMITED = 100_000;

interface Histogram {
  readonly counts: number[];
  sum: number;
  count: number;
}

/** What {@link Metrics.render} adds from elsewhere: tables by phase (absent when unknown). */
export interface MetricsExtra {
  readonly tablesByPhase?: Readonly<Record<string, number>> | undefined;
}

/** The service's counters, gauges and histograms, rendered in the Prometheus text format. */
export interface Metrics {
  /**
   * One answered request: `route` is the route's pattern (`/v1/tables/:id/actions`), never the
   * path — a path holds deck and table ids, which must not become labels (each would be a new
   * series, and a deck id is the deck's only key).
   */
  request(route: string, method: string, status: number, seconds: number): void;
  /** A request refused with 429; `client` only counts distinct clients, it is never shown. */
  rateLimited(client: string): void;
  /** One store call (http/timed-store.ts): the store, its method, seconds, and whether it threw. */
  storeOperation(store: string, op: string, seconds: number, failed: boolean): void;
  /** An event stream opened; call the returned function once when it ends. */
  streamOpened(): () => void;
  /** The exposition (text format 0.0.4). */
  render(extra?: MetricsExtra): string;
}

// Adds one observation to the histogram kept under `key`.
function observe(
  all: Map<string, Histogram>,
  key: string,
  buckets: readonly number[],
  seconds: number,
): void {
  let h = all.get(key);
  if (h === undefined) {
    h = { counts: buckets.map(() => 0), sum: 0, count: 0 };
    all.set(key, h);
  }
  for (let i = 0; i < buckets.length; i++) if (seconds <= buckets[i]!) h.counts[i]! += 1;
  h.sum += seconds;
  h.count += 1;
}

// One histogram's series: cumulative buckets, +Inf (= count), sum and count.
function histogram(
  out: string[],
  name: string,
  labels: string,
  buckets: readonly number[],
  h: Histogram,
): void {
  buckets.forEach((le, i) => {
    out.push(`${name}_bucket{${labels},le="${le}"} ${h.counts[i]}`);
  });
  out.push(`${name}_bucket{${labels},le="+Inf"} ${h.count}`);
  out.push(`${name}_sum{${labels}} ${h.sum}`);
  out.push(`${name}_count{${labels}} ${h.count}`);
}

// Label values are escaped as the format requires: backslash, double quote, line feed.
function label(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/**
 * Metrics for `/metrics` (docs/DEPLOY.md, "Metrics"), in a few lines of our own: the package
 * has no dependency, and prom-client (the usual choice) is not installed here; the text format
 * is small (https://prometheus.io/docs/instrumenting/exposition_formats/). Labels are routes,
 * methods, statuses and phases only — never an id, a token, or an address.
 *
 * @example
 * ```ts
 * const metrics = createMetrics();
 * metrics.request('/healthz', 'GET', 200, 0.0002);
 * metrics.render(); // '# HELP fairdeal_http_requests_total …'
 * ```
 * @throws never.
 */
export function createMetrics(nowMs: () => number = () => performance.now()): Metrics {
  const requests = new Map<string, number>();
  const latency = new Map<string, Histogram>();
  const storeLatency = new Map<string, Histogram>();
  const storeErrors = new Map<string, number>();
  let limitedTotal = 0;
  let limitedNow = new Set<string>();
  let limitedBefore = new Set<string>();
  let windowStart = nowMs();
  let openStreams = 0;
  const rotate = () => {
    const now = nowMs();
    if (now - windowStart < LIMITED_WINDOW_MS) return;
    // Two windows back nothing is kept; one window back is the previous set.
    limitedBefore = now - windowStart < 2 * LIMITED_WINDOW_MS ? limitedNow : new Set();
    limitedNow = new Set();
    windowStart = now;
  };

  return {
    request: (route, method, status, seconds) => {
      const m = METHODS.has(method) ? method : 'OTHER';
      const key = `route="${label(route)}",method="${m}",status="${status}"`;
      requests.set(key, (requests.get(key) ?? 0) + 1);
      observe(latency, route, BUCKETS, seconds);
    },
    storeOperation: (store, op, seconds, failed) => {
      const key = `store="${label(store)}",op="${label(op)}"`;
      observe(storeLatency, key, STORE_BUCKETS, seconds);
      if (failed) storeErrors.set(key, (storeErrors.get(key) ?? 0) + 1);
    },
    rateLimited: (client) => {
      limitedTotal += 1;
      rotate();
      if (limitedNow.size < MAX_LIMITED) limitedNow.add(client);
    },
    streamOpened: () => {
      openStreams += 1;
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        openStreams -= 1;
      };
    },
    render: (extra = {}) => {
      rotate();
      let limitedClients = limitedNow.size;
      for (const c of limitedBefore) if (!limitedNow.has(c)) limitedClients += 1;
      const out: string[] = [];
      const head = (name: string, type: string, help: string) =>
        out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
      head(
        'fairdeal_http_requests_total',
        'counter',
        'Requests answered, by route, method and status.',
      );
      for (const [key, n] of requests) out.push(`fairdeal_http_requests_total{${key}} ${n}`);
      head(
        'fairdeal_http_request_duration_seconds',
        'histogram',
        'Time to build an answer (for an event stream: to its start), by route.',
      );
      for (const [route, h] of latency) {
        histogram(
          out,
          'fairdeal_http_request_duration_seconds',
          `route="${label(route)}"`,
          BUCKETS,
          h,
        );
      }
      head(
        'fairdeal_store_operation_duration_seconds',
        'histogram',
        'Time of a store call (withDeck/withTable: read, change and write), by store and method.',
      );
      for (const [key, h] of storeLatency) {
        histogram(out, 'fairdeal_store_operation_duration_seconds', key, STORE_BUCKETS, h);
      }
      head(
        'fairdeal_store_errors_total',
        'counter',
        'Store calls that failed (the database refused or was unreachable), by store and method.',
      );
      // Every store call seen gets its series, 0 until it fails (a rate over a missing series
      // would say nothing rather than zero).
      for (const key of storeLatency.keys()) {
        out.push(`fairdeal_store_errors_total{${key}} ${storeErrors.get(key) ?? 0}`);
      }
      head('fairdeal_event_streams_open', 'gauge', 'Event streams open on this process.');
      out.push(`fairdeal_event_streams_open ${openStreams}`);
      head('fairdeal_rate_limited_requests_total', 'counter', 'Requests refused with 429.');
      out.push(`fairdeal_rate_limited_requests_total ${limitedTotal}`);
      head(
        'fairdeal_rate_limited_clients',
        'gauge',
        'Distinct clients refused with 429 in the last one to two minutes.',
      );
      out.push(`fairdeal_rate_limited_clients ${limitedClients}`);
      if (extra.tablesByPhase !== undefined) {
        head(
          'fairdeal_tables',
          'gauge',
          'Tables in the store by the phase of their hand (none: no hand open).',
        );
        for (const [phase, n] of Object.entries(extra.tablesByPhase)) {
          out.push(`fairdeal_tables{phase="${label(phase)}"} ${n}`);
        }
      }
      return `${out.join('\n')}\n`;
    },
  };
}
