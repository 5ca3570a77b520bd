import type { CliIo } from '../../src/cli/io.ts';

/** A CliIo that captures output, for running CLI commands in-process in tests. */
export function fakeIo(
  cwd = process.cwd(),
  stdoutIsTTY = false,
): CliIo & { stdout: string; stderr: string } {
  const io = {
    stdout: '',
    stderr: '',
    out: (t: string) => {
      io.stdout += t;
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
