// fairdeal/client: the tables API's wire types (wire.ts) and the service's error codes
// (error-codes.ts), declared once for the service, the page and any client.
export type { ErrorStatus } from './error-codes.ts';
export { ERROR_STATUS, type ErrorCode, isErrorCode } from './error-codes.ts';
export type * from './wire.ts';
