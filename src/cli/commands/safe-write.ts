import { randomBytes } from 'node:crypto';
import {
  accessSync,
  closeSync,
  constants,
  fsyncSync,
  lstatSync,
  openSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { errnoWords, OutputError, UsageError } from '../io.ts';

/** How {@link writeFileSafely} may write. */
export interface SafeWriteOptions {
  /** Mode 0600: the file holds a secret (a server seed, a client seed and salt). */
  readonly secret: boolean;
  /** Replace an existing file (never a symbolic link). */
  readonly force: boolean;
  /** The name to show in messages (the path as the user typed it). */
  readonly shown: string;
}

const systemError = (shown: string, error: unknown): OutputError =>
  new OutputError(
    `cannot write ${shown}: ${errnoWords(error)}`,
    String((error as { code?: unknown }).code),
  );

/**
 * Everything {@link writeFileSafely} would refuse, checked without writing: a symbolic link, an
 * existing file without `force`, something that is not a regular file (exit 2: the command line
 * asks for it), a folder that is missing or that this user cannot write in (exit 1: the system
 * refuses). Commands call it before any step that changes state (a round dealt and saved, then
 * an `--out` refused, left a transcript nothing could print) or that takes long (a collect run),
 * so that a refusal comes first and changes nothing.
 *
 * @example
 * ```ts
 * checkWritable('/tmp/hand.json', { force: false, shown: 'hand.json' }); // throws if it exists
 * ```
 * @throws {UsageError} for a symbolic link, a file that is not regular, an existing file without
 *   `force`; {OutputError} for a path the system will not let this user write.
 */
export function checkWritable(path: string, o: Omit<SafeWriteOptions, 'secret'>): void {
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
    if ((error as { code?: string }).code !== 'ENOENT') throw systemError(o.shown, error);
  }
  if (exists && !o.force)
    throw new UsageError(`${o.shown} exists; refusing to overwrite it (use --force)`);
  try {
    // The temporary file is made in the same folder, then renamed: both need write and search.
    accessSync(dirname(path), constants.W_OK | constants.X_OK);
  } catch (error) {
    throw systemError(`${o.shown} (its folder)`, error);
  }
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
 * @throws {UsageError}/{OutputError} as {@link checkWritable}; {OutputError} for a write error.
 */
export function writeFileSafely(path: string, text: string, o: SafeWriteOptions): void {
  writeSafely(path, (write) => write(text), o);
}

/**
 * {@link writeFileSafely} for output made piece by piece (`collect` writes up to 2^38 bytes):
 * `body` gets a `write` for text or bytes, into the temporary file. If `body` throws, the
 * temporary file is removed, the target is as it was, and the error is passed on as it is.
 *
 * @example
 * ```ts
 * const o = { secret: false, force: false, shown: 'x.txt' };
 * writeSafely('/tmp/x.txt', (write) => write('a line\n'), o);
 * ```
 * @throws as {@link writeFileSafely}; whatever `body` throws.
 */
export function writeSafely(
  path: string,
  body: (write: (chunk: string | Uint8Array) => void) => void,
  o: SafeWriteOptions,
): void {
  checkWritable(path, o);
  const tmp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  let fd: number | undefined;
  // Where an error came from: the file system (reported as a write error) or `body` (passed on).
  let inBody = false;
  try {
    fd = openSync(tmp, 'wx', o.secret ? 0o600 : 0o644);
    const file = fd;
    inBody = true;
    body((chunk) => {
      inBody = false;
      writeAll(file, chunk);
      inBody = true;
    });
    inBody = false;
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
    if (inBody) throw error;
    throw systemError(o.shown, error);
  }
}

function writeAll(fd: number, chunk: string | Uint8Array): void {
  const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
  // writeSync may write less than asked: loop until every byte is in the file.
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done);
}
