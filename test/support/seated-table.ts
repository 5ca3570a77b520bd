// The people around a fairdeal-v3 table, for tests: each seat claimed with its invite and a key
// made "on its device" (a seeded key here, so hands reproduce), then the fair protocol played
// as each seat's own client would — check the announcement, commit, check the roster, reveal —
// through the public library functions only.
import assert from 'node:assert/strict';
import {
  type AnnouncementV3,
  checkAnnouncementV3,
  checkRosterV3,
  commitAsSeat,
  createSeatKey,
  type ReceiptV3,
  type RosterV3,
  revealAsSeat,
  type SeatCommitV3,
  type SeatKeyPair,
} from '../../src/fair/index.ts';
import { chacha20 } from '../../src/index.ts';
import type { Caller } from './live-hands.ts';
import type { Json } from './test-table.ts';

/** A table whose seats are all claimed: the host's token, each seat's token and key. */
export interface SeatedTable {
  readonly id: string;
  readonly hostToken: string;
  readonly seatTokens: string[];
  readonly keys: SeatKeyPair[];
  /** The host's view after the last claim (hand 1 open). */
  readonly table: Json;
}

/** `Authorization: Bearer …`. */
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * A seat's key made from a label (a player's device would use the secure source).
 *
 * @example
 * ```ts
 * const key = await seatKey('alice');
 * ```
 */
export function seatKey(label: string): Promise<SeatKeyPair> {
  return createSeatKey(chacha20(`seat key ${label}`));
}

/**
 * Opens a table with `body` and claims every seat with its invite and a fresh key.
 *
 * @example
 * ```ts
 * const t = await seatedTable(call, { preset: 'doudizhu' });
 * ```
 */
export async function seatedTable(
  call: Caller,
  body: Record<string, unknown>,
  label = 'seat',
): Promise<SeatedTable> {
  const made = await call('POST', '/v1/tables', body);
  assert.equal(made.status, 201, made.text);
  const id = made.json.tableId as string;
  const seatTokens: string[] = [];
  const keys: SeatKeyPair[] = [];
  for (const { seat, invite } of made.json.invites as { seat: number; invite: string }[]) {
    const key = await seatKey(`${label} ${id} ${seat}`);
    const claim = await call('POST', `/v1/tables/${id}/seats/${seat}/claim`, {
      invite,
      publicKey: key.publicKey,
    });
    assert.equal(claim.status, 201, claim.text);
    seatTokens.push(claim.json.seatToken);
    keys.push(key);
  }
  const host = await call('GET', `/v1/tables/${id}`, undefined, bearer(made.json.hostToken));
  return { id, hostToken: made.json.hostToken, seatTokens, keys, table: host.json.table };
}

/** What each seat kept of a hand it played: its secret commit and the receipts it was given. */
export interface PlayedSeat {
  readonly mine: SeatCommitV3;
  readonly receipts: ReceiptV3[];
}

/**
 * Plays the fair protocol of the current hand for every seat not in `silent`: each checks the
 * announcement (its own key at its seat, the dealer's signature), commits, then — once the
 * roster closed — checks it and reveals. `silentReveal` seats commit but never reveal. Returns
 * the last answer's table view and what each seat kept.
 *
 * @example
 * ```ts
 * const { table } = await playFair(call, seated); // dealt
 * ```
 */
export async function playFair(
  call: Caller,
  t: SeatedTable,
  o: { readonly silent?: readonly number[]; readonly silentReveal?: readonly number[] } = {},
): Promise<{ table: Json; seats: (PlayedSeat | null)[] }> {
  const read = async (k: number) =>
    (await call('GET', `/v1/tables/${t.id}`, undefined, bearer(t.seatTokens[k]!))).json.table;
  let table = await read(0);
  const a = table.hand.announcement as AnnouncementV3;
  const seats: (PlayedSeat | null)[] = t.seatTokens.map(() => null);
  for (let k = 0; k < t.seatTokens.length; k++) {
    if (o.silent?.includes(k)) continue;
    await checkAnnouncementV3(a, { seat: k, publicKey: t.keys[k]!.publicKey });
    const mine = await commitAsSeat(a, k, `seed of seat ${k}, hand ${a.hand}`, t.keys[k]!);
    const r = await call(
      'POST',
      `/v1/tables/${t.id}/actions`,
      {
        type: 'commit',
        version: table.version,
        commitment: mine.commitment,
        signature: mine.signature,
      },
      bearer(t.seatTokens[k]!),
    );
    assert.equal(r.status, 200, r.text);
    table = r.json.table;
    seats[k] = { mine, receipts: [r.json.receipt] };
  }
  if (table.hand.roster === null) return { table, seats };
  const roster = table.hand.roster as RosterV3;
  for (let k = 0; k < t.seatTokens.length; k++) {
    const s = seats[k];
    if (s === null || s === undefined || o.silentReveal?.includes(k)) continue;
    await checkRosterV3(roster, a, s.mine);
    const reveal = await revealAsSeat(s.mine, roster, t.keys[k]!);
    const r = await call(
      'POST',
      `/v1/tables/${t.id}/actions`,
      {
        type: 'reveal',
        version: table.version,
        seed: reveal.seed,
        salt: reveal.salt,
        signature: reveal.signature,
      },
      bearer(t.seatTokens[k]!),
    );
    assert.equal(r.status, 200, r.text);
    table = r.json.table;
    s.receipts.push(r.json.receipt);
  }
  return { table, seats };
}
