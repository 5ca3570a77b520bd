// The floor the dealer is compared with in `npm run bench:server`: a bare hono + node:sqlite
// draw handler (no validation, no logging, no rate limiting, no card objects beyond the code),
// the same transaction shape. Run as `node bench/bare-dealer.ts <db> <decks>`; prints its URL
// and the deck ids on stderr.

import { DatabaseSync } from 'node:sqlite';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { toShuffled } from '../src/index.ts';

const [db, count] = [process.argv[2] ?? ':memory:', Number(process.argv[3] ?? 1000)];
const sql = new DatabaseSync(db);
sql.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL');
sql.exec('CREATE TABLE IF NOT EXISTS decks (id TEXT PRIMARY KEY, state TEXT NOT NULL)');
const codes = [...'SDCH'].flatMap((s) => [...'A234567890JQK'].map((v) => v + s));
const ids: string[] = [];
const insert = sql.prepare('INSERT INTO decks (id, state) VALUES (?, ?)');
for (let i = 0; i < count; i++) {
  const id = `d${i}`;
  insert.run(id, JSON.stringify({ stack: toShuffled(codes), drawn: [] }));
  ids.push(id);
}
const begin = sql.prepare('BEGIN IMMEDIATE');
const commit = sql.prepare('COMMIT');
const select = sql.prepare('SELECT state FROM decks WHERE id = ?');
const update = sql.prepare('UPDATE decks SET state = ? WHERE id = ?');
const app = new Hono();
app.get('/api/deck/:id/draw/', (c) => {
  const id = c.req.param('id');
  begin.run();
  const row = select.get(id) as { state: string };
  const state = JSON.parse(row.state) as { stack: string[]; drawn: string[] };
  const card = state.stack.shift();
  if (card !== undefined) state.drawn.push(card);
  update.run(JSON.stringify(state), id);
  commit.run();
  return c.json({
    success: true,
    deck_id: id,
    cards: [{ code: card }],
    remaining: state.stack.length,
  });
});
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.stderr.write(`bare on http://127.0.0.1:${info.port} ${ids.join(',')}\n`);
});
