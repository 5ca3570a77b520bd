import { ApiError } from '../deck/api-error.ts';
import type { TableDocument } from './table-doc.ts';
import { tokenMatches } from './tokens.ts';
import type { Viewer } from './viewer.ts';

/**
 * The viewer a bearer token stands for at a table. Every stored hash is compared (each in
 * constant time), so the time taken does not depend on which seat, if any, matched.
 *
 * A room's watch token stands for a spectator, who may only read: it is refused (403) unless the
 * caller says `spectator: true` — deny by default, so that a route added later takes no
 * spectator until its record says it reads (table-route.ts, auth `viewer`, `viewer-or-ticket`).
 *
 * @example
 * ```ts
 * authorize(doc, c.req.header('authorization')); // { kind: 'seat', seat: 1 }
 * ```
 * @throws {ApiError} 401 `UNAUTHORIZED` without a valid token (the message never repeats it);
 *   403 `FORBIDDEN` for a watch token where spectators are not admitted.
 */
export function authorize(
  doc: TableDocument,
  header: string | undefined,
  options: { readonly spectator?: boolean } = {},
): Viewer {
  requirePlayable(doc);
  const m = /^Bearer ([A-Za-z0-9_-]{16,128})$/.exec(header ?? '');
  if (m === null) {
    throw new ApiError(
      401,
      'UNAUTHORIZED',
      'Send your seat or host token: Authorization: Bearer <token>.',
    );
  }
  const token = m[1]!;
  let found: Viewer | undefined;
  if (tokenMatches(token, doc.hostToken)) found = { kind: 'host' };
  doc.seatTokens.forEach((hash, seat) => {
    if (tokenMatches(token, hash)) found = { kind: 'seat', seat };
  });
  if (tokenMatches(token, doc.watchTokenHash)) found = { kind: 'spectator' };
  if (found === undefined)
    throw new ApiError(401, 'UNAUTHORIZED', 'That token is not valid at this table.');
  if (found.kind === 'spectator' && options.spectator !== true) {
    throw new ApiError(
      403,
      'FORBIDDEN',
      'A watch token only reads the table: spectators do not act.',
    );
  }
  return found;
}

/**
 * Like {@link authorize}, but only the host.
 *
 * @example
 * ```ts
 * requireHost(doc, c.req.header('authorization'));
 * ```
 * @throws {ApiError} 401 as above, 403 for a seat's token.
 */
export function requireHost(doc: TableDocument, header: string | undefined): void {
  if (authorize(doc, header).kind !== 'host') {
    throw new ApiError(403, 'FORBIDDEN', 'Only the host can do this.');
  }
}

/**
 * Whether a table may be played on: not one opened by an older fairdeal (document
 * `fairdeal/table-1`: fairdeal-v2 hands, seat tokens held by the host), whose finished hands
 * still read (`…/chain`, `…/transcript`) but which is not played on (docs/DEPLOY.md). Such
 * documents are read under the same type; their `format` says which they are.
 *
 * @example
 * ```ts
 * isPlayable(doc); // true for every table this release opened
 * ```
 * @throws never.
 */
export function isPlayable(doc: { readonly format: string }): boolean {
  return doc.format === 'fairdeal/table-2';
}

/**
 * Refuses a table that is not {@link isPlayable}.
 *
 * @example
 * ```ts
 * requirePlayable(doc);
 * ```
 * @throws {ApiError} 409 `TABLE_TOO_OLD`.
 */
export function requirePlayable(doc: { readonly format: string }): void {
  if (!isPlayable(doc)) {
    throw new ApiError(
      409,
      'TABLE_TOO_OLD',
      'This table was opened by an older fairdeal: its finished hands still read at /chain; open a new table to play.',
    );
  }
}
