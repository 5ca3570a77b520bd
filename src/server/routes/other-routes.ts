/** The routes that are not Deck of Cards API calls, described once for the router and the docs. */
export interface OtherRoute {
  readonly id: string;
  readonly path: string;
  readonly summary: string;
  readonly type: string;
  /** A concrete path the docs test fetches, expecting 200 and this content type. */
  readonly example: string;
}

/** `/`, `/docs`, `/openapi.json`, `/healthz`, `/readyz`, `/metrics` and the card images. */
export const OTHER_ROUTES: readonly OtherRoute[] = [
  {
    id: 'home',
    path: '/',
    summary:
      'The web page: deal, verify and audit in the browser (docs/WEB.md); its files are under `/web/`',
    type: 'text/html',
    example: '/',
  },
  { id: 'docs', path: '/docs', summary: 'This API, readable', type: 'text/html', example: '/docs' },
  {
    id: 'openapi',
    path: '/openapi.json',
    summary: 'This API as OpenAPI 3.1',
    type: 'application/json',
    example: '/openapi.json',
  },
  {
    id: 'health',
    path: '/healthz',
    summary: 'Liveness: the process answers (`{"ok":true}`); it does not touch the store',
    type: 'application/json',
    example: '/healthz',
  },
  {
    id: 'ready',
    path: '/readyz',
    summary:
      'Readiness: a write and a read of the probe’s own row, and on PostgreSQL the notifications; 503 `NOT_READY` when either fails (answers cached 0.5 s)',
    type: 'application/json',
    example: '/readyz',
  },
  {
    id: 'metrics',
    path: '/metrics',
    summary:
      'Prometheus metrics (text format 0.0.4): requests by route and status, latency, open event streams, rate-limited clients, tables by phase',
    type: 'text/plain',
    example: '/metrics',
  },
  {
    id: 'cardImage',
    path: '/static/img/:file',
    summary:
      'Card images: `<code>.svg` / `<code>.png` for the 54 codes (`aceDiamonds` for AD), `back.svg` / `back.png`',
    type: 'image/svg+xml',
    example: '/static/img/aceDiamonds.svg',
  },
];
