import type { Schema } from '../http/schema.ts';
import type { TableDocument } from './table-doc.ts';
import type { TableServices } from './table-services.ts';
import type { Viewer } from './viewer.ts';

/**
 * Who may call a route. `invite`: the seat's invite (or a room's code), in the body (no token);
 * `seat`: that seat's own token (the path's `{seat}`); `seat-host-or-ticket`: a token, or a
 * one-use stream ticket. `viewer` and `viewer-or-ticket`: the same, and a room's watch token
 * too (a spectator: routes that only read). Every other kind refuses a watch token (403).
 */
export type RouteAuth =
  | 'none'
  | 'invite'
  | 'host'
  | 'seat'
  | 'seat-or-host'
  | 'seat-host-or-ticket'
  | 'viewer'
  | 'viewer-or-ticket';

/** A request as a route's handler gets it: its body checked, its caller checkable. */
export interface RouteRequest<B> {
  /**
   * The body, checked by the route's schema ({} for a route without one) — before the handler
   * runs, unless the route is `replayable`: then on first use.
   */
  readonly body: B;
  /** The body as parsed, unchecked ({} for a route without one). */
  readonly raw: Readonly<Record<string, unknown>>;
  /** The body's bytes (the idempotency fingerprint). */
  readonly bytes: Uint8Array;
  /** The path's `{id}` ('' without one). */
  readonly id: string;
  /** The path's `{seat}` and `{n}` as numbers (NaN when absent or not a number). */
  readonly seat: number;
  readonly n: number;
  readonly method: string;
  readonly path: string;
  header(name: string): string | undefined;
  query(name: string): string | undefined;
  /** Aborted when the client goes away (event streams). */
  readonly signal: AbortSignal;
  /**
   * The caller, as the route's `auth` admits it, by the bearer token checked against `doc` —
   * called inside the transaction for a route that changes the table, so that a token revoked
   * by a change committed first is refused.
   */
  caller(doc: TableDocument): Viewer;
}

/** A JSON answer. */
export interface JsonReply {
  readonly status: 200 | 201;
  /** An object, or JSON text already made (a stored idempotent answer). */
  readonly body: unknown;
}

/**
 * One `/v1` route, declared once: the router (table-routes.ts), the body check, who may call it,
 * the OpenAPI document and /docs (table-openapi.ts) are all made from this record — the
 * `ApiRoute` pattern of the `/api` routes.
 */
export interface TableRoute<B = unknown> {
  readonly method: 'get' | 'post' | 'delete';
  /** Router pattern (`:id`, `:seat`, `:n`). */
  readonly path: string;
  /** OpenAPI operationId. */
  readonly id: string;
  readonly summary: string;
  readonly description: string;
  readonly auth: RouteAuth;
  /** 403's message when a token of the wrong kind is sent (auth `host`, `seat`). */
  readonly forbidden?: string;
  /** The body: checked before the handler runs (a route without one reads no body). */
  readonly body?: Schema<B>;
  /**
   * An Idempotency-Key replay is answered before the body is checked: a key reused with another
   * request is refused as such whatever that request's body (the handler reads `body` after).
   */
  readonly replayable?: boolean;
  /** Bytes a body may hold (default 16 KiB). */
  readonly maxBody?: number;
  readonly ok: 200 | 201;
  /** The success answer's JSON schema (its `required` keys are the answer's keys). */
  readonly answer?: Readonly<Record<string, unknown>>;
  /** The refusals particular to the route, for the 4XX description. */
  readonly refusals?: string;
  /** Headers and query parameters it reads, for the OpenAPI document. */
  readonly parameters?: readonly Readonly<Record<string, unknown>>[];
  /** The answer's media type when not JSON (`text/event-stream`). */
  readonly produces?: string;
  // Method syntax: a route of any body type is a TableRoute (its handler gets its own body).
  handle(req: RouteRequest<B>, s: TableServices): Promise<JsonReply | Response>;
}

/**
 * A route record with its body type checked against its handler, stored beside the others.
 *
 * @example
 * ```ts
 * export const getTable = tableRoute({ method: 'get', path: '/v1/tables/:id', … });
 * ```
 * @throws never.
 */
export function tableRoute<B>(route: TableRoute<B>): TableRoute<B> {
  return route;
}
