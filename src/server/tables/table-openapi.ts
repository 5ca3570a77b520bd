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
  /** `seat`: that seat's own token; `invite`: the seat's invite, in the body (no token). */
  readonly auth: 'seat-or-host' | 'host' | 'seat' | 'invite' | 'none' | 'seat-host-or-ticket';
  readonly body?: Record<string, unknown>;
  readonly ok: number;
  /** The success answer's JSON schema (its `required` keys are the answer's keys). */
  readonly answer?: Record<string, unknown>;
  /** The refusals particular to the route, for the 4XX description. */
  readonly refusals?: string;
}

const VERSION = {
  type: 'integer',
  description: 'The table version the client acts on (409 when stale)',
};

const HEX64 = { type: 'string', pattern: '^[0-9a-f]{64}$' };
const HEX128 = { type: 'string', pattern: '^[0-9a-f]{128}$' };
const TABLE_VIEW = {
  type: 'object',
  description: 'view(table, caller): docs/TABLES.md, "What a seat sees"',
};
const SEAT_TOKEN = {
  type: 'string',
  pattern: '^fdt_seat_[A-Za-z0-9_-]{43}$',
  description: 'The seat token, shown ONCE, to the seat alone; the service keeps its SHA-256',
};
const INVITE = {
  type: 'string',
  pattern: '^fdt_invite_[A-Za-z0-9_-]{43}$',
  description: 'A single-use invite to claim one seat',
};
/** A JSON object schema whose keys are all required. */
const answer = (properties: Record<string, unknown>) => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
});

