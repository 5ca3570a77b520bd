import { canonicalFairOptions, type FairOptions } from '../../fair/index.ts';
import { type DoudizhuRules, resolveRules } from '../../rules/doudizhu/index.ts';
import { ApiError } from '../deck/api-error.ts';
import type { StepContext } from './hand-flow.ts';
import { openHand } from './hand-flow.ts';
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
}

/** Default time seats have to commit and reveal before a forced deal is allowed. */
export const DEFAULT_REVEAL_TIMEOUT_S = 120;

/**
 * A new table document with hand 1 open, and its tokens in clear — returned once, to the creator;
 * the document keeps only their SHA-256 hashes.
 *
 * @example
 * ```ts
 * const { doc, hostToken, seatTokens } = createTableDoc('k3x…', { preset: 'doudizhu' }, ctx);
 * ```
 * @throws {ApiError} 400 for a bad preset, options, players or timeout.
 */
export function createTableDoc(
  id: string,
  req: CreateRequest,
  ctx: StepContext,
): { doc: TableDocument; hostToken: string; seatTokens: string[] } {
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
  const hostToken = newToken('host');
  const seatTokens = players.map(() => newToken('seat'));
  const base: TableDocument = {
    format: 'fairdeal/table-1',
    id,
    preset: req.preset,
    options,
    seats,
    players: players as string[],
    rules: rules as Record<string, boolean>,
    fair: req.fair ?? true,
    revealTimeoutMs: timeout * 1000,
    createdAt: ctx.now,
    hostToken: tokenHash(hostToken),
    seatTokens: seatTokens.map(tokenHash),
    hand: null,
    history: [],
    eventSeq: {},
    idempotency: [],
  };
  let hand: TableDocument['hand'];
  try {
    hand = openHand(base, ctx);
  } catch (error) {
    throw tableError(error);
  }
  return { doc: { ...base, hand }, hostToken, seatTokens };
}
