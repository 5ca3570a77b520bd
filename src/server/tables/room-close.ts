import type { TableDocument } from './table-doc.ts';

/**
 * How long a room may stay without people before the sweep closes and purges it
 * (docs/TABLES.md, "Rooms"; the service's settings FAIRDEAL_ROOM_EMPTY_MS, FAIRDEAL_ROOM_IDLE_MS).
 */
export interface RoomTimes {
  /** No seat held by a person this long after the room opened or its last person was kicked. */
  readonly emptyMs: number;
  /** No change at all this long. */
  readonly idleMs: number;
}

/** The defaults: 10 minutes empty, 30 minutes idle. */
export const DEFAULT_ROOM_TIMES: RoomTimes = Object.freeze({
  emptyMs: 10 * 60_000,
  idleMs: 30 * 60_000,
});

/**
 * Whether a person holds a seat: a seat claimed with a key that is not the house's bot (bots do
 * not keep a room open: a room of bots alone would deal forever to nobody).
 *
 * @example
 * ```ts
 * hasPerson(doc); // false for a room whose seats are open or played by bots
 * ```
 * @throws never.
 */
export function hasPerson(doc: TableDocument): boolean {
  const bots = doc.bots ?? [];
  return doc.seatKeys.some((key, seat) => key !== null && !bots.includes(seat));
}

/**
 * When the sweep must look at the room to close it (its `roomEmptyAt` while no person holds a
 * seat), or null: not a room, or a person is there.
 *
 * @example
 * ```ts
 * roomDueAt(doc); // doc.roomEmptyAt for an empty room
 * ```
 * @throws never.
 */
export function roomDueAt(doc: TableDocument): number | null {
  if (doc.roomCodeHash === undefined || hasPerson(doc)) return null;
  return doc.roomEmptyAt ?? null;
}

/**
 * Whether the sweep closes the room at `now`: it is a room, no person holds a seat, and it has
 * been so since `roomEmptyAt`.
 *
 * @example
 * ```ts
 * if (roomToClose(doc, Date.now())) await tables.deleteTable(id, version);
 * ```
 * @throws never.
 */
export function roomToClose(doc: TableDocument, now: number): boolean {
  const due = roomDueAt(doc);
  return due !== null && due <= now;
}

/**
 * The room after a change of its seats: a person there, it is not closing (`roomEmptyAt` null);
 * none (the last person kicked, or never one), it closes `emptyMs` after `now` unless one comes —
 * a clock already running keeps its time. A table that is not a room is returned as it is.
 *
 * @example
 * ```ts
 * next = roomPresence(kicked.doc, ctx.now, rooms.emptyMs);
 * ```
 * @throws never.
 */
export function roomPresence(doc: TableDocument, now: number, emptyMs: number): TableDocument {
  if (doc.roomCodeHash === undefined) return doc;
  if (hasPerson(doc)) return doc.roomEmptyAt === null ? doc : { ...doc, roomEmptyAt: null };
  if (typeof doc.roomEmptyAt === 'number') return doc;
  return { ...doc, roomEmptyAt: now + emptyMs };
}
