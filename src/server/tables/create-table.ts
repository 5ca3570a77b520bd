import { canonicalFairOptions, type FairOptions, isHousePlayer } from '../../fair/index.ts';
import { type DoudizhuRules, resolveRules } from '../../rules/doudizhu/index.ts';
import { ApiError } from '../deck/api-error.ts';
import type { CreateTableBody } from './bodies.ts';
import { seatBot } from './bot-seats.ts';
import { openNextIfSeated, type StepContext } from './hand-flow.ts';
import { DEFAULT_ROOM_TIMES, type RoomTimes } from './room-close.ts';
import { newRoomCode } from './room-code.ts';
import { newInvite } from './seats.ts';
import type { TableDocument } from './table-doc.ts';
import { tableError } from './table-errors.ts';
import { newToken, tokenHash } from './tokens.ts';
import { DEFAULT_TURN_S } from './turn-clock.ts';

/** Default time seats have to commit and reveal before a forced deal is allowed. */
export const DEFAULT_REVEAL_TIMEOUT_S = 120;

/**
 * A new table document, every seat open, and in clear — returned once, to the creator — the host
 * token and one single-use invite per seat; the document keeps only their SHA-256 hashes. The
 * host never holds a seat's token: each player claims a seat with its invite, on their own
 * device, with a key made there (seats.ts). Hand 1 opens when the last seat is claimed. The
 * `bots` seats are the house's bot's from the start (bot-seats.ts): their invites are void.
 *
 * @example
 * ```ts
 * const { doc, hostToken, invites } = createTableDoc('k3x…', { preset: 'doudizhu' }, ctx);
 * ```
 * A room (`room: true`) gets a room code as well — returned once, as `room.code`; the document
 * keeps its SHA-256 — and a watch token for its spectators (rooms/open hands it out).
 *
 * @throws {ApiError} 400 for a bad preset, options, players (a `house-bot` id), bots, timeout,
 *   turn clock, penalty or stakes.
 */
