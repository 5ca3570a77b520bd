import assert from 'node:assert/strict';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { defaultKeyFile, loadMasterKeys } from './master-key.ts';

const hex = (k: Uint8Array) => Buffer.from(k).toString('hex');

/** A data folder and a separate home for the user's configuration, both fresh. */
function places() {
  const root = mkdtempSync(join(tmpdir(), 'fairdeal-master-key-'));
  const data = join(root, 'data');
  const config = join(root, 'config');
  const lines: string[] = [];
  return {
    root,
    data,
    db: join(data, 'fairdeal.db'),
    env: { XDG_CONFIG_HOME: config } as Record<string, string>,
    userKey: join(config, 'fairdeal', 'secret.key'),
    lines,
    warn: (line: string) => lines.push(line),
    [Symbol.dispose]: () => rmSync(root, { recursive: true, force: true }),
  };
}

test('master key: FAIRDEAL_SECRET_KEY wins; malformed keys and two sources are refused', () => {
  const k = 'ab'.repeat(32);
  const keys = loadMasterKeys({ FAIRDEAL_SECRET_KEY: k }, ':memory:');
  assert.equal(hex(keys.current), k);
  assert.deepEqual(keys.previous, []);
  assert.throws(() => loadMasterKeys({ FAIRDEAL_SECRET_KEY: 'short' }, ':memory:'), /64 hex/);
  assert.throws(
    () => loadMasterKeys({ FAIRDEAL_SECRET_KEY: k, FAIRDEAL_KEY_FILE: '/x' }, ':memory:'),
    /not both/,
  );
  const prev = loadMasterKeys(
    {
      FAIRDEAL_SECRET_KEY: k,
      FAIRDEAL_SECRET_KEY_PREVIOUS: `${'01'.repeat(32)}, ${'02'.repeat(32)}`,
    },
    ':memory:',
  ).previous;
  assert.deepEqual(prev.map(hex), ['01'.repeat(32), '02'.repeat(32)]);
  assert.throws(
    () =>
      loadMasterKeys({ FAIRDEAL_SECRET_KEY: k, FAIRDEAL_SECRET_KEY_PREVIOUS: 'zz' }, ':memory:'),
    /FAIRDEAL_SECRET_KEY_PREVIOUS \(key 1\) must be 64 hex digits/,
  );
  // In memory, a fresh key per process, and no file anywhere.
  assert.notEqual(
    hex(loadMasterKeys({}, ':memory:').current),
    hex(loadMasterKeys({}, ':memory:').current),
  );
});

