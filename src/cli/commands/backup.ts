import { randomBytes } from 'node:crypto';
import { constants, copyFileSync, existsSync, linkSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DatabaseSync, backup as sqliteBackup } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { type Command, OutputError, UsageError } from '../io.ts';
import { InputError } from '../read-input.ts';

const HELP = `Usage: fairdeal backup --to FILE [--db FILE]

Copies the service's SQLite file to FILE while the service runs (SQLite's online backup: one
consistent snapshot; the service goes on reading and writing). FILE must not exist; the copy is
written beside it and takes the name only once checked, so FILE is whole or absent.

Options:
  --db FILE   the SQLite file (FAIRDEAL_DB, default ./data/fairdeal.db)
  --to FILE   where the copy goes
  -h, --help  this help

The copy holds no key: the tables' secrets in it are sealed with the master key (docs/TABLES.md,
"Keys"). Back up FAIRDEAL_SECRET_KEY or the key file on its own, apart from the copies; a restore
needs both. PostgreSQL (DATABASE_URL): use pg_dump (docs/DEPLOY.md, "Backups").
`;

// One step copies every page: a step holds one read snapshot, so the copy is consistent however
// much the service writes meanwhile (WAL: the service's writers are never blocked by it). With
// smaller steps, SQLite restarts the copy whenever another connection writes between two steps,
// and under steady writes it might never finish.
const ALL_PAGES = 2_147_483_647;

/** `fairdeal backup`: an online copy of the service's SQLite file. */
export const backupCommand: Command = async (args, io) => {
  const { values } = parseArgs({
    args,
    options: {
      db: { type: 'string' },
      to: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  if (values.to === undefined || values.to === '') {
    throw new UsageError('--to FILE is required: where the copy goes (see fairdeal backup --help)');
  }
  const named = values.db ?? io.env.FAIRDEAL_DB;
  if (named === undefined && (io.env.DATABASE_URL ?? '') !== '') {
    throw new UsageError(
      'DATABASE_URL is set: the service keeps its data in PostgreSQL; back it up with pg_dump (docs/DEPLOY.md, "Backups"), or name the SQLite file with --db',
    );
  }
  const from = resolve(io.cwd, named === undefined || named === '' ? './data/fairdeal.db' : named);
  const to = resolve(io.cwd, values.to);
  if (!existsSync(from) || !statSync(from).isFile()) {
    throw new InputError(`no SQLite file at ${from}`);
  }
  if (to === from) throw new UsageError('--to names the database itself');
  if (existsSync(to)) {
    throw new OutputError(
      `${to} exists: a backup never overwrites (remove it or name another)`,
      'EEXIST',
    );
  }
  if (!existsSync(dirname(to))) {
    throw new OutputError(`cannot write ${to}: no such folder`, 'ENOENT');
  }
  const source = openSource(from);
  const partial = `${to}.partial-${randomBytes(4).toString('hex')}`;
  try {
    const step = schemaStep(source, from);
    try {
      await sqliteBackup(source, partial, { rate: ALL_PAGES });
    } catch (error) {
      throw new OutputError(`cannot write ${to}: ${(error as Error).message}`, 'EIO');
    }
    const counts = checkCopy(partial, to);
    place(partial, to);
    io.out(
      `backed up ${from} (schema step ${step}: ${counts.tables} table(s), ${counts.hands} finished hand(s), ${counts.decks} deck(s)) to ${to}\n`,
    );
    io.err(
      "the copy holds no key: keep the tables' key (FAIRDEAL_SECRET_KEY or the key file) backed up on its own\n",
    );
    return 0;
  } finally {
    source.close();
    for (const suffix of ['', '-wal', '-shm', '-journal'])
      rmSync(`${partial}${suffix}`, { force: true });
  }
};

// The checked copy takes its name only if the name is still free (a link fails on an existing
// name, where a rename would replace it); a file system without hard links gets an exclusive copy.
function place(partial: string, to: string): void {
  const taken = () =>
    new OutputError(
      `${to} exists: a backup never overwrites (remove it or name another)`,
      'EEXIST',
    );
  try {
    linkSync(partial, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw taken();
    try {
      copyFileSync(partial, to, constants.COPYFILE_EXCL);
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'EEXIST') throw taken();
      throw again;
    }
  }
}

function openSource(path: string): DatabaseSync {
  try {
    // Not read-only: a reader of a WAL file may need to make its shared-memory index. It writes
    // nothing: no migration, no pragma that changes the file.
    return new DatabaseSync(path, { timeout: 5000 });
  } catch (error) {
    throw new InputError(`cannot open ${path}: ${(error as Error).message}`);
  }
}

// The schema step of a fairdeal file; anything else (not SQLite, or another program's) is refused
// before a copy is made.
function schemaStep(db: DatabaseSync, path: string): number {
  let step: number;
  let tables: number;
  try {
    step = Number(
      (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version,
    );
    tables = Number(
      (
        db
          .prepare(
            "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN ('decks', 'fd_tables')",
          )
          .get() as { n: number }
      ).n,
    );
  } catch (error) {
    throw new InputError(`${path} is not a SQLite database: ${(error as Error).message}`);
  }
  if (step < 1 || tables === 0) throw new InputError(`${path} is not a fairdeal database`);
  return step;
}

// The copy is checked before it takes its name: SQLite's own check of every page and index, then
// what it holds, counted for the line the operator reads.
function checkCopy(partial: string, to: string): { tables: number; hands: number; decks: number } {
  const copy = new DatabaseSync(partial);
  try {
    const check = copy.prepare('PRAGMA quick_check').all() as { quick_check: string }[];
    if (check.length !== 1 || check[0]?.quick_check !== 'ok') {
      throw new OutputError(
        `the copy for ${to} failed SQLite's check: ${check[0]?.quick_check}`,
        'EIO',
      );
    }
    const count = (table: string) => {
      const exists = copy
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
        .get(table);
      return exists === undefined
        ? 0
        : Number((copy.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);
    };
    return { tables: count('fd_tables'), hands: count('fd_table_hands'), decks: count('decks') };
  } finally {
    copy.close();
  }
}