export function createTableDoc(
  id: string,
  req: CreateTableBody,
  ctx: StepContext,
  rooms: RoomTimes = DEFAULT_ROOM_TIMES,
): { doc: TableDocument; hostToken: string; invites: string[]; room?: NewRoom } {
  // The shapes are checked by the route's schema (bodies.ts); what depends on the preset is here.
  const isDoudizhu = req.preset === 'doudizhu' || req.preset === 'doudizhu-4p';
  const rules = req.rules ?? {};
  if (!isDoudizhu && Object.keys(rules).length > 0) {
    throw new ApiError(400, 'BAD_REQUEST', 'rules are Dou Dizhu house-rule flags.');
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
  const players = req.players ?? Array.from({ length: seats }, (_, i) => `seat-${i}`);
  if (players.length !== seats || new Set(players).size !== seats) {
    throw new ApiError(
      400,
      'BAD_REQUEST',
      `players must be ${seats} distinct ids of letters, digits, . _ - (at most 64 each).`,
    );
  }
  if (players.some(isHousePlayer)) {
    // The house declares its bots by this prefix in every announcement (docs/FAIR.md): nobody
    // else may wear it.
    throw new ApiError(
      400,
      'BAD_REQUEST',
      'players: ids starting with house-bot are reserved for the house’s bots.',
    );
  }
  const bots = req.bots ?? [];
  if (bots.length > 0 && !isDoudizhu) {
    throw new ApiError(400, 'BAD_REQUEST', 'bots: the house bot plays Dou Dizhu only.');
  }
  if (new Set(bots).size !== bots.length || bots.some((k) => k >= seats)) {
    throw new ApiError(
      400,
      'BAD_REQUEST',
      `bots must be distinct seat numbers from 0 to ${seats - 1}.`,
    );
  }
  const penalty = req.withholdPenalty ?? 0;
  if (!isDoudizhu && penalty !== 0) {
    throw new ApiError(400, 'BAD_REQUEST', 'withholdPenalty is a Dou Dizhu house rule.');
  }
  const timeout = req.revealTimeoutSeconds ?? DEFAULT_REVEAL_TIMEOUT_S;
  // Only Dou Dizhu has turns the service knows (the rules say whose), so only it has a clock.
  const turnSeconds = req.turnSeconds ?? (isDoudizhu ? DEFAULT_TURN_S : 0);
  if (!isDoudizhu && turnSeconds !== 0) {
    throw new ApiError(400, 'BAD_REQUEST', 'turnSeconds is a Dou Dizhu table option.');
  }
  const stakes = req.stakes ?? 1;
  if (!isDoudizhu && stakes !== 1) {
    throw new ApiError(400, 'BAD_REQUEST', 'stakes is a Dou Dizhu table option.');
  }
  const dark = req.dark === true;
  if (dark) checkDarkOptions(req, bots, rules);
  const room = req.room === true ? newRoom(ctx, rooms) : undefined;
  const hostToken = newToken('host');
  const invites = players.map(() => newInvite());
  const doc: TableDocument = {
    format: 'fairdeal/table-2',
    id,
    preset: req.preset,
    options,
    seats,
    players: [...players],
    namesOpen: req.players === undefined,
    seatKeys: players.map(() => null),
    invites: invites.map(tokenHash),
    withholdPenalty: penalty,
    rules,
    fair: req.fair ?? true,
    ...(dark ? { dark } : {}),
    revealTimeoutMs: timeout * 1000,
    turnMs: turnSeconds * 1000,
    away: players.map(() => false),
    createdAt: ctx.now,
    hostToken: tokenHash(hostToken),
    seatTokens: players.map(() => null),
    hand: null,
    history: [],
    eventSeq: {},
    idempotency: [],
    ...(isDoudizhu ? { stakes } : {}),
    ...(room === undefined ? {} : room.fields),
  };
  // The bots' seats are held at once; with every seat a bot's, hand 1 opens now, as at a last claim.
  const seated =
    bots.length === 0
      ? doc
      : openNextIfSeated(
          bots.reduce((d, seat) => seatBot(d, seat, ctx), doc),
          ctx,
        );
  return room === undefined
    ? { doc: seated, hostToken, invites }
    : { doc: seated, hostToken, invites, room: { code: room.code, hash: room.hash } };
}

// A dark table (docs/TABLES.md, "Dark tables") is Dou Dizhu for three, fair: the seats deal
// among themselves, so the service has no cards to deal in practice mode, to play for a house
// bot, or to show for a landlord who shows its hand (明牌).
function checkDarkOptions(
  req: CreateTableBody,
  bots: readonly number[],
  rules: Readonly<Record<string, boolean>>,
): void {
  const refuse = (why: string) => new ApiError(400, 'BAD_REQUEST', `dark: ${why}`);
  if (req.preset !== 'doudizhu') throw refuse('dark tables play the doudizhu preset (3 seats).');
  if (req.fair === false) throw refuse('a dark table is fair: the seats shuffle, not the dealer.');
  if (bots.length > 0) throw refuse('the house bot does not play at dark tables.');
  if (rules.showHand === true) throw refuse('the showHand rule (明牌) is not played dark.');
}

/** A new room's code (shown once, to its creator) and its stored form. */
export interface NewRoom {
  readonly code: string;
  readonly hash: string;
}

// A room: its code (kept as its hash), its watch token (sealed, and its hash), and the time the
// sweep closes it unless a person takes a seat (tables/room-close.ts).
function newRoom(ctx: StepContext, rooms: RoomTimes) {
  const { code, hash } = newRoomCode();
  const watch = newToken('watch');
  return {
    code,
    hash,
    fields: {
      roomCodeHash: hash,
      watchToken: ctx.seal(watch),
      watchTokenHash: tokenHash(watch),
      roomEmptyAt: ctx.now + rooms.emptyMs,
    },
  };
}
