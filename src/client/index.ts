// fairdeal/client (docs/CLIENT.md): a typed client of the tables API for browsers and Node, with
// no dependencies — the wire types (wire.ts) and the service's error codes (error-codes.ts),
// declared once for the service, the page and any client; the client, its live event stream, and
// a seat that takes fairdeal-v3's steps and checks every hand by itself.

export type {
  DarkDriver,
  DarkDriverOptions,
  DarkSeatContext,
  DarkSeatLike,
} from './dark-driver.ts';
export { darkDriver } from './dark-driver.ts';
export { type DarkMessageKind, type DarkSignedPayload, darkSignedBytes } from './dark-message.ts';
export type { ErrorStatus } from './error-codes.ts';
export { ERROR_STATUS, type ErrorCode, isErrorCode } from './error-codes.ts';
export type { InviteLink } from './invite-link.ts';
export { formatInviteLink, parseInviteLink } from './invite-link.ts';
export { formatRoomCode, parseRoomCode, roomCodeOf } from './room-code.ts';
export type { SeatCheck } from './seat-check-error.ts';
export { SeatCheckError } from './seat-check-error.ts';
export type { KeptHand, SeatMemory } from './seat-memory.ts';
export { inMemorySeatMemory } from './seat-memory.ts';
export type { ClientErrorCode } from './table-client-error.ts';
export { TableClientError } from './table-client-error.ts';
export type { TableEventStream, TableEventsOptions } from './table-event-stream.ts';
export type { FollowOptions, TableSeat, TableSeatOptions } from './table-seat.ts';
export { tableSeat } from './table-seat.ts';
export type {
  ActOptions,
  ClaimedSeat,
  SeatClaim,
  TablesClient,
  TablesClientOptions,
} from './tables-client.ts';
export { tablesClient } from './tables-client.ts';
export type { FetchLike } from './transport.ts';
export type { HandVerdict } from './verify-hand.ts';
export { verifyHand } from './verify-hand.ts';
export type * from './wire.ts';
