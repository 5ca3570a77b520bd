import type { Agent } from 'node:http';
import { createSeatKey, type SeatKeyPair } from '../src/fair/index.ts';
import { sendJson } from './send-json.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read loosely by the benches.
type Json = any;

/** A table a bench plays: every seat's token (and key, at a fairdeal-v3 service). */
export interface ClaimedTable {
  readonly id: string;
  /** Whether the service is fairdeal-v3 (seats claimed with invites and keys). */
  readonly v3: boolean;
  readonly tokens: string[];
  readonly keys: SeatKeyPair[];
  /** Seat 0's view once every seat sits. */
  readonly table: Json;
}

/**
 * Opens a table with `body` and seats every player: at a fairdeal-v3 service each seat is claimed
 * with its invite and a key made here (as a player's device would); an older service handed the
 * seat tokens to the creator.
 *
 * @example
 * ```ts
 * const t = await openClaimedTable(agent, base, { preset: 'holdem', options: { seats: 3 }, fair: false });
 * ```
 * @throws {Error} if the table or a claim is refused.
 */
export async function openClaimedTable(
  agent: Agent,
  base: string,
  body: object,
): Promise<ClaimedTable> {
  const r = await sendJson(agent, 'POST', `${base}/v1/tables`, body);
  if (r.status !== 201) throw new Error(`create: ${r.status} ${JSON.stringify(r.json)}`);
  const id: string = r.json.tableId;
  const v3 = r.json.invites !== undefined;
  const tokens: string[] = v3 ? [] : r.json.seatTokens;
  const keys: SeatKeyPair[] = [];
  if (v3) {
    for (const { seat, invite } of r.json.invites as { seat: number; invite: string }[]) {
      const key = await createSeatKey();
      const c = await sendJson(agent, 'POST', `${base}/v1/tables/${id}/seats/${seat}/claim`, {
        invite,
        publicKey: key.publicKey,
      });
      if (c.status !== 201) throw new Error(`claim: ${c.status} ${JSON.stringify(c.json)}`);
      tokens.push(c.json.seatToken);
      keys.push(key);
    }
  }
  const seen = await sendJson(agent, 'GET', `${base}/v1/tables/${id}`, undefined, tokens[0]);
  return { id, v3, tokens, keys, table: seen.json.table };
}
