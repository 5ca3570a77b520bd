import { createHash } from 'node:crypto';

/**
 * The fingerprint an answer kept under an Idempotency-Key is checked against: SHA-256 (hex) of
 * the method, the path and the body's bytes exactly as they came. A retry resends the same bytes
 * (clients and their retry layers resend the buffer they sent), so it matches; any other request
 * under the same key does not, and is refused with 422 rather than answered with the first
 * request's answer (as Stripe does: a key "compares incoming parameters to those of the original
 * request"). Raw bytes rather than a canonical form of the JSON: a canonical form must decide which
 * differences do not matter (key order, spacing, number spelling, a key given twice), and a
 * mistake there would answer a different request from the store; with bytes, a client that
 * re-serialises its retry differently is refused (422) and sends it with a new key — never an
 * action taken, or skipped, by mistake.
 *
 * @example
 * ```ts
 * requestHash('POST', '/v1/tables/abc/actions', new TextEncoder().encode('{"type":"pass","version":3}'));
 * ```
 * @throws never.
 */
export function requestHash(method: string, path: string, body: Uint8Array): string {
  // A method and a path hold no line break, so the fields cannot run into each other.
  return createHash('sha256').update(`${method}\n${path}\n`, 'utf8').update(body).digest('hex');
}
