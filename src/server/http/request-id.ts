import type { RandomSource } from '../../index.ts';

// A client's own id is kept only when it is short and plain: it goes into every log line of the
// request and back in the answer's header. Longer than a UUID (36) or outside these characters,
// it is replaced — so the header cannot carry a line break, markup, or a bearer token (43+
// characters) into the log.
const CLIENT_ID = /^[A-Za-z0-9._:-]{1,36}$/;

/**
 * The maker of request ids: the client's `X-Request-Id` when it is short and safe (a proxy's
 * id follows the request through), else this process's prefix and a counter — unique without
 * a random draw per request, and never reused by another process (the prefix is drawn from
 * `source` once).
 *
 * @example
 * ```ts
 * const idOf = requestIds(secureRandom);
 * idOf('abc-123'); // 'abc-123'
 * idOf('x\nforged'); // e.g. '3kq9z0a1b2c3-1'
 * ```
 * @throws never.
 */
export function requestIds(source: RandomSource): (fromClient: string | undefined) => string {
  const prefix =
    source.nextUint32().toString(36).padStart(7, '0') +
    source.nextUint32().toString(36).padStart(7, '0');
  let n = 0;
  return (fromClient) => {
    if (fromClient !== undefined && CLIENT_ID.test(fromClient)) return fromClient;
    n += 1;
    return `${prefix}-${n.toString(36)}`;
  };
}
