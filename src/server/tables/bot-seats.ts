import {
  bytesToHex,
  ed25519PublicKey,
  HOUSE_BOT_PREFIX,
  type SeatKeyPair,
} from '../../fair/index.ts';
import { ApiError } from '../deck/api-error.ts';
import { requirePlayable } from './authorize.ts';
import { secureBytes } from './random-bytes.ts';
import type { TableDocument } from './table-doc.ts';

/** What the bot's secrets are sealed and opened with (the step context's AES-256-GCM box). */
export interface SealingContext {
  readonly seal: (plain: string) => string;
  readonly open: (sealed: string) => string;
}

const isDoudizhu = (preset: string) => preset === 'doudizhu' || preset === 'doudizhu-4p';

/**
 * Seats the house's bot at a free seat (docs/TABLES.md, "Bots"): its player id is
 * `house-bot-N` — the prefix no person may take (create-table.ts, seats.ts), so the announcement
 * of every hand tells a stranger which seats were the house's — and its Ed25519 key is made here
 * from the secure source, the private half kept only sealed (`botKeys`, like `hand.round`). The
 * seat is held from now on, as if claimed: no invite, no token; kicking it frees it.
 *
 * @example
 * ```ts
 * doc = seatBot(doc, 2, ctx); // doc.players[2] === 'house-bot-2', doc.bots includes 2
 * ```
 * @throws {ApiError} 400 `BAD_REQUEST` at a table that is not Dou Dizhu, 404 `SEAT_NOT_FOUND`,
 *   409 `SEAT_TAKEN` for a seat someone (or a bot) holds.
 */
export function seatBot(doc: TableDocument, seat: number, ctx: SealingContext): TableDocument {
  requirePlayable(doc);
  if (!isDoudizhu(doc.preset)) {
    throw new ApiError(400, 'BAD_REQUEST', 'bots: the house bot plays Dou Dizhu only.');
  }
  if (doc.dark === true) {
    // A bot at a dark table would need a key share and a device of its own: not the service's.
    throw new ApiError(400, 'BAD_REQUEST', 'bots: the house bot does not play at dark tables.');
  }
  if (!Number.isInteger(seat) || seat < 0 || seat >= doc.seats) {
    throw new ApiError(404, 'SEAT_NOT_FOUND', 'No such seat.');
  }
  if (doc.seatKeys[seat] !== null) {
    throw new ApiError(409, 'SEAT_TAKEN', 'That seat has been claimed already.');
  }
  const secret = secureBytes(32);
  const privateKey = bytesToHex(secret);
  const publicKey = bytesToHex(ed25519PublicKey(secret));
  secret.fill(0);
  const at = <T>(list: readonly T[] | undefined, fill: T, value: T): T[] =>
    Array.from({ length: doc.seats }, (_, k) => (k === seat ? value : (list?.[k] ?? fill)));
  return {
    ...doc,
    players: doc.players.map((p, k) => (k === seat ? `${HOUSE_BOT_PREFIX}${seat}` : p)),
    seatKeys: doc.seatKeys.map((k, i) => (i === seat ? publicKey : k)),
    invites: doc.invites.map((h, i) => (i === seat ? null : h)),
    seatTokens: doc.seatTokens.map((h, i) => (i === seat ? null : h)),
    bots: [...(doc.bots ?? []), seat].sort((a, b) => a - b),
    botKeys: at(doc.botKeys, null, ctx.seal(privateKey)),
    away: at(doc.away, false, false),
  };
}

/**
 * The seat's bot leaves (the host kicked it): its key is dropped and the seat's player id is
 * `seat-N` again (or the first `seat-N-M` no other seat has), for the person who claims it next.
 * A seat that is not a bot's is returned unchanged.
 *
 * @example
 * ```ts
 * doc = unseatBot(doc, 2); // doc.players[2] === 'seat-2'
 * ```
 * @throws never.
 */
export function unseatBot(doc: TableDocument, seat: number): TableDocument {
  if (doc.bots?.includes(seat) !== true) return doc;
  const taken = new Set(doc.players.filter((_, k) => k !== seat));
  let id = `seat-${seat}`;
  for (let m = 1; taken.has(id); m++) id = `seat-${seat}-${m}`;
  return {
    ...doc,
    players: doc.players.map((p, k) => (k === seat ? id : p)),
    bots: doc.bots.filter((k) => k !== seat),
    botKeys: doc.botKeys?.map((s, k) => (k === seat ? null : s)) ?? [],
  };
}

/**
 * The key of the bot at `seat`, opened from its seal for one signature.
 *
 * @example
 * ```ts
 * const key = botKey(doc, 2, ctx); // { publicKey, privateKey }
 * ```
 * @throws {ApiError} 500-class Error when the seat has no bot key (a bug: only bots sign here).
 */
export function botKey(doc: TableDocument, seat: number, ctx: SealingContext): SeatKeyPair {
  const sealed = doc.botKeys?.[seat];
  const publicKey = doc.seatKeys[seat];
  if (typeof sealed !== 'string' || typeof publicKey !== 'string') {
    throw new Error(`seat ${seat} is not the house's bot`);
  }
  return { publicKey, privateKey: ctx.open(sealed) };
}
