// kill -9 in the middle of a fair hand: after a restart on the same file (and the same key file,
// out of the data folder) the hand goes on — the sealed round opens, the last reveal deals — and what was
// acknowledged before the kill is all there.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { commitClientSeed, verify } from '../../src/fair/index.ts';
import { followTable, jsonCaller } from '../support/json-caller.ts';
import { keyHomeOf, spawnServer } from './spawn-server.ts';

test('tables survive kill -9: the sealed seed reopens after a restart and the hand verifies', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-tables-kill-'));
  const db = join(dir, 'db.sqlite');
  let server = await spawnServer(db);
  try {
    const call = jsonCaller(() => server.url);
    const made = await call('POST', '/v1/tables', { preset: 'holdem', options: { seats: 2 } });
    const id = made.json.tableId as string;
    const table = followTable(call, id, made.json.table);
    const act = table.act;
    const secrets = [0, 1].map((i) =>
      commitClientSeed(table.view.hand.announcement, table.view.players[i], `kill seed ${i}`),
    );
    for (const i of [0, 1])
      await act({ type: 'commit', commitment: secrets[i]!.commitment }, made.json.seatTokens[i]);
    await act(
      { type: 'reveal', seed: secrets[0]!.seed, salt: secrets[0]!.salt },
      made.json.seatTokens[0],
    );
    if (!process.env.FAIRDEAL_SECRET_KEY) {
      const keyFile = join(keyHomeOf(db), 'fairdeal', 'secret.key');
      assert.equal(statSync(keyFile).mode & 0o777, 0o600);
    }

    server.child.kill('SIGKILL');
    await server.exited;
    server = await spawnServer(db);

    await act(
      { type: 'reveal', seed: secrets[1]!.seed, salt: secrets[1]!.salt },
      made.json.seatTokens[1],
    );
    assert.equal(table.view.hand.phase, 'playing');
    assert.equal(table.view.hand.yourCards.length, 2);
    await act({ type: 'end-hand' }, made.json.hostToken);
    const tr = await call('GET', `/v1/tables/${id}/hands/1/transcript`);
    const result = verify(tr.json.transcript, {
      commitment: made.json.table.hand.announcement.commitment,
    });
    assert.equal(result.ok && result.verdict.contributors, 2);
  } finally {
    server.child.kill('SIGKILL');
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
  }
});
