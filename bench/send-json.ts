import { type Agent, request } from 'node:http';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read loosely by the benches.
type Json = any;

/**
 * One JSON request over a keep-alive `agent`: the benches' load generator shares the machine's 2
 * cores with the services and PostgreSQL, so it must cost little — node:http on keep-alive
 * connections (a pool per service, as many sockets as requests in flight) costs about a third of
 * the CPU of fetch() per request, measured in bench/tables-pg.ts.
 *
 * @example
 * ```ts
 * const r = await sendJson(agent, 'POST', `${base}/v1/tables`, { preset: 'holdem' });
 * ```
 * @throws what node:http throws (a refused connection, a 10 s timeout, a body that is not JSON).
 */
export function sendJson(
  agent: Agent,
  method: string,
  url: string,
  body?: object,
  token?: string,
): Promise<{ status: number; json: Json }> {
  const payload = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent,
        timeout: 10_000,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(payload),
          ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve({
              status: res.statusCode ?? 0,
              json: JSON.parse(Buffer.concat(chunks).toString()),
            });
          } catch (e) {
            reject(e);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}
