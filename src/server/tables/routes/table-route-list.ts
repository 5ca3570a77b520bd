import type { TableRoute } from '../table-route.ts';
import { addBotRoute } from './bot-routes.ts';
import { streamTicket, tableEvents } from './event-routes.ts';
import { handTranscript, signedCommitment, tableChain } from './hand-routes.ts';
import { openRoom } from './room-routes.ts';
import { claimSeatRoute, kickSeatRoute, reissueSeatToken, revokeSeatToken } from './seat-routes.ts';
import { createTable, getTable, tableAction } from './table-routes-core.ts';
import { signingKey, verifyTranscript } from './verify-routes.ts';

/**
 * Every `/v1` route (and the well-known dealer key), in documentation order: the one list the
 * router, the checks, the OpenAPI document and /docs are made from.
 */
export const TABLE_ROUTES: readonly TableRoute[] = [
  createTable,
  openRoom,
  claimSeatRoute,
  getTable,
  tableAction,
  reissueSeatToken,
  revokeSeatToken,
  kickSeatRoute,
  addBotRoute,
  handTranscript,
  tableChain,
  signedCommitment,
  verifyTranscript,
  signingKey,
  streamTicket,
  tableEvents,
];
