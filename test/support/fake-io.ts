import type { CliIo } from '../../src/cli/io.ts';

/** A CliIo that captures output, for running CLI commands in-process in tests. */
export function fakeIo(
  cwd = process.cwd(),
  stdoutIsTTY = false,
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
    stdoutIsTTY,
    stderrIsTTY: false,
    env: {},
    cwd,
  };
  return io;
}
