import { ApiError } from '../deck/api-error.ts';

/**
 * A request's body bytes, at most `max`: refused before reading when the client announces more
 * (Content-Length), and as soon as the stream passes `max` otherwise — a huge body is never
 * buffered. The one body reader of both APIs (the deck API's forms and JSON, the tables' JSON).
 * `contentLength` is the header as the caller read it (http/header-of.ts reads it off Node's
 * parsed headers without a Headers object); by default the request's own.
 *
 * @example
 * ```ts
 * const bytes = await readBodyBytes(request, 16 * 1024);
 * ```
 * @throws {ApiError} 413 `BODY_TOO_LARGE` over `max` bytes.
 */
export async function readBodyBytes(
  request: Request,
  max: number,
  contentLength: string | null | undefined = request.headers.get('content-length'),
): Promise<Uint8Array<ArrayBuffer>> {
  const length = contentLength ?? null;
  if (length !== null) {
    if (Number(length) > max) throw tooLarge(max);
    // A body of announced length, at most `max`: Node's parser reads exactly that many bytes, and
    // @hono/node-server reads them straight off the socket for arrayBuffer(), where touching
    // `body` would first build a whole Request and a web stream over the socket (about 3 % of a
    // table action's CPU). The check after is for a Request built in-process with a false length.
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > max) throw tooLarge(max);
    return bytes;
  }
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw tooLarge(max);
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return all;
}

/** A request's JSON object and the bytes it came in (for the idempotency fingerprint). */
export interface JsonBody {
  readonly value: Record<string, unknown>;
  readonly bytes: Uint8Array;
}

/**
 * A request's body as one JSON object (an empty body is `{}`), at most `max` bytes, with the
 * bytes it was read from.
 *
 * @example
 * ```ts
 * const { value, bytes } = await readJsonBody(request, 16 * 1024);
 * ```
 * @throws {ApiError} 413 `BODY_TOO_LARGE` over `max` bytes; 400 `BAD_BODY` for anything but a
 *   JSON object.
 */
export async function readJsonBody(
  request: Request,
  max: number,
  contentLength: string | null | undefined = request.headers.get('content-length'),
): Promise<JsonBody> {
  const bytes = await readBodyBytes(request, max, contentLength);
  // Decoded as Response.text() does (UTF-8, a BOM dropped, bad bytes replaced).
  const text = new TextDecoder().decode(bytes);
  if (text === '') return { value: {}, bytes };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw notAnObject();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw notAnObject();
  return { value: value as Record<string, unknown>, bytes };
}

function tooLarge(max: number): ApiError {
  const size = max % 1024 === 0 ? `${max / 1024} KiB` : `${max} bytes`;
  return new ApiError(413, 'BODY_TOO_LARGE', `A body holds at most ${size} here.`);
}

function notAnObject(): ApiError {
  return new ApiError(400, 'BAD_BODY', 'The body must be a JSON object.');
}
