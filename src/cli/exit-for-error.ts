import { errnoWords, OutputError, oneLine, UsageError } from './io.ts';
import { InputError } from './read-input.ts';

/** A failure as the CLI reports it: one line (no prefix) and the exit status. */
export interface ExitLine {
  readonly line: string;
  readonly status: 1 | 2;
}

/**
 * Library error codes that always come from what was typed on the command line (a preset name):
 * usage errors, exit 2, in every command alike. `BAD_OPTION` and `BAD_SEED` are not among them:
 * the fair-deal protocol also uses them for failures (a step out of order, a reveal that does not
 * match its commitment), so commands check typed seeds and options themselves (parseSeedOption,
 * deal's option mapping) and report those as usage errors. `MISSING_PEER` is one too: like a
 * usage error it is found before anything runs (each command checks its optional packages
 * first), and the line says what to type.
 */
const USAGE_CODES = new Set(['UNKNOWN_PRESET', 'MISSING_PEER']);

/**
 * node:util parseArgs speaks of "Option '-s, --seed <value>'" over up to three lines; say the
 * same in the CLI's words, on one line.
 */
function parseArgsLine(error: { code: string; message: string }, command: string): string {
  const first = error.message.split('\n')[0] ?? '';
  const quoted = /'([^']*)'/.exec(first)?.[1] ?? '';
  const flag = /--[\w-]+/.exec(quoted)?.[0] ?? quoted;
  const help = command === '' ? 'fairdeal --help' : `fairdeal ${command} --help`;
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option '${flag}' (see ${help})`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument '${quoted}' (see ${help})`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (/ambiguous/.test(first)) {
        return `${flag} needs a value; to give one that starts with '-', write ${flag}=-VALUE`;
      }
      if (/argument missing/.test(first)) return `${flag} needs a value`;
      if (/does not take an argument/.test(first)) return `${flag} does not take a value`;
      return oneLine(first);
    default:
      return oneLine(first);
  }
}

/**
 * Turns anything a command throws into the one line and exit status the user sees — never a
 * stack trace. Exit 2: the command line is wrong (UsageError, parseArgs, a RangeError, or a
 * library error about a preset name typed there). Exit 1: the command ran and failed (a write error,
 * an unreadable file, bad data in a file, any other error).
 *
 * @example
 * ```ts
 * exitForError(new UsageError('--n must be at least 1'), 'audit'); // { line: '--n must …', status: 2 }
 * ```
 * @throws never.
 */
export function exitForError(error: unknown, command: string): ExitLine {
  if (error instanceof UsageError) return { line: oneLine(error.message), status: 2 };
  if (error instanceof OutputError || error instanceof InputError)
    return { line: oneLine(error.message), status: 1 };
  const e = error as {
    code?: unknown;
    name?: unknown;
    message?: unknown;
    path?: unknown;
    syscall?: unknown;
  };
  const code = typeof e?.code === 'string' ? e.code : undefined;
  const message = typeof e?.message === 'string' ? e.message : String(error);
  if (code?.startsWith('ERR_PARSE_ARGS_')) {
    return { line: parseArgsLine({ code, message }, command), status: 2 };
  }
  if (
    (e?.name === 'FairdealError' && code !== undefined && USAGE_CODES.has(code)) ||
    error instanceof RangeError
  ) {
    // A RangeError is a number out of range, and the CLI's numbers come from its command line.
    return { line: oneLine(message), status: 2 };
  }
  if (e?.name === 'FairdealError') return { line: oneLine(message), status: 1 };
  if (code !== undefined && /^E[A-Z]+$/.test(code) && typeof e?.syscall === 'string') {
    // A system error no command caught: name the file, not the call that failed.
    if (e.syscall === 'listen') {
      // `fairdeal serve` on a taken port: name the address, as the user typed it in --port.
      const { address, port } = e as { address?: unknown; port?: unknown };
      return {
        line: `cannot listen on ${String(address)}:${String(port)}: ${errnoWords(error)}`,
        status: 1,
      };
    }
    const file = typeof e.path === 'string' ? ` ${e.path}` : '';
    return { line: `cannot use${file}: ${errnoWords(error)}`, status: 1 };
  }
  if (error instanceof SyntaxError) {
    // JSON.parse quotes the text it choked on, raw bytes and all: name the problem only.
    return { line: 'input is not valid JSON', status: 1 };
  }
  if (error instanceof TypeError) return { line: oneLine(message), status: 1 };
  return { line: `internal error: ${oneLine(message)}`, status: 1 };
}
