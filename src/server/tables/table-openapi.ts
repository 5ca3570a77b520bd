/**
 * The OpenAPI description of the `/v1` table routes and the well-known key (docs/TABLES.md), merged
 * into the one document of openapi.ts. A test (table-openapi.test.ts) checks that every route
 * tableRoutes() registers is described here with its method, and nothing else is.
 */

interface TableRouteDoc {
  readonly method: 'get' | 'post' | 'delete';
  /** Router pattern (`:id`). */
  readonly path: string;
  readonly id: string;
  readonly summary: string;
  readonly description: string;
  readonly auth: 'seat-or-host' | 'host' | 'none' | 'seat-host-or-ticket';
  readonly body?: Record<string, unknown>;
  readonly ok: number;
}

const VERSION = {
  type: 'integer',
  description: 'The table version the client acts on (409 when stale)',
};

/** Every table route, in documentation order. */
export const TABLE_ROUTE_DOCS: readonly TableRouteDoc[] = [
  {
    method: 'post',
    path: '/v1/tables',
    id: 'createTable',
    summary: 'Create a table',
    description:
      'Opens a table for any preset with hand 1 open (fair mode on by default). The answer holds the table id, one secret token per seat and the host token — shown ONCE; the service keeps only their SHA-256.',
    auth: 'none',
    body: {
      type: 'object',
      required: ['preset'],
      properties: {
        preset: { type: 'string', example: 'doudizhu' },
        options: { type: 'object', description: 'Preset options (docs/FAIR.md §4)' },
        players: { type: 'array', items: { type: 'string' }, description: 'Player id per seat' },
        fair: { type: 'boolean', default: true },
        rules: {
          type: 'object',
          description: 'Dou Dizhu house-rule flags (docs/DOUDIZHU.md), e.g. {"robLandlord": true}',
        },
        revealTimeoutSeconds: { type: 'integer', default: 120, minimum: 0, maximum: 86400 },
      },
    },
    ok: 201,
  },
  {
    method: 'get',
    path: '/v1/tables/:id',
    id: 'getTable',
    summary: 'The table as the caller may see it',
    description:
      'view(table, caller): a seat sees its own cards, the public cards and the counts; the host sees what all seats see in common.',
    auth: 'seat-or-host',
    ok: 200,
  },
  {
    method: 'post',
    path: '/v1/tables/:id/actions',
    id: 'tableAction',
    summary: 'Act at the table',
    description:
      'One action: commit, reveal, deal (after the deadline), bid, play, pass (Dou Dizhu), draw, burn, play, discard, move (other presets), deal-street (Hold’em, Omaha: the flop, turn, river in turn), end-hand, next-hand. Carries the version it expects (409 STALE_VERSION); an Idempotency-Key header makes a retry (the same body bytes) return the first answer without acting again, and the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED).',
    auth: 'seat-or-host',
    body: {
      type: 'object',
      required: ['type', 'version'],
      properties: {
        type: {
          enum: [
            'commit',
            'reveal',
            'deal',
            'bid',
            'play',
            'pass',
            'draw',
            'burn',
            'discard',
            'move',
            'deal-street',
            'end-hand',
            'next-hand',
          ],
        },
        version: VERSION,
        commitment: { type: 'string', description: 'commit: hex C_p' },
        seed: { type: 'string', description: 'reveal: the client seed' },
        salt: { type: 'string', description: 'reveal: hex salt' },
        bid: { description: 'bid: pass, 1, 2, 3, call or rob' },
        cards: { type: 'array', items: { type: 'string' }, example: ['3S', '3H'] },
        count: { type: 'integer', minimum: 1 },
        to: { description: 'draw (host): seat; move: hand, board or discard' },
        from: { enum: ['hand', 'board', 'discard'] },
        street: {
          enum: ['flop', 'turn', 'river'],
          description: 'deal-street: the street meant (409 WRONG_STREET unless it is the next)',
        },
      },
    },
    ok: 200,
  },
  {
    method: 'post',
    path: '/v1/tables/:id/seats/:seat/token',
    id: 'reissueSeatToken',
    summary: 'Reissue a seat token (host)',
    description:
      'A new token for the seat, shown once; the old one stops working at once: its open event streams end (event: revoked) and its tickets are refused.',
    auth: 'host',
    ok: 200,
  },
  {
    method: 'delete',
    path: '/v1/tables/:id/seats/:seat/token',
    id: 'revokeSeatToken',
    summary: 'Revoke a seat token (host)',
    description:
      'The seat has no valid token until the host reissues one; its open event streams end at once (event: revoked) and its tickets are refused.',
    auth: 'host',
    ok: 200,
  },
  {
    method: 'get',
    path: '/v1/tables/:id/hands/:n/transcript',
    id: 'handTranscript',
    summary: 'A finished hand’s fairdeal-v2 transcript',
    description:
      'Published when the hand ends (409 before): server seed, roster, reveals, every card. Also the public log, missing seats and the Dou Dizhu score, after the transcript.',
    auth: 'none',
    ok: 200,
  },
  {
    method: 'get',
    path: '/v1/tables/:id/chain',
    id: 'tableChain',
    summary: 'The table’s hash chain',
    description: 'Every finished hand’s transcript, in order; each names the previous one’s hash.',
    auth: 'none',
    ok: 200,
  },
  {
    method: 'get',
    path: '/v1/tables/:id/hands/:n/commitment',
    id: 'signedCommitment',
    summary: 'The dealer’s signed commitment for a hand',
    description:
      'The commitment, the signed message and its Ed25519 signature (base64url); the key is at /.well-known/fairdeal-key.',
    auth: 'none',
    ok: 200,
  },
  {
    method: 'post',
    path: '/v1/verify',
    id: 'verifyTranscript',
    summary: 'Verify a transcript',
    description:
      'Runs fairdeal’s verifier on { transcript, expected?: { commitment, rosterHash } }: the verdict or the problems.',
    auth: 'none',
    body: {
      type: 'object',
      required: ['transcript'],
      properties: { transcript: { type: 'object' }, expected: { type: 'object' } },
    },
    ok: 200,
  },
  {
    method: 'get',
    path: '/.well-known/fairdeal-key',
    id: 'signingKey',
    summary: 'The Ed25519 public key that signs commitments',
    description: 'Raw key (base64url) and JWK.',
    auth: 'none',
    ok: 200,
  },
  {
    method: 'post',
    path: '/v1/tables/:id/tickets',
    id: 'streamTicket',
    summary: 'A one-use ticket to open an event stream',
    description:
      'For EventSource, which cannot send headers: valid 30 s, once, for the caller’s seat. Never put the token itself in a URL.',
    auth: 'seat-or-host',
    ok: 200,
  },
  {
    method: 'get',
    path: '/v1/tables/:id/events',
    id: 'tableEvents',
    summary: 'The caller’s events (SSE, or JSON)',
    description:
      'With Accept: text/event-stream, Server-Sent Events: stored events after Last-Event-ID (or ?after), then live ones; a reset event with a fresh view when the id is too old; a heartbeat comment every 15 s; when the token it was opened with is reissued or revoked, a final revoked event (a JSON error) and the end. Otherwise a JSON page of events. Auth: Bearer, or ?ticket= from /tickets.',
    auth: 'seat-host-or-ticket',
    ok: 200,
  },
];

