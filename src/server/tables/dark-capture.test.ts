// The capture test of dark tables (issue 24): a whole dark Dou Dizhu hand played through the
// routes by three seats, each a `DarkSeat` driven by fairdeal/client's `darkDriver`, and after
// EVERY request the thief's search: the SQLite database file (every row of every table, every
// sealed value opened with the test's master key, and the file's raw bytes with its WAL), every
// answer the service sent and every log line it wrote. The card ids found must be among the
// cards made public so far — the opened kitty and the cards played — and before the kitty opens,
// none at all. The ground truth of what is public is the seats' own: the cards their devices
// opened and played, never the service's views.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { cardIdsIn } from '../../../test/support/card-scan.ts';
import { darkTable } from '../../../test/support/dark-table.ts';
import { dumpSqlite } from '../../../test/support/db-dump.ts';
import { testApp } from '../../../test/support/test-table.ts';
import { openSqliteTableStore } from '../store/sqlite/table-store.ts';
import type { SealedTableDocument } from './sealed-table-doc.ts';
import { createSecretBox } from './secret-box.ts';
import { TABLE_DOC_PARTS } from './table-doc-parts.ts';

const MASTER = new Uint8Array(32).fill(7);
const SEALED = /v2\.[0-9a-f]{8}\.[A-Za-z0-9_-]+/g;

test('capture: no database row, sealed value, file byte, answer or log line of a dark hand names a card before it is public', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-dark-capture-'));
  try {
    const file = join(dir, 'fairdeal.db');
    const box = createSecretBox(MASTER);
    const logs: string[] = [];
    const answers: string[] = [];
    const base = testApp('dark capture', {
      tables: openSqliteTableStore<SealedTableDocument>({ path: file }, TABLE_DOC_PARTS),
      box,
      log: (line) => logs.push(line),
    });
    const t: typeof base = {
      ...base,
      call: async (...args: Parameters<typeof base.call>) => {
        const r = await base.call(...args);
        const headers: string[] = [];
        r.headers.forEach((value, name) => {
          headers.push(`${name}: ${value}`);
        });
        answers.push(r.text, ...headers);
        return r;
      },
    };
    const d = await darkTable(t);
    const made = new Set<string>();
    let scans = 0;
    let sealedOpened = 0;

    // Every context a value of this table may be sealed under (sealed-table-store.ts), and the
    // seeds' none; a sealed value that opens under none of them fails the test.
    const contexts = (row: Record<string, unknown>): string[] => {
      const table = String(row.table_id ?? row.id ?? '');
      const out = [''];
      if (row.audience !== undefined && row.id !== undefined) {
        out.push(`fairdeal/table/${table}/event/${String(row.audience)}/${String(row.id)}`);
      }
      if (row.key !== undefined) out.push(`fairdeal/table/${table}/answer/${String(row.key)}`);
      out.push(`fairdeal/table/${table}/answer/document`);
      for (let n = 1; n <= 3; n++) {
        for (const f of ['game', 'piles']) out.push(`fairdeal/table/${table}/hand/${n}/${f}`);
      }
      return out;
    };
    const openAll = (row: Record<string, unknown>): string => {
      const text = JSON.stringify(row);
      let plain = '';
      for (const [sealed] of text.matchAll(SEALED)) {
        const opened = contexts(row).flatMap((c) => {
          try {
            return [box.open(sealed, c)];
          } catch {
            return [];
          }
        });
        assert.equal(opened.length, 1, `a sealed value of ${text.slice(0, 40)}… opens`);
        plain += opened[0];
        sealedOpened++;
      }
      return plain;
    };

    const scan = (when: string) => {
      scans++;
      const public_ = new Set(made);
      const found = new Map<string, Set<string>>();
      const look = (where: string, text: string, quoted = false) => {
        const bad = [...cardIdsIn(text, quoted)].filter((c) => !public_.has(c));
        if (bad.length > 0) found.set(where, new Set(bad));
      };
      for (const [name, rows] of Object.entries(dumpSqlite(file))) {
        for (const row of rows) {
          look(`${name} row`, JSON.stringify(row));
          look(`${name} sealed`, openAll(row));
        }
      }
      for (const f of readdirSync(dir)) {
        look(`file ${f}`, readFileSync(join(dir, f)).toString('latin1'), true);
      }
      look('answers', answers.join('\n'));
      look('log', logs.join('\n'));
      assert.deepEqual(
        Object.fromEntries([...found].map(([k, v]) => [k, [...v]])),
        {},
        `${when}: cards found that are not public`,
      );
    };

    scan('seats claimed');
    // Keys, the three shuffle steps and the deal, one message at a time.
    for (;;) {
      let sent = false;
      for (let seat = 0; seat < 3; seat++) {
        const table = await d.view(seat);
        const owed = await d.drivers[seat]!.owed(table);
        if (owed === null) continue;
        assert.equal((await d.act(seat, owed)).status, 200);
        scan(`after seat ${seat}'s ${owed.type}`);
        sent = true;
      }
      if (!sent) break;
    }
    const hands = await Promise.all(
      [0, 1, 2].map(async (seat) => d.drivers[seat]!.hand(await d.view(seat))),
    );
    assert.deepEqual(
      hands.map((h) => h.length),
      [17, 17, 17],
      'every seat opened its 17 cards on its own device',
    );
    const dealt = new Set(hands.flat().map((c) => c.card));
    assert.equal(dealt.size, 51);
    scan('dealt');

    const landlord = await d.bidLandlord();
    const table = await d.view(landlord);
    const kitty = (await d.drivers[landlord]!.hand(table)).filter((c) =>
      table.hand.dark.kittyPositions.includes(c.position),
    );
    assert.equal(kitty.length, 3, "the landlord's device opened the kitty");
    // The kitty opened before this scan: it must be the only thing public. Scanning again with
    // it public must now pass, and the scan must find the kitty in the rows (it can see cards).
    assert.throws(() => scan('kitty not yet counted public'), /not public/);
    for (const c of kitty) made.add(c.card);
    scan('kitty public');

    let plays = 0;
    for (let i = 0; i < 200; i++) {
      const now = await d.view(0);
      if (now.hand.dark.stage !== 'play') break;
      const seat = now.hand.game.turn as number;
      const mine = await d.view(seat);
      let playing: string | null = null;
      if (mine.hand.game.lead === null) {
        const first = (await d.drivers[seat]!.hand(mine))[0]!;
        playing = first.card;
        const action = await d.drivers[seat]!.play(mine, [first.position]);
        const r = await d.act(seat, action);
        assert.equal(r.status, 200, r.text);
      } else {
        assert.equal((await d.act(seat, { type: 'pass' })).status, 200);
      }
      if (playing !== null) {
        made.add(playing);
        plays++;
      }
      scan(`after move ${i}`);
    }
    assert.ok(plays >= 20, `the landlord played out its hand (${plays} plays)`);
    const ended = await d.settle();
    assert.equal(ended.hand.dark.verdict.status, 'verified');
    // After the reveals the deck is public by design (docs/DARK.md §1): the record names every
    // card, so the last scan is of the hand in play only.
    assert.ok(scans > 60, `${scans} scans`);
    assert.ok(sealedOpened > 100, `${sealedOpened} sealed values opened`);
    // Every card that was never played stayed out of everything until the reveals.
    assert.ok(
      [...dealt].some((c) => !made.has(c)),
      'some cards were never made public',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
