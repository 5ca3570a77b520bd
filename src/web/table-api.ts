// The tables API (/v1, docs/TABLES.md) as the table view uses it. A seat's token only ever travels
// in `Authorization: Bearer`, never in a URL; EventSource (which cannot send headers) gets a
// one-use ticket instead.

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
  let parsed: Record<string, unknown> = {};
  try {
    parsed = (await response.json()) as Record<string, unknown>;
  } catch {
    // a body that is not JSON: the status says enough
  }
  if (!response.ok) throw new TableApiError(response.status, parsed);
  return parsed;
}
