import { canonicalFairOptions, type FairOptions } from '../../fair/index.ts';
import { type DoudizhuRules, resolveRules } from '../../rules/doudizhu/index.ts';
import { ApiError } from '../deck/api-error.ts';
import type { StepContext } from './hand-flow.ts';
import { newInvite } from './seats.ts';
import type { TableDocument } from './table-doc.ts';
import { tableError } from './table-errors.ts';
import { newToken, tokenHash } from './tokens.ts';

/** The body of `POST /v1/tables`. */
export interface CreateRequest {
  readonly preset?: unknown;
  readonly options?: unknown;
  readonly players?: unknown;
  readonly fair?: unknown;
  readonly revealTimeoutSeconds?: unknown;
  readonly rules?: unknown;
  readonly withholdPenalty?: unknown;
}

/** Default time seats have to commit and reveal before a forced deal is allowed. */
export const DEFAULT_REVEAL_TIMEOUT_S = 120;

/**
 * A new table document, every seat open, and in clear — returned once, to the creator — the host
 * token and one single-use invite per seat; the document keeps only their SHA-256 hashes. The
 * host never holds a seat's token: each player claims a seat with its invite, on their own
 * device, with a key made there (seats.ts). Hand 1 opens when the last seat is claimed.
 *
 * @example
 * ```ts
 * const { doc, hostToken, invites } = createTableDoc('k3x…', { preset: 'doudizhu' }, ctx);
 * ```
 * @throws {ApiError} 400 for a bad preset, options, players, timeout or penalty.
 */
export function createTableDoc(
  id: string,
  req: CreateRequest,
  ctx: StepContext,
): { doc: TableDocument; hostToken: string; invites: string[] } {
  if (typeof req.preset !== 'string') {
    throw new ApiError(400, 'BAD_REQUEST', 'preset is required (e.g. "doudizhu").');
  }
  if (req.options !== undefined && (typeof req.options !== 'object' || req.options === null)) {
    throw new ApiError(400, 'BAD_REQUEST', 'options must be an object.');
  }
  const timeout = req.revealTimeoutSeconds ?? DEFAULT_REVEAL_TIMEOUT_S;
  if (
    typeof timeout !== 'number' ||
    !Number.isInteger(timeout) ||
    timeout < 0 ||
    timeout > 86_400
  ) {
    throw new ApiError(
      400,
      'BAD_REQUEST',
      'revealTimeoutSeconds must be an integer from 0 to 86400.',
    );
  }
  if (req.fair !== undefined && typeof req.fair !== 'boolean') {
    throw new ApiError(400, 'BAD_REQUEST', 'fair must be true or false.');
  }
  const isDoudizhu = req.preset === 'doudizhu' || req.preset === 'doudizhu-4p';
  const rules = req.rules ?? {};
  if (
    typeof rules !== 'object' ||
    rules === null ||
    Array.isArray(rules) ||
    (!isDoudizhu && Object.keys(rules).length > 0) ||
    !Object.values(rules).every((v) => typeof v === 'boolean')
  ) {
    throw new ApiError(
      400,
      'BAD_REQUEST',
      'rules are Dou Dizhu house-rule flags: true or false each.',
    );
  }
  try {
    if (isDoudizhu) resolveRules(rules as Partial<DoudizhuRules>);
  } catch (error) {
    throw tableError(error);
  }
  let options: FairOptions;
  try {
    options = canonicalFairOptions(req.preset, (req.options ?? {}) as FairOptions);
  } catch (error) {
    throw tableError(error);
  }
  const seats = options.seats as number;
  const players =
    req.players === undefined ? Array.from({ length: seats }, (_, i) => `seat-${i}`) : req.players;
  if (
    !Array.isArray(players) ||
    players.length !== seats ||
    !players.every((p) => typeof p === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(p)) ||
    new Set(players).size !== seats
  ) {
    throw new ApiError(
      400,
      'BAD_REQUEST',
      `players must be ${seats} distinct ids of letters, digits, . _ - (at most 64 each).`,
    );
  }
  const penalty = req.withholdPenalty ?? 0;
  if (
    typeof penalty !== 'number' ||
    !Number.isInteger(penalty) ||
    penalty < 0 ||
    penalty > 1000 ||
    (!isDoudizhu && penalty !== 0)
  ) {
    throw new ApiError(
      400,
      'BAD_REQUEST',
      'withholdPenalty: Dou Dizhu points from 0 to 1000 that a seat withholding its seed pays each other seat.',
    );
  }
  const hostToken = newToken('host');
  const invites = players.map(() => newInvite());
  const doc: TableDocument = {
    format: 'fairdeal/table-2',
    id,
    preset: req.preset,
    options,
    seats,
    players: players as string[],
    namesOpen: req.players === undefined,
    seatKeys: players.map(() => null),
    invites: invites.map(tokenHash),
    withholdPenalty: penalty,
    rules: rules as Record<string, boolean>,
    fair: req.fair ?? true,
    revealTimeoutMs: timeout * 1000,
    createdAt: ctx.now,
    hostToken: tokenHash(hostToken),
    seatTokens: players.map(() => null),
    hand: null,
    history: [],
    eventSeq: {},
    idempotency: [],
  };
  return { doc, hostToken, invites };
}
