// The tables API (/v1, docs/TABLES.md) as the page uses it: fairdeal/client on this page's
// origin, with the browser's fetch. A seat's token only ever travels in `Authorization: Bearer`,
// never in a URL: the client's event stream is a fetch that sends that header, so no ticket.
import { type TablesClient, tablesClient } from '../client/index.ts';

let client: TablesClient | null = null;

/**
 * The page's client of the tables API (this origin): actions carry an Idempotency-Key and a lost
 * answer is asked again with it; the event stream resumes where it stopped.
 *
 * @example
 * ```ts
 * const table = await api().getTable(id, token);
 * ```
 */
export function api(): TablesClient {
  client ??= tablesClient({ baseUrl: location.origin });
  return client;
}

/**
 * The service's clock as best this page can tell (ms since the epoch): deadlines are the
 * service's, and a browser whose clock runs minutes off must not offer to void a hand early (the
 * service would refuse) or late. The client measures the Date header's skew; the page takes it
 * only when it is more than the header's one-second resolution can tell.
 *
 * @example
 * ```ts
 * const left = hand.deadline - serverNow();
 * ```
 */
export function serverNow(): number {
  const skew = client?.clockSkewMs ?? 0;
  return Date.now() + (Math.abs(skew) > 2_000 ? skew : 0);
}
