import {
  chmodSync,
  constants,
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { secureBytes } from './random-bytes.ts';

/** The keys a {@link createSecretBox} is made from. */
export interface MasterKeys {
  /** Seals, opens and signs. */
  readonly current: Uint8Array;
  /** Only open what they sealed before a rotation (`FAIRDEAL_SECRET_KEY_PREVIOUS`). */
  readonly previous: readonly Uint8Array[];
  /** Where `current` came from, for the operator: the variable, a file's path, or `memory`. */
  readonly from: string;
}

/** How {@link loadMasterKeys} behaves beyond the environment. */
export interface MasterKeyOptions {
  /** One line for the operator (a key file moved, or left where a copy of the data opens it). */
  readonly warn?: (line: string) => void;
  /**
   * Several processes share the data (PostgreSQL): the key must come from the operator — the
   * variable or an existing `FAIRDEAL_KEY_FILE` — never be made here, where each process would
   * make its own.
   */
  readonly shared?: boolean;
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Where the key file is by default: `$XDG_CONFIG_HOME/fairdeal/secret.key`, else
 * `%APPDATA%\fairdeal\secret.key` on Windows, else `~/.config/fairdeal/secret.key` — the user's
 * configuration, which a backup or copy of the data folder does not take along. One key per user,
 * not per database, so a database folder can move without losing its key.
 *
 * @example
 * ```ts
 * defaultKeyFile({ XDG_CONFIG_HOME: '/home/ana/.config' }); // '/home/ana/.config/fairdeal/secret.key'
 * ```
 * @throws never.
 */
export function defaultKeyFile(env: Env): string {
  // The XDG Base Directory spec: a relative value is invalid and must be ignored.
  const xdg = env.XDG_CONFIG_HOME;
  const base = xdg?.startsWith('/')
    ? xdg
    : process.platform === 'win32' && env.APPDATA
      ? env.APPDATA
      : join(env.HOME || homedir(), '.config');
  return join(base, 'fairdeal', 'secret.key');
}

function fromHex(text: string, where: string): Uint8Array {
  const t = text.trim();
  if (!/^[0-9a-fA-F]{64}$/.test(t)) throw new Error(`${where} must be 64 hex digits (32 bytes)`);
  return Buffer.from(t, 'hex');
}

function readKeyFile(file: string): Uint8Array {
  chmodSync(file, 0o600);
  return fromHex(readFileSync(file, 'utf8'), file);
}

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * The master keys: the current one from `FAIRDEAL_SECRET_KEY` (64 hex digits) or a key file
 * (`FAIRDEAL_KEY_FILE`, default {@link defaultKeyFile}: outside the data folder), made with mode
 * 0600 on first start and read afterwards (a key file found with wider permissions is set to
 * 0600); with an in-memory database and no key file named, a fresh key for the process. Previous
 * keys, which only open, from `FAIRDEAL_SECRET_KEY_PREVIOUS` (64 hex digits each, separated by
 * commas). A key file left by an older version next to the database (`<db>.key`, where a copy
 * of the data folder took it along) is moved to the key file's place, with one line to `warn`;
 * if another key is already there, the old file stays in use and `warn` says so — a key that
 * opens stored rows is never dropped.
 *
 * @example
 * ```ts
 * const keys = loadMasterKeys(process.env, './data/fairdeal.db');
 * const box = createSecretBox(keys.current, keys.previous);
 * ```
 * @throws {Error} for a malformed key, both `FAIRDEAL_SECRET_KEY` and `FAIRDEAL_KEY_FILE`, or a
 *   shared store without an operator's key.
 */
export function loadMasterKeys(
  env: Env,
  dbPath: string,
  options: MasterKeyOptions = {},
): MasterKeys {
  const warn = options.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  const previous = (env.FAIRDEAL_SECRET_KEY_PREVIOUS ?? '')
    .split(/[\s,]+/)
    .filter((s) => s !== '')
    .map((s, i) => fromHex(s, `FAIRDEAL_SECRET_KEY_PREVIOUS (key ${i + 1})`));
  const value = env.FAIRDEAL_SECRET_KEY;
  const named = env.FAIRDEAL_KEY_FILE === '' ? undefined : env.FAIRDEAL_KEY_FILE;
  if (value !== undefined && value !== '') {
    if (named !== undefined) {
      throw new Error('set FAIRDEAL_SECRET_KEY or FAIRDEAL_KEY_FILE, not both');
    }
    return {
      current: fromHex(value, 'FAIRDEAL_SECRET_KEY'),
      previous,
      from: 'FAIRDEAL_SECRET_KEY',
    };
  }
  if (options.shared === true) {
    if (named === undefined || !existsSync(named)) {
      throw new Error(
        'every process needs the same key: set FAIRDEAL_SECRET_KEY, or FAIRDEAL_KEY_FILE to an existing key file (docs/DEPLOY.md)',
      );
    }
    return { current: readKeyFile(named), previous, from: named };
  }
  if (dbPath === ':memory:' && named === undefined) {
    return { current: secureBytes(32), previous, from: 'memory' };
  }
  const file = named ?? defaultKeyFile(env);
  const legacy = dbPath === ':memory:' ? undefined : `${dbPath}.key`;
  if (legacy !== undefined && resolve(legacy) !== resolve(file) && existsSync(legacy)) {
    const kept = moveLegacy(legacy, file, warn);
    if (kept !== undefined) return { current: kept, previous, from: legacy };
  }
  if (dbPath !== ':memory:' && dirname(resolve(file)) === dirname(resolve(dbPath))) {
    warn(
      `fairdeal: the tables' key file ${file} is in the database's folder: a copy of the folder opens the sealed rows (docs/TABLES.md, "Keys")`,
    );
  }
  if (existsSync(file)) return { current: readKeyFile(file), previous, from: file };
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const key = secureBytes(32);
  try {
    writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process starting at the same moment made it first: that one is the key.
    if (codeOf(error) === 'EEXIST') return { current: readKeyFile(file), previous, from: file };
    throw error;
  }
  return { current: key, previous, from: file };
}

/**
 * Moves `<db>.key` to `file` (never over another key: a hard link or an exclusive copy, then the
 * old name goes). Returns the old file's key when it must stay in use: another key is already
 * at `file`, or the move failed.
 */
function moveLegacy(
  legacy: string,
  file: string,
  warn: (line: string) => void,
): Uint8Array | undefined {
  let old: Uint8Array;
  try {
    old = readKeyFile(legacy);
  } catch (error) {
    // Moved meanwhile by another process starting on the same database.
    if (codeOf(error) === 'ENOENT') return undefined;
    throw error;
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  let placed = false;
  try {
    linkSync(legacy, file);
    placed = true;
  } catch (error) {
    const code = codeOf(error);
    if (code === 'ENOENT') return undefined;
    if (code !== 'EEXIST') {
      // Another file system (EXDEV), or one without hard links: copy, still never over a key.
      try {
        copyFileSync(legacy, file, constants.COPYFILE_EXCL);
        chmodSync(file, 0o600);
        placed = true;
      } catch (copyError) {
        if (codeOf(copyError) === 'ENOENT') return undefined;
        if (codeOf(copyError) !== 'EEXIST') {
          warn(
            `fairdeal: could not move the tables' key ${legacy} to ${file} (${codeOf(copyError) ?? 'error'}); still using it where it is — a copy of the data folder opens the sealed rows`,
          );
          return old;
        }
      }
    }
  }
  if (!placed && !Buffer.from(readKeyFile(file)).equals(Buffer.from(old))) {
    warn(
      `fairdeal: ${legacy} is in the database's folder, where a copy of the folder opens the sealed rows, and ${file} holds another key: still using ${legacy}. Move it out and name it with FAIRDEAL_KEY_FILE (docs/TABLES.md, "Keys")`,
    );
    return old;
  }
  try {
    unlinkSync(legacy);
  } catch (error) {
    if (codeOf(error) !== 'ENOENT') throw error;
  }
  warn(
    `fairdeal: moved the tables' key from ${legacy} to ${file}, out of the data folder; back it up apart from the data (docs/TABLES.md, "Keys")`,
  );
  return undefined;
}
