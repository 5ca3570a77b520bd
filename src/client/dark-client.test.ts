// fairdeal/client at a dark table: three tablesClients — three players' devices — each with its
// own DarkSeat (fairdeal/dark) behind `darkDriver`, play a whole dark Dou Dizhu hand over HTTP
// (the real service in process), using only the client's methods: darkTurn for every protocol
// message, darkPlay for the cards, and the hand's record verified by each at the end.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { claimAll, clientService } from '../../test/support/client-service.ts';
import { DarkSeat, verifyDarkTranscript } from '../dark/index.ts';
import { darkDriver } from './dark-driver.ts';
import { TableClientError } from './table-client-error.ts';

test('three tablesClients play a dark hand over HTTP: darkTurn, darkPlay, the verdict', async () => {
  const s = clientService('client: dark hand');
  const clients = [s.client(), s.client(), s.client()];
  const { made, seats } = await claimAll(clients[0]!, { preset: 'doudizhu', dark: true });
  const id = made.tableId;
  assert.equal(made.table.dark, true);
  const drivers = seats.map((seat) =>
    darkDriver({ seat: seat.seat, key: seat.key, newSeat: (c) => DarkSeat.create(c) }),
  );
  // Each device sends what it owes, until none owes anything: keys, steps, the deal.
  const settle = async () => {
    for (let round = 0; round < 10; round++) {
      const sent = await Promise.all(
        [0, 1, 2].map((k) =>
          clients[k]!.darkTurn(id, seats[k]!.token, drivers[k]!).catch((e: unknown) => {
            // Devices acting at once on one version: the later is refused as stale, goes again.
            if (e instanceof TableClientError && e.code === 'STALE_VERSION') return 'again';
            throw e;
          }),
        ),
      );
      if (sent.every((a) => a === null)) return;
    }
    throw new Error('the dark table does not settle');
  };
  await settle();
  const dealt = await clients[0]!.getTable(id, seats[0]!.token);
  assert.equal(dealt.hand?.dark?.stage, 'bidding');
  assert.equal(dealt.hand?.yourCards, null);
  for (let k = 0; k < 3; k++) {
    const hand = await drivers[k]!.hand(await clients[k]!.getTable(id, seats[k]!.token));
    assert.equal(hand.length, 17, `seat ${k} sees its 17 cards on its own device`);
  }
  const bidder = dealt.hand!.game!.turn;
  await clients[bidder]!.act(
    id,
    seats[bidder]!.token,
    { type: 'bid', bid: 3 },
    {
      version: dealt.version,
    },
  );
  await settle();
  // A farmer's play out of turn comes back as a TableClientError with the service's code.
  const farmer = (bidder + 1) % 3;
  const hers = await drivers[farmer]!.hand(
    await clients[farmer]!.getTable(id, seats[farmer]!.token),
  );
  await assert.rejects(
    clients[farmer]!.darkPlay(id, seats[farmer]!.token, drivers[farmer]!, [hers[0]!.position]),
    (e: unknown) => e instanceof TableClientError && e.code === 'NOT_YOUR_TURN',
  );
  // The landlord leads its cards one by one; the farmers pass.
  for (let i = 0; i < 100; i++) {
    const view = await clients[0]!.getTable(id, seats[0]!.token);
    if (view.hand?.dark?.stage !== 'play') break;
    const turn = view.hand.game!.turn;
    if (view.hand.game!.lead === null) {
      const mine = await clients[turn]!.getTable(id, seats[turn]!.token);
      const [first] = await drivers[turn]!.hand(mine);
      await clients[turn]!.darkPlay(id, seats[turn]!.token, drivers[turn]!, [first!.position]);
    } else {
      await clients[turn]!.act(id, seats[turn]!.token, { type: 'pass' }, { version: view.version });
    }
  }
  await settle();
  const ended = await clients[0]!.getTable(id, seats[0]!.token);
  assert.equal(ended.hand?.phase, 'ended');
  assert.equal(ended.history.at(-1)?.verdict?.status, 'verified');
  const record = await clients[2]!.transcript(id, 1);
  assert.equal(record.verdict?.status, 'verified');
  assert.equal((await verifyDarkTranscript(record.transcript)).status, 'verified');
});
