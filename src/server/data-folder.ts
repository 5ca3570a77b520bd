import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Makes the folder of the SQLite file `path`, one level at a time from the nearest folder that
 * exists, or fails at once with one line naming the folder. Node's recursive `mkdirSync` never
 * returns for some paths it cannot create (`/proc/x/y.db`: procfs answers ENOENT for the parent
 * it has just "made", in Node 20 and 24), so `fairdeal serve --db /proc/x/y.db` hung silently
 * (issue 27).
 *
 * @example
 * ```ts
 * ensureDataFolder('./data/fairdeal.db'); // ./data exists afterwards
 * ```
 * @throws {Error} `cannot create the data folder …` (with the system error's `code`, `syscall`
 *   and `path`) when a level cannot be made or is not a folder.
 */
export function ensureDataFolder(path: string): void {
  if (path === ':memory:' || path === '') return;
  const folder = resolve(dirname(path));
  const missing: string[] = [];
  let at = folder;
  for (;;) {
    let stat: ReturnType<typeof statSync> | undefined;
    try {
      stat = statSync(at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw cannot(folder, error);
    }
    if (stat !== undefined) {
      if (!stat.isDirectory()) throw cannot(folder, `${at} is not a folder`);
      break;
    }
    missing.push(at);
    const up = dirname(at);
    if (up === at) break;
    at = up;
  }
  for (const level of missing.reverse()) {
    try {
      mkdirSync(level);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw cannot(folder, error);
    }
  }
}

// Shaped as the system error it is (code, syscall, path), so the CLI prints it as it prints every
// other path it cannot use: `cannot use /proc/x: no such file or directory (ENOENT)`.
function cannot(folder: string, why: unknown): Error {
  const code = typeof why === 'string' ? 'ENOTDIR' : ((why as NodeJS.ErrnoException).code ?? 'EIO');
  const reason = typeof why === 'string' ? why : code;
  return Object.assign(new Error(`cannot create the data folder ${folder}: ${reason}`), {
    code,
    syscall: 'mkdir',
    path: folder,
  });
}
