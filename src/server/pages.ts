import { PARAMS } from './http/params.ts';
import { API_ROUTES, openApiPath } from './openapi.ts';
import { OTHER_ROUTES } from './routes/other-routes.ts';
import { TABLE_ROUTES } from './tables/routes/table-route-list.ts';

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// Backticks in descriptions become <code>.
function inline(text: string): string {
  return esc(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#222}code,pre{background:#f4f4f4;border-radius:4px;padding:0 .2em}pre{padding:.6em;overflow:auto}h2{margin-top:2rem;border-top:1px solid #ddd;padding-top:1rem}.m{color:#666}';

/**
 * The readable API page at /docs, made from the route definitions (the OpenAPI document's source).
 *
 * @example
 * ```ts
 * docsPage().includes('/api/deck/new/'); // true
 * ```
 * @throws never.
 */
export function docsPage(): string {
  const routes = API_ROUTES.map((r) => {
    const [main, ...legacy] = r.paths.map(openApiPath);
    const params = r.params
      .map((n) => `<li><code>${n}</code>: ${inline(PARAMS[n].description)}</li>`)
      .join('');
    const example = `${r.example.path}${r.example.query === '' ? '' : `?${r.example.query}`}`;
    return `<h2 id="${r.id}">${esc(r.summary)}</h2><p><code>GET|POST ${esc(main ?? '')}</code>${legacy.length > 0 ? ` <span class="m">(also ${legacy.map((l) => `<code>${esc(l)}</code>`).join(', ')})</span>` : ''}</p><p>${inline(r.description)}</p>${params === '' ? '' : `<ul>${params}</ul>`}<p>Example: <code>${esc(example)}</code> → ${r.example.status}</p><pre>${esc(JSON.stringify(r.example.body, null, 2))}</pre>`;
  }).join('\n');
  const others = OTHER_ROUTES.map(
    (o) => `<li><code>GET ${esc(openApiPath(o.path))}</code>: ${inline(o.summary)}</li>`,
  ).join('');
  const tables = TABLE_ROUTES.map((r) => {
    const body = r.body?.json as
      | {
          properties?: Record<string, { description?: string }>;
          required?: string[];
          oneOf?: unknown[];
        }
      | undefined;
    const fields =
      body?.properties === undefined
        ? body?.oneOf === undefined
          ? ''
          : '<p>Body: one action, by <code>type</code> (the table of actions in docs/TABLES.md).</p>'
        : `<ul>${Object.entries(body.properties)
            .map(
              ([k, f]) =>
                `<li><code>${esc(k)}</code>${body.required?.includes(k) ? ' (required)' : ''}${f.description === undefined ? '' : `: ${inline(f.description)}`}</li>`,
            )
            .join('')}</ul>`;
    return `<h3 id="${r.id}">${esc(r.summary)}</h3><p><code>${r.method.toUpperCase()} ${esc(r.path.replace(/:([a-z_]+)/g, '{$1}'))}</code> <span class="m">(who: ${esc(r.auth)}; ${r.ok})</span></p><p>${inline(r.description)}</p>${fields}${r.refusals === undefined ? '' : `<p class="m">Refused: ${inline(r.refusals)}</p>`}`;
  }).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>fairdeal dealer — API</title><meta name="viewport" content="width=device-width,initial-scale=1"><style>${STYLE}</style></head><body><h1>fairdeal dealer — API</h1><p>The <a href="https://deckofcardsapi.com/">Deck of Cards API</a> surface, done right. Every path answers with and without its trailing slash, to GET (parameters in the query string) and to POST (parameters in a form or JSON body only: the query string is ignored, as in the reference), with CORS. Errors are JSON: <code>{"success": false, "error": "…", "code": "…"}</code>. Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p><p>In the examples, <code>{deck_id}</code> is a shuffled deck with 5 cards drawn and <code>{pile}</code> its pile <code>p1</code> holding 2 of them.</p>${routes}<h2>Tables (<code>/v1</code>)</h2><p>fairdeal's own API: seats, fair hands, events (docs/TABLES.md). A token goes in <code>Authorization: Bearer</code>, never in a URL.</p>${tables}<h2>Other paths</h2><ul>${others}</ul></body></html>`;
}

/**
 * The page at `/` (the web page of a later release replaces it).
 *
 * @example
 * ```ts
 * homePage('http://localhost:8080').startsWith('<!doctype html>'); // true
 * ```
 * @throws never.
 */
export function homePage(origin: string): string {
  const o = esc(origin);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>fairdeal dealer</title><meta name="viewport" content="width=device-width,initial-scale=1"><style>${STYLE}</style></head><body><h1>fairdeal dealer</h1><p>A card dealer speaking the Deck of Cards API: every order of the deck exactly equally likely, from a secure source; unguessable deck ids; every change atomic and kept.</p><pre>curl ${o}/api/deck/new/shuffle/?deck_count=1
curl ${o}/api/deck/&lt;deck_id&gt;/draw/?count=2</pre><p><img src="/static/img/AS.svg" alt="ace of spades" width="96"> <img src="/static/img/X2.svg" alt="red joker" width="96"> <img src="/static/img/back.svg" alt="card back" width="96"></p><p><a href="/docs">The API</a> · <a href="/openapi.json">OpenAPI</a> · <a href="/healthz">health</a></p></body></html>`;
}