/**
 * The OpenAPI path items of the table routes.
 *
 * @example
 * ```ts
 * Object.assign(paths, tablePaths());
 * ```
 * @throws never.
 */
export function tablePaths(): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of TABLE_ROUTE_DOCS) {
    const path = r.path.replace(/:([a-z_]+)/g, '{$1}');
    const params: Record<string, unknown>[] = [...r.path.matchAll(/:([a-z_]+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema:
        m[1] === 'id'
          ? { type: 'string', pattern: '^[a-z0-9]{1,64}$' }
          : { type: 'integer', minimum: 0 },
    }));
    if (r.id === 'tableAction') {
      params.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        schema: { type: 'string', maxLength: 128 },
      });
    }
    if (r.id === 'tableEvents') {
      params.push(
        { name: 'Last-Event-ID', in: 'header', required: false, schema: { type: 'integer' } },
        { name: 'ticket', in: 'query', required: false, schema: { type: 'string' } },
        { name: 'after', in: 'query', required: false, schema: { type: 'integer' } },
      );
    }
    paths[path] ??= {};
    paths[path]![r.method] = {
      operationId: r.id,
      summary: r.summary,
      description: `${r.description} Auth: ${r.auth === 'none' ? 'none' : `${r.auth} (Authorization: Bearer <token>)`}.`,
      tags: ['tables'],
      parameters: params,
      ...(r.body === undefined
        ? {}
        : { requestBody: { required: true, content: { 'application/json': { schema: r.body } } } }),
      ...(r.auth === 'none' ? {} : { security: [{ bearer: [] }] }),
      responses: {
        [String(r.ok)]: {
          description: 'The answer',
          content: { [r.id === 'tableEvents' ? 'text/event-stream' : 'application/json']: {} },
        },
        '4XX': {
          description:
            'Refused: 400 bad request, 401 no valid token, 403 not yours, 404, 409 wrong version/phase/turn or protocol order, 422 refused by the rules or the protocol, or an Idempotency-Key used for another request',
        },
      },
    };
  }
  return paths;
}
