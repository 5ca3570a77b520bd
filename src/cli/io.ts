import { writeSync } from 'node:fs';
import process from 'node:process';
import { isatty } from 'node:tty';

/**
 * What a CLI command may touch of the outside world. Commands get it as an argument so tests
 * run them in-process with captured output, and so no library code ever sees `process`.
 */
export interface CliIo {
  /**
   * Write to standard output (no newline added). Once the reader has gone (EPIPE, e.g.
   * `fairdeal deal doudizhu | head -1`) further output is dropped silently and the command
   * finishes with its own exit status; any other write error throws {@link OutputError}.
   */
  out(text: string): void;
  /** Write to standard error (no newline added). Errors writing it are ignored: nowhere to tell. */
  err(text: string): void;
  /** Binary output to standard output, same rules as `out` (optional: tests may leave it out). */
  outBytes?(bytes: Uint8Array): void;
  /** True once standard output's reader has gone: long producers may stop early. */
  readonly stdoutClosed?: boolean;
  /** Whether stdout is a terminal (colours, tables). */
  readonly stdoutIsTTY: boolean;
  /** Whether stderr is a terminal (progress bars). */
  readonly stderrIsTTY: boolean;
  /** Environment variables (NO_COLOR, FORCE_COLOR, …). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Working directory, for resolving relative paths given on the command line. */
  readonly cwd: string;
}

/** A command: parses its own arguments, returns the exit code (0 ok, 1 failure, 2 usage). */
export type Command = (args: string[], io: CliIo) => Promise<number>;

/** The error a command throws for bad usage; main prints its message and exits 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * A write to standard output or to a file named on the command line failed (ENOSPC, EIO, EBADF,
 * …); main prints the message, one line, and exits 1.
 */
export class OutputError extends Error {
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.name = 'OutputError';
    this.code = code;
  }
}

const ERRNO_WORDS: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EIO: 'input/output error',
  EBADF: 'not open for writing',
  EFBIG: 'file too large',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOENT: 'no such file or directory',
  EISDIR: 'is a directory',
  EEXIST: 'a file is in the way',
  ENOTDIR: 'a part of the path is not a directory',
  EROFS: 'read-only file system',
  EPIPE: 'the reader has gone',
  EADDRINUSE: 'the address is already in use',
  EADDRNOTAVAIL: 'the address is not on this machine',
};

/**
 * Plain words for a Node system error: `no space left on the device (ENOSPC)`.
 *
 * @example
 * ```ts
 * errnoWords({ code: 'ENOENT' }); // 'no such file or directory (ENOENT)'
 * ```
 * @throws never.
 */
export function errnoWords(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string') return `${ERRNO_WORDS[code] ?? 'system error'} (${code})`;
  return oneLine(error instanceof Error ? error.message : String(error));
}

/**
 * One printable line of at most 300 characters: control characters (raw bytes from a binary
 * file, ANSI escapes, newlines) become `\xNN` or spaces, so an error message can never spill
 * over several lines or drive the terminal.
 *
 * @example
 * ```ts
 * oneLine('a\nb\x1b[31m'); // 'a b\\x1b[31m'
 * ```
 * @throws never.
 */
export function oneLine(text: string): string {
  const flat = text
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .replace(
      /[\p{Cc}\u2028\u2029\ufffd]/gu,
      (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
    )
    .trim();
  return flat.length > 300 ? `${flat.slice(0, 297)}…` : flat;
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Writes every byte to `fd` synchronously, so that output and its errors happen in order and
 * before the process exits. A non-blocking pipe (Node makes piped stdio non-blocking once
 * anything touches `process.stdout`, and the flag is shared with whoever else holds the pipe)
 * answers EAGAIN when the reader falls behind: wait 1 ms and retry, without spinning a core.
 *
 * @example
 * ```ts
 * writeFully(fd, new TextEncoder().encode('hello\n'));
 * ```
 * @throws the system error of the failed write (EPIPE, ENOSPC, …), with its `code`.
 */
export function writeFully(fd: number, bytes: Uint8Array): void {
  let off = 0;
  while (off < bytes.length) {
    try {
      off += writeSync(fd, bytes, off, bytes.length - off);
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EAGAIN') throw error;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

const encoder = new TextEncoder();

/**
 * The process-bound I/O used when `fairdeal` runs as a program: the one output path of every
 * command. Standard output and error are written synchronously (fd 1 and 2, never through
 * `process.stdout`, whose pipe errors arrive later as an unhandled 'error' event with a stack
 * trace). A reader that has gone (EPIPE) silences stdout for the rest of the run; any other write
 * error (ENOSPC from `> /dev/full`, EIO, …) throws {@link OutputError}, which main turns into
 * one line and exit 1.
 *
 * @example
 * ```ts
 * process.exitCode = await main(process.argv.slice(2), processIo());
 * ```
 * @throws never itself; its `out` throws {@link OutputError} as described.
 */
export function processIo(): CliIo {
  let closed = false;
  const toStdout = (bytes: Uint8Array) => {
    if (closed) return;
    try {
      writeFully(1, bytes);
    } catch (error) {
      const code = String((error as { code?: unknown }).code ?? 'EIO');
      if (code === 'EPIPE') {
        closed = true;
        return;
      }
      throw new OutputError(`cannot write to standard output: ${errnoWords(error)}`, code);
    }
  };
  return {
    out: (text) => toStdout(encoder.encode(text)),
    outBytes: toStdout,
    err: (text) => {
      try {
        writeFully(2, encoder.encode(text));
      } catch {
        // Standard error itself failed: there is nowhere left to say so.
      }
    },
    get stdoutClosed() {
      return closed;
    },
    stdoutIsTTY: isatty(1),
    stderrIsTTY: isatty(2),
    env: process.env,
    cwd: process.cwd(),
  };
}
