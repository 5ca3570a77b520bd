import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, test } from 'node:test';
import { fakeIo } from '../../../test/support/fake-io.ts';
import { migrate } from '../../server/store/sqlite/migrate.ts';
import { main } from '../main.ts';

// `fairdeal backup`'s refusals: each one line, nothing written, nothing overwritten. The copy of
// a running service is tested end to end in test/server/backup-restore.test.ts.
const dir = mkdtempSync(join(tmpdir(), 'fairdeal-backup-cli-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const db = join(dir, 'fairdeal.db');
const made = new DatabaseSync(db);
migrate(made);
made.exec(
  `INSERT INTO fd_tables (id, doc, version, created_at, updated_at) VALUES ('t', '{}', 1, 0, 0)`,
);
made.close();

const run = async (args: string[], env: Record<string, string> = {}) => {
  const io = fakeIo(dir, { env });
  const code = await main(['backup', ...args], io);
  return { code, out: io.stdout, err: io.stderr };
};

test('backup: a copy of a fairdeal file, checked and counted; relative paths from the working folder', async () => {
  const r = await run(['--db', 'fairdeal.db', '--to', 'copy.db']);
  assert.equal(r.code, 0, r.err);
  assert.match(
    r.out,
    /schema step \d+: 1 table\(s\), 0 finished hand\(s\), 0 deck\(s\)\) to .*copy\.db/,
  );
  const copy = new DatabaseSync(join(dir, 'copy.db'));
  assert.deepEqual(
    copy
      .prepare('SELECT id FROM fd_tables')
      .all()
      .map((x) => x.id),
    ['t'],
  );
  copy.close();
});

test('backup: the default file is FAIRDEAL_DB', async () => {
  const r = await run(['--to', 'from-env.db'], { FAIRDEAL_DB: db });
  assert.equal(r.code, 0, r.err);
});

test('backup: refusals are one line, and overwrite nothing', async () => {
  const cases: [string[], Record<string, string>, number, RegExp][] = [
    [[], {}, 2, /--to FILE is required/],
    [['--to', 'x.db'], { DATABASE_URL: 'postgres://h/db' }, 2, /pg_dump/],
    [['--db', 'missing.db', '--to', 'x.db'], {}, 1, /no SQLite file at .*missing\.db/],
    [['--db', db, '--to', db], {}, 2, /names the database itself/],
    [['--db', db, '--to', join(dir, 'no', 'x.db')], {}, 1, /no such folder/],
    [['--db', db, '--bogus'], {}, 2, /unknown option '--bogus'/],
  ];
  for (const [args, env, code, line] of cases) {
    const r = await run(args, env);
    assert.equal(r.code, code, `${args.join(' ')}: ${r.err}`);
    assert.match(r.err, line);
    assert.equal(r.err.trim().split('\n').length, 1, r.err);
    assert.doesNotMatch(r.err, /\n\s+at /, 'no stack trace');
  }
  writeFileSync(join(dir, 'taken.db'), 'keep me');
  const taken = await run(['--db', db, '--to', 'taken.db']);
  assert.equal(taken.code, 1);
  assert.match(taken.err, /exists: a backup never overwrites/);
  assert.equal(readFileSync(join(dir, 'taken.db'), 'utf8'), 'keep me');
  writeFileSync(join(dir, 'notes.txt'), 'not a database at all, just some text');
  const text = await run(['--db', 'notes.txt', '--to', 'y.db']);
  assert.equal(text.code, 1);
  assert.match(text.err, /not a SQLite database|not a fairdeal database/);
  const other = new DatabaseSync(join(dir, 'other.db'));
  other.exec('CREATE TABLE x (a)');
  other.close();
  const foreign = await run(['--db', 'other.db', '--to', 'z.db']);
  assert.equal(foreign.code, 1);
  assert.match(foreign.err, /not a fairdeal database/);
});

test('backup --help names the key that the copy does not hold', async () => {
  const r = await run(['--help']);
  assert.equal(r.code, 0);
  assert.match(r.out, /holds no key/);
  assert.match(r.out, /pg_dump/);
});
