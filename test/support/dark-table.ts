// A dark Dou Dizhu table in process, for tests: three seats claimed with their own Ed25519 keys,
// each driven by `darkDriver` (fairdeal/client) over a `DarkSeat` (fairdeal/dark) with fixed
// secrets, through the real routes — the way three players' devices would play it.
import assert from 'node:assert/strict';
import {
  type DarkDriver,
  type DarkSeatContext,
  type DarkSignedPayload,
  darkDriver,
  darkSignedBytes,
  type TableAction,
} from '../../src/client/index.ts';
import { DarkSeat } from '../../src/dark/index.ts';
import { ed25519SignAsync } from '../../src/fair/index.ts';
import { seatSecrets } from './dark-hand.ts';
import type { Json, testApp } from './test-table.ts';

type App = ReturnType<typeof testApp>;

/** A seat's Authorization header. */
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * Opens a dark table (`extra` merged into the body) and claims its three seats; each seat gets
 * a driver whose `DarkSeat` takes fixed secrets labelled by `label`, the table and the hand.
 *
 * @example
 * ```ts
 * const d = await darkTable(testApp('seed'));
 * await d.settle(); // keys, steps and deal shares posted: bidding
 * ```
 */
export async function darkTable(t: App, extra: Record<string, unknown> = {}, label = 'dark') {
  const opened = await t.openTable({
    preset: 'doudizhu',
    options: {},
    fair: true,
    dark: true,
    ...extra,
  });
  const id = opened.json.tableId as string;
  const tokens = opened.json.seatTokens as string[];
  const hostToken = opened.json.hostToken as string;
  const drivers: DarkDriver[] = opened.keys.map((key, seat) =>
    darkDriver({
      seat,
      key,
      newSeat: (c: DarkSeatContext) =>
        DarkSeat.create({ ...c, ...seatSecrets(`${label} ${c.table} ${c.hand}`, c.seat) }),
    }),
  );
  const view = async (seat: number): Promise<Json> => {
    const r = await t.call('GET', `/v1/tables/${id}`, undefined, bearer(tokens[seat]!));
    assert.equal(r.status, 200, r.text);
    return r.json.table;
  };
  /** Sends an action as `seat` on the newest version; the answer as it came. */
  const act = async (seat: number, action: TableAction | Record<string, unknown>) => {
    const table = await view(seat);
    return t.call(
      'POST',
      `/v1/tables/${id}/actions`,
      { ...action, version: table.version },
      bearer(tokens[seat]!),
    );
  };
  /** Every seat sends what it owes, until none owes anything (or `stop` says so). */
  const settle = async (stop?: (table: Json) => boolean) => {
    for (let round = 0; round < 20; round++) {
      let sent = false;
      for (let seat = 0; seat < 3; seat++) {
        const table = await view(seat);
        if (stop?.(table) === true) return table;
        const owed = await drivers[seat]!.owed(table);
        if (owed === null) continue;
        const r = await act(seat, owed);
        assert.equal(r.status, 200, `seat ${seat} ${owed.type}: ${r.text}`);
        sent = true;
      }
      if (!sent) return view(0);
    }
    throw new Error('the dark table does not settle');
  };
  /** The seat to act bids 3 (it becomes the landlord); then the kitty opens. */
  const bidLandlord = async () => {
    const table = await view(0);
    const seat = table.hand.game.turn as number;
    const r = await act(seat, { type: 'bid', bid: 3 });
    assert.equal(r.status, 200, r.text);
    await settle();
    return seat;
  };
  /** The seat to act plays its first card (by position) alone, or passes when it follows. */
  const step = async () => {
    const table = await view(0);
    const seat = table.hand.game.turn as number;
    const mine = await view(seat);
    if (mine.hand.game.lead !== null) return { seat, r: await act(seat, { type: 'pass' }) };
    const hand = await drivers[seat]!.hand(mine);
    const action = await drivers[seat]!.play(mine, [hand[0]!.position]);
    return { seat, r: await act(seat, action) };
  };
  /** Plays until the hand leaves the play (the landlord leads every card alone). */
  const playOut = async (each?: () => Promise<void>) => {
    for (let i = 0; i < 200; i++) {
      const table = await view(0);
      if (table.hand.dark.stage !== 'play') return table;
      const { r } = await step();
      assert.equal(r.status, 200, r.text);
      await each?.();
    }
    throw new Error('the hand does not end');
  };
  /** `seat`'s Ed25519 signature of a dark message at this view (a cheat signs its own forgeries). */
  const sign = async (seat: number, table: Json, payload: DarkSignedPayload) =>
    Buffer.from(
      await ed25519SignAsync(
        Buffer.from(opened.keys[seat]!.privateKey, 'hex'),
        darkSignedBytes(table.hand.announcement.commitment, seat, payload),
      ),
    ).toString('hex');
  /**
   * A second DarkSeat with `seat`'s secrets for the hand in view, fed every public message: it
   * makes the very messages the seat's driver makes, for a test to take apart.
   */
  const twin = async (seat: number, table: Json) => {
    const dark = table.hand.dark;
    const s = await DarkSeat.create({
      table: table.id,
      hand: table.hand.n,
      preset: 'doudizhu',
      seats: 3,
      seat,
      ...seatSecrets(`${label} ${table.id} ${table.hand.n}`, seat),
    });
    if (dark.keys.every((k: unknown) => k !== null)) s.acceptKeys(dark.keys);
    if (dark.steps.length === 3) s.acceptDeck(dark.steps);
    if (dark.kittyTo !== null) s.giveKitty(dark.kittyTo);
    if (dark.steps.length === 3) s.acceptShares(dark.shares);
    return s;
  };
  return {
    id,
    tokens,
    hostToken,
    keys: opened.keys,
    drivers,
    view,
    act,
    settle,
    bidLandlord,
    step,
    playOut,
    sign,
    twin,
  };
}
