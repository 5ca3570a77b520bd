import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { configFrom, DEFAULT_CONFIG } from './config.ts';

test('defaults: port 8080, ./data/fairdeal.db, NORMAL, 50/s burst 100, 14 days', () => {
  const c = configFrom({});
  assert.deepEqual(c, DEFAULT_CONFIG);
  assert.equal(c.port, 8080);
  assert.equal(c.db, './data/fairdeal.db');
  assert.equal(c.rateLimit, 50);
  assert.equal(c.rateBurst, 100);
  assert.equal(c.purgeDays, 14);
});

test('environment variables, and flags over them', () => {
  const env = {
    PORT: '9000',
    FAIRDEAL_DB: '/x.db',
    FAIRDEAL_RATE_LIMIT: 'off',
    PUBLIC_URL: 'https://c.example/',
  };
  const c = configFrom(env, { port: '9001', synchronous: 'full' });
  assert.equal(c.port, 9001);
  assert.equal(c.db, '/x.db');
  assert.equal(c.rateLimit, 0);
  assert.equal(c.synchronous, 'FULL');
  assert.equal(c.publicUrl, 'https://c.example');
});

test('bad values name their variable', () => {
  assert.throws(() => configFrom({ PORT: 'http' }), /PORT/);
  assert.throws(() => configFrom({ FAIRDEAL_SYNCHRONOUS: 'sometimes' }), /FAIRDEAL_SYNCHRONOUS/);
  assert.throws(() => configFrom({ PUBLIC_URL: 'not a url' }), /PUBLIC_URL/);
  assert.throws(() => configFrom({}, { rateBurst: '0' }), /FAIRDEAL_RATE_BURST/);
  assert.throws(() => configFrom({ FAIRDEAL_SWEEP_MS: 'often' }), /FAIRDEAL_SWEEP_MS/);
  assert.throws(() => configFrom({}, { sweepMs: '-1' }), /FAIRDEAL_SWEEP_MS/);
});

test('the deadline sweep: every second by default, 0 turns it off in this process', () => {
  assert.equal(configFrom({}).sweepMs, 1000);
  assert.equal(configFrom({ FAIRDEAL_SWEEP_MS: '0' }).sweepMs, 0);
  assert.equal(configFrom({ FAIRDEAL_SWEEP_MS: '250' }, { sweepMs: '5000' }).sweepMs, 5000);
});

test('rooms: empty 10 minutes and idle 30 by default; each settable (tests shorten them), 1 s at least', () => {
  assert.equal(configFrom({}).roomEmptyMs, 600_000);
  assert.equal(configFrom({}).roomIdleMs, 1_800_000);
  const c = configFrom({ FAIRDEAL_ROOM_EMPTY_MS: '5000', FAIRDEAL_ROOM_IDLE_MS: '9000' });
  assert.deepEqual([c.roomEmptyMs, c.roomIdleMs], [5000, 9000]);
  assert.throws(() => configFrom({ FAIRDEAL_ROOM_EMPTY_MS: '0' }), /FAIRDEAL_ROOM_EMPTY_MS/);
  assert.throws(() => configFrom({ FAIRDEAL_ROOM_IDLE_MS: 'soon' }), /FAIRDEAL_ROOM_IDLE_MS/);
});

test('DATABASE_URL: postgres:// or postgresql:// only, and a refusal never echoes it', () => {
  assert.equal(
    configFrom({ DATABASE_URL: 'postgres://u:pw@db/x' }).databaseUrl,
    'postgres://u:pw@db/x',
  );
  assert.equal(configFrom({ DATABASE_URL: 'postgresql://db/x' }).databaseUrl, 'postgresql://db/x');
  assert.equal(configFrom({ DATABASE_URL: '' }).databaseUrl, undefined);
  assert.throws(
    () => configFrom({ DATABASE_URL: 'mysql://u:secret-pw@db/x' }),
    (e: Error) =>
      e instanceof RangeError && /DATABASE_URL/.test(e.message) && !e.message.includes('secret-pw'),
  );
});

// docs/SERVICE.md's settings table is where an operator looks: every variable the service reads
// (its settings here, the tables' key in start.ts and tables/master-key.ts) has a row there.
test('docs/SERVICE.md’s settings table names every variable the service reads', () => {
  const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
  const docs = read('../../docs/SERVICE.md');
  const start = docs.indexOf('## Settings');
  const table = docs.slice(start, docs.indexOf('\n## ', start + 1));
  const rows = new Set([...table.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]));
  const sources = ['./config.ts', './start.ts', './tables/master-key.ts'].map(read).join('\n');
  const vars = new Set(
    sources.match(/\b(?:PORT|HOST|PUBLIC_URL|DATABASE_URL|FAIRDEAL_[A-Z_]*[A-Z])\b/g) ?? [],
  );
  assert.ok(vars.size >= 15, `${vars.size} variables found`);
  for (const name of vars) assert.ok(rows.has(name), `${name} has no row in docs/SERVICE.md`);
});

test('the tables purge: 30 days and 24-hour answers by default, 0 days keeps tables forever; bad values name their variable', () => {
  assert.equal(DEFAULT_CONFIG.tablePurgeDays, 30);
  assert.equal(DEFAULT_CONFIG.answerHours, 24);
  const c = configFrom({ FAIRDEAL_TABLE_PURGE_DAYS: '0', FAIRDEAL_ANSWER_HOURS: '2' });
  assert.equal(c.tablePurgeDays, 0);
  assert.equal(c.answerHours, 2);
  assert.equal(configFrom({}, { tablePurgeDays: '7' }).tablePurgeDays, 7);
  assert.throws(() => configFrom({ FAIRDEAL_TABLE_PURGE_DAYS: '-1' }), /FAIRDEAL_TABLE_PURGE_DAYS/);
  // An answer kept less than an hour could expire under a client still retrying.
  assert.throws(() => configFrom({ FAIRDEAL_ANSWER_HOURS: '0' }), /FAIRDEAL_ANSWER_HOURS/);
});
