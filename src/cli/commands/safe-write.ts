import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  lstatSync,
  openSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UsageError } from '../io.ts';

/** How {@link writeFileSafely} may write. */
export interface SafeWriteOptions {
  /** Mode 0600: the file holds a secret (a server seed, a client seed and salt). */
  readonly secret: boolean;
  /** Replace an existing file (never a symbolic link). */
  readonly force: boolean;
  /** The name to show in messages (the path as the user typed it). */
  readonly shown: string;
}

/**
 * Writes a file the safe way (issue 9): refuses a path that is a symbolic link (it could point at
 * any file of the user's), refuses to replace an existing file without `force`, and writes
 * atomically — a temporary file created exclusively in the same folder (mode 0600 for a secret,
 * so the secret is never readable by others, not even for a moment), flushed, then renamed over
 * the target. A crash leaves either the old file or the new one, never half of each.
 *
 * @example
 * ```ts
 * writeFileSafely('/tmp/round.json', text, { secret: true, force: false, shown: 'round.json' });
 * ```
 * @throws {UsageError} for a symbolic link, an existing file without `force`, or a write error.
 */
export function writeFileSafely(path: string, text: string, o: SafeWriteOptions): void {
  let exists = false;
  try {
    const st = lstatSync(path);
    exists = true;
    if (st.isSymbolicLink()) {
      throw new UsageError(`${o.shown} is a symbolic link; refusing to write through it`);
    }
    if (!st.isFile()) throw new UsageError(`${o.shown} exists and is not a regular file`);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    if ((error as { code?: string }).code !== 'ENOENT') {
      throw new UsageError(`cannot check ${o.shown} (${(error as { code?: string }).code})`);
    }
  }
  if (exists && !o.force)
    throw new UsageError(`${o.shown} exists; refusing to overwrite it (use --force)`);
  const tmp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  let fd: number | undefined;
  try {
    fd = openSync(tmp, 'wx', o.secret ? 0o600 : 0o644);
    writeSync(fd, text);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, path);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(tmp);
    } catch {
      // the temporary file was never created, or is gone already
    }
    throw new UsageError(
      `cannot write ${o.shown} (${(error as { code?: string }).code ?? (error as Error).message})`,
    );
  }
}
