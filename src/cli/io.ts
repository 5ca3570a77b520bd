/**
 * What a CLI command may touch of the outside world. Commands get it as an argument so tests
 * run them in-process with captured output, and so no library code ever sees `process`.
 */
export interface CliIo {
  /** Write to standard output (no newline added). */
  out(text: string): void;
  /** Write to standard error (no newline added). */
  err(text: string): void;
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