/** Every table route, in documentation order. */
export const TABLE_ROUTE_DOCS: readonly TableRouteDoc[] = [
  {
    method: 'post',
    path: '/v1/tables',
    id: 'createTable',
    summary: 'Create a table',
    description:
      'Opens a table for any preset (fair mode on by default; `fair: false` is a practice table, dealt by the dealer alone). The answer holds the table id, the host token and one single-use invite per seat — shown ONCE; the service keeps only their SHA-256. The host never holds a seat token: each player claims a seat with its invite (claimSeat); hand 1 opens when the last seat is claimed.',
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
        revealTimeoutSeconds: {
          type: 'integer',
          default: 120,
          minimum: 0,
          maximum: 86400,
          description: 'Time to commit and reveal; past it the hand is void, never dealt',
        },
        withholdPenalty: {
          type: 'integer',
          default: 0,
          minimum: 0,
          maximum: 1000,
          description: 'Dou Dizhu: points a seat that withheld its seed pays each other seat',
        },
      },
    },
    ok: 201,
    answer: answer({
      ok: { const: true },
      tableId: { type: 'string' },
      hostToken: {
        type: 'string',
        pattern: '^fdt_host_[A-Za-z0-9_-]{43}$',
        description: 'Shown ONCE',
      },
      invites: {
        type: 'array',
        items: answer({ seat: { type: 'integer', minimum: 0 }, invite: INVITE }),
      },
      table: TABLE_VIEW,
    }),
  },
  {
    method: 'post',
    path: '/v1/tables/:id/seats/:seat/claim',
    id: 'claimSeat',
    summary: 'Claim a seat with its invite',
    description:
      'On the player’s own device: the invite the host handed out and the Ed25519 public key made there (docs/FAIR.md §V3.3), which every hand’s announcement binds to the seat. An invite works once; a claimed seat is refused to everyone else; one key holds one seat, and never the dealer’s key. The answer carries the seat token, for this player alone. When the last seat is claimed the hand opens (fair: committing; practice: dealt).',
    auth: 'invite',
    body: {
      type: 'object',
      required: ['invite', 'publicKey'],
      properties: {
        invite: INVITE,
        publicKey: { ...HEX64, description: 'The seat key: 32-byte Ed25519 public key, hex' },
        player: {
          type: 'string',
          pattern: '^[A-Za-z0-9_.-]{1,64}$',
          description: 'The player id, where the host did not name the seats',
        },
      },
    },
    ok: 201,
    answer: answer({
      ok: { const: true },
      seat: { type: 'integer', minimum: 0 },
      seatToken: SEAT_TOKEN,
      table: TABLE_VIEW,
    }),
    refusals:
      '400 a key that is not 64 hex digits, a name where the host named the seats; 401 BAD_INVITE; 404 SEAT_NOT_FOUND; 409 SEAT_TAKEN, KEY_IN_USE (a key holding another seat, or the dealer’s), NAME_TAKEN',
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
      'One action: commit and reveal (the seat, signed with its seat key: docs/FAIR.md §V3.2; answered with the dealer’s signed receipt), void (seat or host, after the deadline: the hand is void, never dealt, and the next one opens; 409 TOO_EARLY before), bid, play, pass (Dou Dizhu), draw, burn, play, discard, move (other presets), deal-street (Hold’em, Omaha: the flop, turn, river in turn), end-hand, next-hand. Carries the version it expects (409 STALE_VERSION); an Idempotency-Key header makes a retry (the same body bytes) return the first answer without acting again, and the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED).',
    auth: 'seat-or-host',
    body: {
      type: 'object',
      required: ['type', 'version'],
      properties: {
        type: {
          enum: [
            'commit',
            'reveal',
            'void',
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
        commitment: { ...HEX64, description: 'commit: C_k (docs/FAIR.md §V3.4)' },
        signature: {
          ...HEX128,
          description: 'commit, reveal: the seat key’s Ed25519 signature (docs/FAIR.md §V3.6)',
        },
        seed: { type: 'string', description: 'reveal: the seat’s seed' },
        salt: { ...HEX64, description: 'reveal: the salt' },
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
    answer: {
      type: 'object',
      required: ['ok', 'table'],
      properties: {
        ok: { const: true },
        table: TABLE_VIEW,
        receipt: {
          type: 'object',
          description:
            'commit, reveal: the dealer’s signed receipt {kind, seat, commitment, seatSignature, at, signature} — keep it (docs/FAIR.md §V3.1)',
        },
      },
    },
  },
  {
    method: 'post',
    path: '/v1/tables/:id/seats/:seat/token',
    id: 'reissueSeatToken',
    summary: 'Replace the seat’s own token (the seat itself)',
    description:
      'With the seat’s own token (a device lost, a token leaked): a new token for the seat, shown once, to it alone; the old one stops working at once: its open event streams end (event: revoked) and its tickets are refused. The host cannot: it never holds a seat token (403), and kicks a seat instead.',
    auth: 'seat',
    ok: 200,
    answer: answer({
      ok: { const: true },
      seat: { type: 'integer', minimum: 0 },
      seatToken: SEAT_TOKEN,
    }),
    refusals: '403 FORBIDDEN for the host or another seat',
  },
  {
    method: 'delete',
    path: '/v1/tables/:id/seats/:seat/token',
    id: 'revokeSeatToken',
    summary: 'Kick a seat (host; the same as POST …/kick)',
    description: 'Revoking a seat’s token is kicking its player: see kickSeat.',
    auth: 'host',
    ok: 200,
    answer: answer({
      ok: { const: true },
      seat: { type: 'integer', minimum: 0 },
      kicked: { const: true },
      invite: INVITE,
    }),
    refusals: '403 FORBIDDEN for a seat; 404 SEAT_NOT_FOUND; 409 SEAT_OPEN (nobody holds it)',
  },
  {
    method: 'post',
    path: '/v1/tables/:id/seats/:seat/kick',
    id: 'kickSeat',
    summary: 'Kick a seat (host)',
    description:
      'The seat’s token dies at once (its open event streams end with event: revoked, its tickets are refused); a hand being committed or revealed is void as kicked (a signed void record naming the seat, never “did not reveal”), a dealt hand in play ends unscored; the seat is open again under a fresh invite, returned to the host to hand to the next player. The next hand opens when the seat is claimed. No body.',
    auth: 'host',
    ok: 200,
    answer: answer({
      ok: { const: true },
      seat: { type: 'integer', minimum: 0 },
      kicked: { const: true },
      invite: INVITE,
    }),
    refusals: '403 FORBIDDEN for a seat; 404 SEAT_NOT_FOUND; 409 SEAT_OPEN (nobody holds it)',
  },
  {
    method: 'get',
    path: '/v1/tables/:id/hands/:n/transcript',
    id: 'handTranscript',
    summary: 'A finished or void hand’s fairdeal-v3 record',
    description:
      'Published when the hand ends or is void (409 HAND_NOT_ENDED before): the signed record (docs/FAIR.md §V3.7) — server seed, every signed commit and reveal, the roster, and every card (dealt) or the seats blamed (void). Also, after the record, the outcome (dealt, withheld or kicked), the missing players, the public log and the Dou Dizhu score.',
    auth: 'none',
    ok: 200,
    answer: answer({
      ok: { const: true },
      transcript: { type: 'object', description: 'The fairdeal-v3 record' },
      outcome: { enum: ['dealt', 'withheld', 'kicked'] },
      missing: { type: 'array', items: { type: 'string' } },
      log: { type: 'array', items: { type: 'object' } },
      score: { type: ['object', 'null'] },
    }),
  },
  {
    method: 'get',
    path: '/v1/tables/:id/chain',
    id: 'tableChain',
    summary: 'The table’s hash chain',
    description:
      'Every finished or void hand’s record, in order; each names the previous one’s hash (verifyChain, `fairdeal verify` with several files).',
    auth: 'none',
    ok: 200,
  },
  {
    method: 'get',
    path: '/v1/tables/:id/hands/:n/commitment',
    id: 'signedCommitment',
    summary: 'The dealer’s commitment for a hand',
    description:
      'The hand in progress: its commitment and the announcement the dealer signed (docs/FAIR.md §V3.6; checkAnnouncementV3, with the dealer key at /.well-known/fairdeal-key). A past hand: its commitment and the dealer key its record names.',
    auth: 'none',
    ok: 200,
  },
  {
    method: 'post',
    path: '/v1/verify',
    id: 'verifyTranscript',
    summary: 'Verify a transcript',
    description:
      'Runs fairdeal’s verifier on { transcript, expected?: { commitment, rosterHash, dealer } }: the verdict in the words of `fairdeal verify` (status, green — true only for proven-fair — exitCode, headline, detail) and the record’s hash, or the problems.',
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
    summary: 'The dealer’s Ed25519 public key',
    description:
      'Raw key (base64url), JWK and `dealer` (the same key in hex, as fairdeal-v3 records name it): the key that signs announcements, receipts, rosters and records.',
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
      description: `${r.description} Auth: ${
        r.auth === 'none'
          ? 'none'
          : r.auth === 'invite'
            ? 'the invite, in the body (no token)'
            : `${r.auth} (Authorization: Bearer <token>)`
      }.`,
      tags: ['tables'],
      parameters: params,
      ...(r.body === undefined
        ? {}
        : { requestBody: { required: true, content: { 'application/json': { schema: r.body } } } }),
      ...(r.auth === 'none' || r.auth === 'invite' ? {} : { security: [{ bearer: [] }] }),
      responses: {
        [String(r.ok)]: {
          description: 'The answer',
          content: {
            [r.id === 'tableEvents' ? 'text/event-stream' : 'application/json']:
              r.answer === undefined ? {} : { schema: r.answer },
          },
        },
        '4XX': {
          description: `Refused${r.refusals === undefined ? '' : ` (${r.refusals})`}: 400 bad request, 401 no valid token, 403 not yours, 404, 409 wrong version/phase/turn or protocol order, 422 refused by the rules or the protocol, or an Idempotency-Key used for another request`,
        },
      },
    };
  }
  return paths;
}
