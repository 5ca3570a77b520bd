import { parseRoomCode } from '../../client/index.ts';
import { isHousePlayer } from '../../fair/index.ts';
import { ApiError } from '../deck/api-error.ts';
import { requirePlayable } from './authorize.ts';
import type { ClaimSeatBody } from './bodies.ts';
import { unseatBot } from './bot-seats.ts';
import { displayName, nameKey } from './display-name.ts';
import { openNextIfSeated, type StepContext, voidCurrentHand } from './hand-flow.ts';
import type { HandRecord, PublicAction, TableDocument } from './table-doc.ts';
import { newToken, tokenHash, tokenMatches } from './tokens.ts';

/**
 * A new single-use invite: 256 random bits, stored only as its SHA-256, like a token.
 *
 * @example
 * ```ts
 * newInvite(); // 'fdt_invite_…'
 * ```
 * @throws never.
 */
export function newInvite(): string {
  return newToken('invite');
}

const seatNotFound = () => new ApiError(404, 'SEAT_NOT_FOUND', 'No such seat.');

/**
 * Claims seat `seat` with its invite — or, at a room, with the room's code, which takes any seat
 * still open — on the claimer's own device: the seat is bound to the public key the claimer made
 * there, and a seat token is made for the claimer alone (returned once, never shown to the host,
 * stored as its SHA-256). An invite works once; a seat claimed is refused to everyone else, with
 * an invite or a code alike. `name` is the seat's display name (display-name.ts), which no other
 * seat may hold. When the last seat is claimed the first (or next) hand opens.
 *
 * @example
 * ```ts
 * const { doc: next, token } = claimSeat(doc, 1, { invite, publicKey }, ctx);
 * claimSeat(doc, 2, { code: 'K3X9-QM2T', publicKey, name: '张三' }, ctx);
 * ```
 * @throws {ApiError} 404 `SEAT_NOT_FOUND`, 401 `BAD_INVITE`, 401 `BAD_ROOM_CODE`, 409
 *   `SEAT_TAKEN`, 409 `KEY_IN_USE`, 409 `NAME_TAKEN`, 400 `BAD_REQUEST` (neither an invite nor a
 *   code, or both; a key that is not 64 hex digits; a bad name or player id; a `house-bot` id).
 */
