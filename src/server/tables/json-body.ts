import type { Context } from 'hono';
import { ApiError } from '../deck/api-error.ts';

/** A request's JSON object and the bytes it came in (for the idempotency fingerprint). */
export interface JsonBody {
  readonly value: Record<string, unknown>;
  readonly bytes: Uint8Array;
}

/**
 * Reads a request's body as one JSON object (an empty body is `{}`), at most `max` bytes, and
 * keeps the bytes it was read from.
 *
 * @example
 * ```ts
 * const { value, bytes } = await readJsonBody(c, 16 * 1024);
 * ```
 * @throws {ApiError} 413 `TOO_LARGE` over `max` bytes, 400 `BAD_JSON` for anything but a JSON object.
 */
export async function readJsonBody(c: Context, max: number): Promise<JsonBody> {
  const tooLarge = () =>
    new ApiError(413, 'TOO_LARGE', `A body holds at most ${max / 1024} KiB here.`);
  // Refused before reading when the client announces too much (no buffering of a huge body).
  if (Number(c.req.header('content-length') ?? 0) > max) throw tooLarge();
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength > max) throw tooLarge();
  // Decoded as Response.text() does (UTF-8, a BOM dropped, bad bytes replaced).
  const text = new TextDecoder().decode(bytes);
  if (text === '') return { value: {}, bytes };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'BAD_JSON', 'The body must be a JSON object.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError(400, 'BAD_JSON', 'The body must be a JSON object.');
  }
  return { value: value as Record<string, unknown>, bytes };
}
