import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Precompressed, readPrecompressed } from './precompressed.ts';
import { precompressedResponse } from './precompressed-response.ts';

/**
 * The page's policy: everything from this origin, nothing inline, nothing from anywhere else
 * (no CDN, no fonts, no beacons). `worker-src 'self'` lets the audit view start its worker.
 */
export const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; font-src 'self'; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/**
 * The trusted audit worker's own policy (a worker's CSP is the one delivered with its script):
 * nothing but WebAssembly, which its chacha20 streams use (docs/RANDOM.md: about twice as fast
 * on an audit's long streams). It compiles no JavaScript and fetches nothing.
 */
export const WORKER_CSP = "default-src 'none'; script-src 'wasm-unsafe-eval'";

/**
 * The policy of the sandbox a pasted shuffle runs in (src/web/audit-sandbox.ts): `eval`, to
 * compile the person's own code in their own browser, and nothing else. No script source at all,
 * not even `'self'` (with it, a pasted dynamic import of /api/deck/new/shuffle/ reached the
 * service), so dynamic imports and `importScripts` are refused; no worker; no connection. The
 * directives that `default-src 'none'` already covers are spelled out so that the policy says
 * what it promises. Measured in Chromium by test/browser/audit-sandbox.test.ts. (The `sandbox`
 * directive would also make the worker's origin opaque, but Chromium 156 crashes the page's
 * renderer when a worker's response carries it.)
 */
export const SANDBOX_CSP =
  "default-src 'none'; script-src 'unsafe-eval'; worker-src 'none'; connect-src 'none'";

/**
 * The policy of a dark table's worker (src/web/dark-worker.ts), which holds a seat's key secret
 * and step seed: no connection, no further script, no WebAssembly — the worker is one script and
 * answers only its page, so nothing it holds can be sent anywhere else, even by a bug.
 */
export const DARK_WORKER_CSP = "default-src 'none'";

/** Each worker's policy by file name; every other file gets the page's. */
const WORKER_POLICIES: Readonly<Record<string, string>> = {
  'audit-worker.js': WORKER_CSP,
  'audit-sandbox.js': SANDBOX_CSP,
  'dark-worker.js': DARK_WORKER_CSP,
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** One built file: its bytes and the compressed forms the build wrote, its type and policy. */
export interface WebFile extends Precompressed {
  readonly type: string;
  readonly csp: string;
}

/** The built page: `index.html` and the assets under /web/. */
export type WebPage = ReadonlyMap<string, WebFile>;

/** The folder `npm run build:web` writes (the repository's dist-web/). */
export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../dist-web/', import.meta.url));

const cache = new Map<string, WebPage | undefined>();

/**
 * Loads the built page from `dir` with the brotli and gzip forms the build wrote beside each file
 * (tools/build-web.ts), or `undefined` when the page has not been built (the service then shows
 * its placeholder page). Nothing is compressed here: compressing the page at start cost about
 * 2 s of CPU before the service listened. Loaded once per folder per process.
 *
 * @example
 * ```ts
 * loadWebPage()?.get('index.html')?.type; // 'text/html; charset=utf-8'
 * ```
 * @throws {Error} if the folder exists but cannot be read.
 */
export function loadWebPage(dir = DEFAULT_WEB_DIR): WebPage | undefined {
  if (cache.has(dir)) return cache.get(dir);
  let page: Map<string, WebFile> | undefined;
  if (existsSync(join(dir, 'index.html'))) {
    page = new Map();
    for (const name of readdirSync(dir)) {
      const type = TYPES[name.slice(name.lastIndexOf('.'))];
      if (type === undefined) continue;
      const file = readPrecompressed(join(dir, name));
      if (file === undefined) continue;
      page.set(name, { ...file, type, csp: WORKER_POLICIES[name] ?? PAGE_CSP });
    }
  }
  cache.set(dir, page);
  return page;
}

/**
 * The answer for one built file: the smallest form the client accepts, its policy, and 304 when
 * the client's copy is current. Files are revalidated on every load (`no-cache`): names are not
 * content-hashed, and a revalidation over loopback costs less than a stale page.
 *
 * @example
 * ```ts
 * webResponse(file, request.headers);
 * ```
 * @throws never.
 */
export function webResponse(
  file: WebFile,
  headers: Headers,
  extra: Readonly<Record<string, string>> = {},
): Response {
  return precompressedResponse(file, headers, {
    ...extra,
    'Content-Type': file.type,
    'Content-Security-Policy': file.csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cache-Control': 'no-cache',
  });
}