export function claimSeat(
  doc: TableDocument,
  seat: number,
  req: ClaimSeatBody,
  ctx: StepContext,
): { doc: TableDocument; token: string; action: PublicAction } {
  requirePlayable(doc);
  if (!Number.isInteger(seat) || seat < 0 || seat >= doc.seats) throw seatNotFound();
  if ((req.invite === undefined) === (req.code === undefined)) {
    throw new ApiError(
      400,
      'BAD_REQUEST',
      'Send the invite of the seat you claim (invite), or at a room its code (code): one of them.',
    );
  }
  if (doc.seatKeys[seat] !== null) {
    throw new ApiError(409, 'SEAT_TAKEN', 'That seat has been claimed already.');
  }
  if (req.invite !== undefined && !tokenMatches(req.invite, doc.invites[seat])) {
    throw new ApiError(401, 'BAD_INVITE', 'That invite is not valid for this seat.');
  }
  // Compared as every secret is (tokens.ts: SHA-256, then constant time); a text that is no code
  // at all is refused in the same words, so the answer tells a guesser nothing.
  if (req.code !== undefined && !tokenMatches(parseRoomCode(req.code) ?? '', doc.roomCodeHash)) {
    throw new ApiError(401, 'BAD_ROOM_CODE', 'That is not the code of this room.');
  }
  const key = req.publicKey;
  // Two seats under one key would be one party counted twice; the dealer's key is the dealer's.
  if (doc.seatKeys.includes(key) || key === ctx.dealer.publicKey) {
    throw new ApiError(
      409,
      'KEY_IN_USE',
      'That key already holds a seat here: make a key of your own.',
    );
  }
  let players = doc.players;
  if (req.player !== undefined) {
    if (isHousePlayer(req.player)) {
      throw new ApiError(
        400,
        'BAD_REQUEST',
        'player: ids starting with house-bot are reserved for the house’s bots.',
      );
    }
    if (!doc.namesOpen) {
      throw new ApiError(400, 'BAD_REQUEST', 'The host named the seats at this table.');
    }
    const name = req.player;
    if (doc.players.some((p, k) => k !== seat && p === name)) {
      throw new ApiError(409, 'NAME_TAKEN', 'Another seat has that name.');
    }
    players = doc.players.map((p, k) => (k === seat ? name : p));
  }
  let names = doc.names;
  if (req.name !== undefined) {
    const name = displayName(req.name);
    if (doc.names?.some((n, k) => k !== seat && n !== null && nameKey(n) === nameKey(name))) {
      throw new ApiError(409, 'NAME_TAKEN', 'Another seat has that name.');
    }
    names = doc.players.map((_, k) => (k === seat ? name : (doc.names?.[k] ?? null)));
  }
  const token = newToken('seat');
  const claimed: TableDocument = {
    ...doc,
    players,
    ...(names === undefined ? {} : { names }),
    // A person holds a seat: an empty room's closing clock stops (room-close.ts).
    ...(doc.roomCodeHash === undefined ? {} : { roomEmptyAt: null }),
    seatKeys: doc.seatKeys.map((k, i) => (i === seat ? key : k)),
    invites: doc.invites.map((h, i) => (i === seat ? null : h)),
    seatTokens: doc.seatTokens.map((h, i) => (i === seat ? tokenHash(token) : h)),
  };
  const action: PublicAction = { type: 'seat-claimed', seat };
  return { doc: openNextIfSeated(claimed, ctx), token, action };
}

/**
 * The host removes a seat's player: the seat's token dies at once (its streams end: the token
 * generation moves on), the seat is open again under a fresh invite (returned to the host), and
 * the hand in progress is void — recorded as `kicked`, never as "did not reveal".
 *
 * @example
 * ```ts
 * const { doc: next, invite, record } = kickSeat(doc, 2, ctx);
 * ```
 * @throws {ApiError} 404 `SEAT_NOT_FOUND`, 409 `SEAT_OPEN` for a seat nobody holds.
 */
export function kickSeat(
  doc: TableDocument,
  seat: number,
  ctx: StepContext,
): { doc: TableDocument; invite: string; record: HandRecord | undefined; action: PublicAction } {
  requirePlayable(doc);
  if (!Number.isInteger(seat) || seat < 0 || seat >= doc.seats) throw seatNotFound();
  if (doc.seatKeys[seat] === null) {
    throw new ApiError(409, 'SEAT_OPEN', 'Nobody holds that seat.');
  }
  let next = doc;
  let record: HandRecord | undefined;
  let action: PublicAction = { type: 'seat-kicked', seat: null, to: String(seat) };
  const h = doc.hand;
  if (h !== null && h.phase !== 'ended' && h.phase !== 'void') {
    const voided = voidCurrentHand(doc, ctx, 'kicked', [seat], null);
    next = voided.doc;
    record = voided.record;
    action = voided.action;
  }
  const invite = newInvite();
  // A bot leaves with its key; the seat's id is a person's again (bot-seats.ts).
  next = unseatBot(next, seat);
  next = {
    ...next,
    seatKeys: next.seatKeys.map((k, i) => (i === seat ? null : k)),
    seatTokens: next.seatTokens.map((t, i) => (i === seat ? null : t)),
    invites: next.invites.map((v, i) => (i === seat ? tokenHash(invite) : v)),
    // The newcomer who claims the seat is someone else: not away, and not under this name.
    away: next.players.map((_, i) => i !== seat && next.away?.[i] === true),
    ...(next.names === undefined
      ? {}
      : { names: next.names.map((n, i) => (i === seat ? null : n)) }),
  };
  return { doc: next, invite, record, action };
}
