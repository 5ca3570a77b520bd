import { PARAMS } from './http/params.ts';
import { DECK_ROUTES } from './routes/deck-routes.ts';
import { OTHER_ROUTES } from './routes/other-routes.ts';
import { PILE_ROUTES } from './routes/pile-routes.ts';
import type { ApiRoute } from './routes/route-types.ts';
import { tablePaths } from './tables/table-openapi.ts';

/** Every Deck of Cards API route, in documentation order. */
export const API_ROUTES: readonly ApiRoute[] = [...DECK_ROUTES, ...PILE_ROUTES];

/**
 * A router pattern as an OpenAPI path; API paths are documented with the reference's slash.
 *
 * @example
 * ```ts
 * openApiPath('/api/deck/:deck_id/draw'); // '/api/deck/{deck_id}/draw/'
 * ```
 * @throws never.
 */
export function openApiPath(pattern: string): string {
  const p = pattern.replace(/:([a-z_]+)/g, '{$1}');
  return p.startsWith('/api/') ? `${p}/` : p;
}

const ERROR = {
  type: 'object',
  required: ['success', 'error', 'code'],
  properties: {
    success: { const: false },
    error: { type: 'string', description: 'The reference’s message where clients know one' },
    code: { type: 'string', description: 'Stable machine-readable code (docs/SERVICE.md)' },
  },
};

/**
 * The OpenAPI 3.1 document of the service, made from the same route definitions the router and
 * the parameter validation use, so it cannot drift from what is served.
 *
 * @example
 * ```ts
 * openApiDocument('0.2.0').paths['/api/deck/new/'];
 * ```
 * @throws never.
 */
export function openApiDocument(version: string): Record<string, unknown> & {
  paths: Record<string, Record<string, unknown>>;
} {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of API_ROUTES) {
    route.paths.forEach((pattern, i) => {
      const pathParams = [...pattern.matchAll(/:([a-z_]+)/g)].map((m) => ({
        name: m[1],
        in: 'path',
        required: true,
        schema:
          m[1] === 'pile'
            ? { type: 'string', pattern: '^[-A-Za-z0-9_]{1,64}$' }
            : { type: 'string', pattern: '^[a-z0-9]{1,64}$' },
      }));
      const query = route.params.map((name) => ({
        name,
        in: 'query',
        required: false,
        description: PARAMS[name].description,
        schema: PARAMS[name].schema,
        example: PARAMS[name].example,
      }));
      const legacy = i > 0;
      const op = (method: 'get' | 'post') => ({
        operationId: `${route.id}${legacy ? 'Legacy' : ''}${method === 'post' ? 'Post' : ''}`,
        summary: legacy ? `${route.summary} (legacy path)` : route.summary,
        description: route.description,
        parameters: method === 'get' ? [...pathParams, ...query] : pathParams,
        ...(method === 'post' && route.params.length > 0
          ? {
              requestBody: {
                description: 'The same parameters as a form or a JSON object (at most 16 KiB).',
                content: Object.fromEntries(
                  ['application/x-www-form-urlencoded', 'application/json'].map((type) => [
                    type,
                    {
                      schema: {
                        type: 'object',
                        properties: Object.fromEntries(
                          route.params.map((n) => [
                            n,
                            { ...PARAMS[n].schema, description: PARAMS[n].description },
                          ]),
                        ),
                      },
                    },
                  ]),
                ),
              },
            }
          : {}),
        responses: {
          [String(route.example.status)]: {
            description: 'The answer',
            content: {
              'application/json': {
                example: route.example.body,
              },
            },
          },
          '4XX': {
            description: 'A bad request, an unknown deck or pile, or too many requests',
            content: { 'application/json': { schema: ERROR } },
          },
        },
        'x-example-request': `${route.example.path}${route.example.query === '' ? '' : `?${route.example.query}`}`,
      });
      paths[openApiPath(pattern)] = { get: op('get'), post: op('post') };
    });
  }
  for (const other of OTHER_ROUTES) {
    paths[openApiPath(other.path)] = {
      get: {
        operationId: other.id,
        summary: other.summary,
        parameters: [...other.path.matchAll(/:([a-z_]+)/g)].map((m) => ({
          name: m[1],
          in: 'path',
          required: true,
          schema: { type: 'string' },
        })),
        responses: { '200': { description: other.summary, content: { [other.type]: {} } } },
        'x-example-request': other.example,
      },
    };
  }
  Object.assign(paths, tablePaths());
  return {
    openapi: '3.1.0',
    info: {
      title: 'fairdeal dealer',
      version,
      description:
        'The Deck of Cards API surface, done right: secure shuffles, unguessable deck ids, atomic changes, cards conserved. Every path also answers without its trailing slash, to GET (parameters in the query string) and to POST (parameters in a form or JSON body only: the query string is ignored, as in the reference), with CORS.',
    },
    paths,
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  };
}
