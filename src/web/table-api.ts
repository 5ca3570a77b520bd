// The tables API (/v1, docs/TABLES.md) as the table view uses it. A seat's token only ever travels
// in `Authorization: Bearer`, never in a URL; EventSource (which cannot send headers) gets a
// one-use ticket instead.

/** The service's clock minus this browser's, when they differ by more than the Date header's
 *  one-second resolution can tell (else 0). */
let clockOffset = 0;

/**
 * The service's clock as best this page can tell (ms since the epoch): deadlines are the
 * service's, and a browser whose clock runs minutes off must not offer to void a hand early (the
 * service would refuse) or late.
 *
 * @example
 * ```ts
 * const left = hand.deadline - serverNow();
 * ```
 */
export function serverNow(): number {
  return Date.now() + clockOffset;
}

function noteServerClock(response: Response): void {
  const date = Date.parse(response.headers.get('date') ?? '');
  if (!Number.isFinite(date)) return;
  // The header is whole seconds, rounded down: a clock in step reads 0 to 1 s behind it.
  const skew = date + 500 - Date.now();
  clockOffset = Math.abs(skew) > 2_000 ? skew : 0;
}

/** An error answer of the service: its stable code and, for the rules, the reason. */
export class TableApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly reason: string | undefined;
  readonly body: Record<string, unknown>;
  constructor(status: number, body: Record<string, unknown>) {
    const reason = typeof body.reason === 'string' ? body.reason : undefined;
    const text = typeof body.error === 'string' ? body.error : `HTTP ${status}`;
    super(reason === undefined ? text : `${text} — ${reason}`);
    this.name = 'TableApiError';
    this.status = status;
    this.code = typeof body.code === 'string' ? body.code : 'HTTP';
    this.reason = reason;
    this.body = body;
  }
}

/**
 * One JSON request to the service with the token as a bearer (or none).
 *
 * @example
 * ```ts
 * const { table } = await apiRequest('GET', `/v1/tables/${id}`, token);
 * ```
 * @throws {TableApiError} for any answer that is not 2xx.
 */
export async function apiRequest(
  method: 'GET' | 'POST',
  path: string,
  token: string | null,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const init: RequestInit = { method, headers, cache: 'no-store', credentials: 'omit' };
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await fetch(path, init);
  noteServerClock(response);
  let parsed: Record<string, unknown> = {};
  try {
    parsed = (await response.json()) as Record<string, unknown>;
  } catch {
    // a body that is not JSON: the status says enough
  }
  if (!response.ok) throw new TableApiError(response.status, parsed);
  return parsed;
}
