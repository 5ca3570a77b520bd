import type { ServerOptions } from 'node:http';
import type { ServerConfig } from '../config.ts';

/** The largest request head (request line and headers) Node reads: 16 KiB, Node's default. */
export const MAX_HEADER_BYTES = 16 * 1024;

/**
 * node:http's server options for the configured timeouts. Node checks request and header
 * timeouts only every `connectionsCheckingInterval` (30 s by default), so a 30 s timeout closed
 * a stalled upload after up to 60 s and a 10 s one stalled headers after 19–29 s (issue 27):
 * the interval here is a tenth of the shorter timeout (at most 1 s, at least 10 ms), so a
 * timeout happens within a tenth of its value after it is due.
 *
 * @example
 * ```ts
 * serverTimeouts({ requestTimeoutMs: 30_000, headersTimeoutMs: 10_000 }).connectionsCheckingInterval; // 1000
 * ```
 * @throws never.
 */
export function serverTimeouts(
  config: Pick<ServerConfig, 'requestTimeoutMs' | 'headersTimeoutMs'>,
): ServerOptions & {
  requestTimeout: number;
  headersTimeout: number;
  connectionsCheckingInterval: number;
} {
  const requestTimeout = config.requestTimeoutMs;
  const headersTimeout = Math.min(config.headersTimeoutMs, requestTimeout);
  return {
    requestTimeout,
    headersTimeout,
    connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(headersTimeout / 10))),
    // Keep-alive connections from load tools are many; an idle one is closed after 5 s.
    keepAliveTimeout: 5_000,
    maxHeaderSize: MAX_HEADER_BYTES,
  };
}