test('master key: without the variable, a 0600 key file in the user configuration, never in the data folder', () => {
  using p = places();
  const k1 = loadMasterKeys(p.env, p.db, { warn: p.warn });
  assert.equal(k1.from, p.userKey);
  assert.equal(statSync(p.userKey).mode & 0o777, 0o600);
  assert.equal(statSync(join(p.userKey, '..')).mode & 0o777, 0o700);
  assert.match(readFileSync(p.userKey, 'utf8'), /^[0-9a-f]{64}\n$/);
  assert.equal(existsSync(`${p.db}.key`), false);
  assert.equal(existsSync(p.data), false, 'nothing made in the data folder');
  chmodSync(p.userKey, 0o644);
  assert.equal(hex(loadMasterKeys(p.env, p.db).current), hex(k1.current));
  assert.equal(statSync(p.userKey).mode & 0o777, 0o600);
  // One key for the user's databases: another database, or the same one moved, opens with it.
  assert.equal(hex(loadMasterKeys(p.env, join(p.root, 'moved', 'x.db')).current), hex(k1.current));
  assert.deepEqual(p.lines, []);
  // FAIRDEAL_KEY_FILE chooses the place (also for an in-memory database).
  const named = join(p.root, 'keys', 'dealer.key');
  const k2 = loadMasterKeys({ ...p.env, FAIRDEAL_KEY_FILE: named }, ':memory:');
  assert.equal(readFileSync(named, 'utf8').trim(), hex(k2.current));
  assert.notEqual(hex(k2.current), hex(k1.current));
  // Named in the data folder itself: it works, and the operator is told what that means.
  mkdirSync(p.data, { recursive: true });
  loadMasterKeys({ FAIRDEAL_KEY_FILE: join(p.data, 'k') }, p.db, { warn: p.warn });
  assert.match(p.lines.join('\n'), /is in the database's folder: a copy of the folder opens/);
});

test('master key: the default place follows XDG_CONFIG_HOME (absolute only), else HOME/.config', () => {
  assert.equal(defaultKeyFile({ XDG_CONFIG_HOME: '/etc/x' }), '/etc/x/fairdeal/secret.key');
  if (process.platform !== 'win32') {
    assert.equal(
      defaultKeyFile({ XDG_CONFIG_HOME: 'relative', HOME: '/home/ana' }),
      '/home/ana/.config/fairdeal/secret.key',
    );
  }
});

test('master key: an old <db>.key moves out of the data folder, once, with one line; the same key opens on', () => {
  using p = places();
  mkdirSync(p.data, { recursive: true });
  const old = 'cd'.repeat(32);
  writeFileSync(`${p.db}.key`, `${old}\n`, { mode: 0o644 });
  const keys = loadMasterKeys(p.env, p.db, { warn: p.warn });
  assert.equal(hex(keys.current), old, 'rows sealed with the old key still open');
  assert.equal(existsSync(`${p.db}.key`), false);
  assert.deepEqual(readdirSync(p.data), [], 'no key left in the data folder');
  assert.equal(readFileSync(p.userKey, 'utf8').trim(), old);
  assert.equal(statSync(p.userKey).mode & 0o777, 0o600);
  assert.equal(p.lines.length, 1);
  assert.match(p.lines[0]!, /moved the tables' key from .*fairdeal\.db\.key to .*secret\.key/);
  assert.equal(p.lines[0]!.includes(old), false, 'the key itself is never printed');
  // Next start: read from its new place, nothing said.
  assert.equal(hex(loadMasterKeys(p.env, p.db, { warn: p.warn }).current), old);
  assert.equal(p.lines.length, 1);
});

test('master key: an old <db>.key next to ANOTHER user key stays in use (never dropped), with a warning', () => {
  using p = places();
  mkdirSync(p.data, { recursive: true });
  const user = loadMasterKeys(p.env, join(p.root, 'other.db')).current;
  const old = 'ef'.repeat(32);
  writeFileSync(`${p.db}.key`, `${old}\n`, { mode: 0o600 });
  const keys = loadMasterKeys(p.env, p.db, { warn: p.warn });
  assert.equal(hex(keys.current), old);
  assert.equal(readFileSync(`${p.db}.key`, 'utf8').trim(), old, 'left where it was');
  assert.equal(readFileSync(p.userKey, 'utf8').trim(), hex(user), 'the user key untouched');
  assert.match(p.lines.join('\n'), /holds another key: still using .*FAIRDEAL_KEY_FILE/);
  // The same key in both places: the copy in the data folder goes.
  writeFileSync(`${p.db}.key`, `${hex(user)}\n`, { mode: 0o600 });
  assert.equal(hex(loadMasterKeys(p.env, p.db, { warn: p.warn }).current), hex(user));
  assert.equal(existsSync(`${p.db}.key`), false);
});

test('master key: with a shared store (PostgreSQL) the operator names the key; none is ever made', () => {
  using p = places();
  assert.throws(
    () => loadMasterKeys(p.env, p.db, { shared: true }),
    /every process needs the same key/,
  );
  const file = join(p.root, 'shared.key');
  assert.throws(
    () => loadMasterKeys({ ...p.env, FAIRDEAL_KEY_FILE: file }, p.db, { shared: true }),
    /every process needs the same key/,
  );
  assert.equal(existsSync(file), false);
  assert.equal(existsSync(p.userKey), false);
  writeFileSync(file, `${'12'.repeat(32)}\n`, { mode: 0o600 });
  const keys = loadMasterKeys({ ...p.env, FAIRDEAL_KEY_FILE: file }, p.db, { shared: true });
  assert.equal(hex(keys.current), '12'.repeat(32));
  assert.equal(
    hex(loadMasterKeys({ FAIRDEAL_SECRET_KEY: '34'.repeat(32) }, p.db, { shared: true }).current),
    '34'.repeat(32),
  );
});
