import { TABLE_ROUTES } from './routes/table-route-list.ts';
import type { TableRoute } from './table-route.ts';

function authText(r: TableRoute): string {
  if (r.auth === 'none') return 'none';
  if (r.auth === 'invite') return 'the invite, in the body (no token)';
  return `${r.auth} (Authorization: Bearer <token>)`;
}

/**
 * The OpenAPI path items of the `/v1` routes and the well-known key, made from the route records
 * (routes/table-route-list.ts) — the bodies are the schemas the router checks requests with, so
 * the document cannot say one thing while the service checks another. Merged into the one
 * document of openapi.ts, which /docs shows.
 *
 * @example
 * ```ts
 * Object.assign(paths, tablePaths());
 * ```
 * @throws never.
 */
export function tablePaths(): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of TABLE_ROUTES) {
    const path = r.path.replace(/:([a-z_]+)/g, '{$1}');
    const params: Readonly<Record<string, unknown>>[] = [...r.path.matchAll(/:([a-z_]+)/g)].map(
      (m) => ({
        name: m[1],
        in: 'path',
        required: true,
        schema:
          m[1] === 'id'
            ? { type: 'string', pattern: '^[a-z0-9]{1,64}$' }
            : { type: 'integer', minimum: 0 },
      }),
    );
    params.push(...(r.parameters ?? []));
    paths[path] ??= {};
    paths[path]![r.method] = {
      operationId: r.id,
      summary: r.summary,
      description: `${r.description} Auth: ${authText(r)}.`,
      tags: ['tables'],
      parameters: params,
      ...(r.body === undefined
        ? {}
        : {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: r.body.json } },
            },
          }),
      ...(r.auth === 'none' || r.auth === 'invite' ? {} : { security: [{ bearer: [] }] }),
      responses: {
        [String(r.ok)]: {
          description: 'The answer',
          content: {
            [r.produces ?? 'application/json']: r.answer === undefined ? {} : { schema: r.answer },
          },
        },
        '4XX': {
          description: `Refused${r.refusals === undefined ? '' : ` (${r.refusals})`}: 400 bad request, 401 no valid token, 403 not yours, 404, 409 wrong version/phase/turn or protocol order, 413 body too large, 422 refused by the rules or the protocol, or an Idempotency-Key used for another request. The body: {"success": false, "error", "code"} (docs/TABLES.md, "Errors")`,
        },
      },
    };
  }
  return paths;
}
