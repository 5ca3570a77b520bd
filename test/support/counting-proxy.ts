import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A reverse proxy on 127.0.0.1 that records every request before passing it on. */
export interface CountingProxy {
  /** The proxy's origin (`http://127.0.0.1:<port>`): load the page from here. */
  readonly url: string;
  /** `METHOD /path?query` of every request that reached the proxy, in order; `UPGRADE …` too. */
  readonly seen: readonly string[];
  /** Cuts every connection open now (an event stream mid-answer too), as a dropped network does. */
  cut(): void;
  close(): Promise<void>;
}

/**
 * Starts a reverse proxy in front of `target` (a service on loopback) that writes down every
 * request — page, workers, WebSocket upgrades — before forwarding it: the server side's own count
 * of what a browser sent, whatever the browser reports. Upgrades are recorded and refused (the
 * service takes none).
 *
 * @example
 * ```ts
 * const proxy = await countingProxy(server.url);
 * await page.goto(`${proxy.url}/`);
 * proxy.seen.filter((r) => r.includes('/api/'));
 * ```
 * @throws {Error} if it cannot listen.
 */
export async function countingProxy(target: string): Promise<CountingProxy> {
  const to = new URL(target);
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const upstream = request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('upgrade', (req, socket) => {
    seen.push(`UPGRADE ${req.url}`);
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    cut: () => server.closeAllConnections(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
