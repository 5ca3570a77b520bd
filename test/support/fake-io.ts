import type { CliIo } from '../../src/cli/io.ts';

/** What a test may set of the terminal and environment a command sees. */
export interface FakeIoOptions {
  /** Standard output is a terminal (colours, the binary-output refusal). Default false. */
  readonly stdoutIsTTY?: boolean;
  /** Standard error is a terminal (progress bars). Default false. */
  readonly stderrIsTTY?: boolean;
  /** Environment variables (NO_COLOR, FORCE_COLOR, …). Default none. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * The one CliIo for running CLI commands in-process in tests: it captures standard output (text
 * and bytes) and standard error. Named options, not positional flags: the copies this replaced
 * read a second `true` as "stdout is a terminal" in one test file and "stderr is" in another.
 *
 * @example
 * ```ts
 * const io = fakeIo(dir, { stderrIsTTY: true });
 * await main(['audit', '--algorithm', 'swap-any'], io);
 * io.stderr; // what the command wrote to standard error
 * ```
 */
export function fakeIo(
  cwd = process.cwd(),
  options: FakeIoOptions = {},
): CliIo & { stdout: string; stderr: string; stdoutBytes: Buffer } {
  const io = {
    stdout: '',
    stderr: '',
    stdoutBytes: Buffer.alloc(0),
    out: (t: string) => {
      io.stdout += t;
    },
    outBytes: (b: Uint8Array) => {
      io.stdoutBytes = Buffer.concat([io.stdoutBytes, b]);
    },
    err: (t: string) => {
      io.stderr += t;
    },
    stdoutIsTTY: options.stdoutIsTTY ?? false,
    stderrIsTTY: options.stderrIsTTY ?? false,
    env: options.env ?? {},
    cwd,
  };
  return io;
}
