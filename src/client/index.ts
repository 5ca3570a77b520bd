// fairdeal/client: the tables API's wire types (wire.ts), declared once for the service, the page
// and any client.
export type * from './wire.ts';
