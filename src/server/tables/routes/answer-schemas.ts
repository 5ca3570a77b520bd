// JSON Schema pieces the route records' answers share (OpenAPI only: answers are made by view()
// and typed by client/wire.ts).

export const HEX64 = { type: 'string', pattern: '^[0-9a-f]{64}$' };
export const TABLE_VIEW = {
  type: 'object',
  description:
    'view(table, caller): docs/TABLES.md, "What a seat sees" (TableView in fairdeal/client)',
};
export const SEAT = { type: 'integer', minimum: 0 };
export const OK = { const: true };
export const SEAT_TOKEN = {
  type: 'string',
  pattern: '^fdt_seat_[A-Za-z0-9_-]{43}$',
  description: 'The seat token, shown ONCE, to the seat alone; the service keeps its SHA-256',
};
export const INVITE = {
  type: 'string',
  pattern: '^fdt_invite_[A-Za-z0-9_-]{43}$',
  description: 'A single-use invite to claim one seat',
};

/**
 * A JSON object schema whose keys are all required.
 *
 * @example
 * ```ts
 * answer({ ok: OK, table: TABLE_VIEW }); // { type: 'object', required: ['ok', 'table'], … }
 * ```
 * @throws never.
 */
export function answer(properties: Record<string, unknown>): Record<string, unknown> {
  return { type: 'object', required: Object.keys(properties), properties };
}

export const ROOM_CODE = answer({
  code: {
    type: 'string',
    pattern: '^[0-9A-HJKMNP-TV-Z]{8}$',
    description: 'The room code (Crockford base32), shown ONCE; show it as ABCD-EFGH',
  },
  link: { type: 'string', description: 'The page’s link to the room: /#room=CODE' },
});
export const WATCH_TOKEN = {
  type: 'string',
  pattern: '^fdt_watch_[A-Za-z0-9_-]{43}$',
  description:
    'The room’s watch token: reads the table and its spectator events (the public part), nothing else',
};

/**
 * An object schema with more keys that an answer may hold (not required).
 *
 * @example
 * ```ts
 * withOptional(answer({ ok: OK }), { room: ROOM_CODE }); // room: in properties, not required
 * ```
 * @throws never.
 */
export function withOptional(
  schema: Record<string, unknown>,
  properties: Record<string, unknown>,
): Record<string, unknown> {
  return {
    ...schema,
    properties: { ...(schema.properties as Record<string, unknown>), ...properties },
  };
}
