import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { stripTypeScriptTypes } from 'node:module';
import { join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('../../', import.meta.url)));

/**
 * Serves `page` at / and the library's sources under /src/ with their types stripped by Node's
 * own stripTypeScriptTypes (no bundler that could hide a node: import), on loopback; records
 * every path asked for.
 */
export function serveSources(
  page: string,
): Promise<{ url: string; close: () => void; requested: string[] }> {
  const requested: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requested.push(path);
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      return;
    }
    const file = normalize(join(ROOT, path));
    if (!file.startsWith(join(ROOT, 'src')) || !file.endsWith('.ts') || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    const js = stripTypeScriptTypes(readFileSync(file, 'utf8'), { mode: 'strip' });
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(js);
  });
  return new Promise((done) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      done({ url: `http://127.0.0.1:${port}/`, close: () => server.close(), requested });
    });
  });
}
