#!/usr/bin/env node
import { realpathSync } from 'node:fs';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { exitForError } from './exit-for-error.ts';
import type { CliIo, Command } from './io.ts';
import { processIo } from './io.ts';

/** Each subcommand lives in its own module, loaded only when asked for (fast start-up). */
const COMMANDS: Record<string, { summary: string; load: () => Promise<Command> }> = {
  deal: {
    summary: 'deal a round of a game preset (doudizhu, bridge, holdem, …)',
    load: async () => (await import('./commands/deal.ts')).deal,
  },
  shuffle: {
    summary: 'shuffle a range or a list of items',
    load: async () => (await import('./commands/shuffle.ts')).shuffleCommand,
  },
  audit: {
    summary: 'test a shuffle for bias (catalogue algorithm or your own module)',
    load: async () => (await import('./commands/audit.ts')).audit,
  },
  complexity: {
    summary: 'time each catalogue algorithm against n',
    load: async () => (await import('./commands/complexity.ts')).complexity,
  },
  verify: {
    summary: 'verify a provably fair transcript',
    load: async () => (await import('./commands/verify.ts')).verify,
  },
  fair: {
    summary: 'commit / reveal steps of a provably fair hand',
    load: async () => (await import('./commands/fair.ts')).fair,
  },
  play: {
    summary: 'play Dou Dizhu in the terminal: against bots, or at an online table (--join)',
    load: async () => (await import('./commands/play.ts')).playCommand,
  },
  serve: {
    summary: 'run the dealer service (Deck of Cards API) on http://localhost:8080',
    load: async () => (await import('./commands/serve.ts')).serve,
  },
  backup: {
    summary: "copy the service's SQLite file while it runs (online backup)",
    load: async () => (await import('./commands/backup.ts')).backupCommand,
  },
  collect: {
    summary: 'write raw generator output or dealt decks for external test suites',
    load: async () => (await import('./commands/collect.ts')).collect,
  },
};

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((k) => k.length));
  const lines = Object.entries(COMMANDS).map(
    ([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`,
  );
  return `Usage: fairdeal <command> [options]

Commands:
${lines.join('\n')}

Options:
  -h, --help     this help; 'fairdeal help <command>' or 'fairdeal <command> --help' for a command
  -v, --version  print the version

Exit status: 0 success, 1 failure (the command ran and failed, or a file could not be read or
written), 2 usage error (nothing was done); some commands add their own (see their --help).
`;
}

/**
 * Runs the CLI with the given arguments and I/O; returns the exit code. Errors never escape as
 * stack traces: every failure is one line on stderr, exit 2 for usage errors and 1 for failures
 * (see exitForError).
 *
 * @example
 * ```ts
 * const code = await main(['deal', 'doudizhu', '--seed', 's'], processIo());
 * ```
 * @throws never.
 */
export async function main(argv: string[], io: CliIo): Promise<number> {
  const [first, ...after] = argv;
  let name = first;
  let rest = after;
  if (name === 'help' && after.length > 0) {
    // `fairdeal help deal` is `fairdeal deal --help`.
    name = after[0];
    rest = ['--help', ...after.slice(1)];
  }
  try {
    if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
      (name === undefined ? io.err : io.out)(usage());
      return name === undefined ? 2 : 0;
    }
    if (name === '--version' || name === '-v') {
      const { readFileSync } = await import('node:fs');
      const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
      io.out(`${pkg.version}\n`);
      return 0;
    }
    const entry = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (entry === undefined) {
      io.err(`fairdeal: unknown command '${name}' (see fairdeal --help)\n`);
      return 2;
    }
    const command = await entry.load();
    return await command(rest, io);
  } catch (error) {
    const known = name !== undefined && Object.hasOwn(COMMANDS, name) ? name : '';
    const { line, status } = exitForError(error, known);
    io.err(`fairdeal${known === '' ? '' : ` ${known}`}: ${line}\n`);
    return status;
  }
}

/**
 * Whether this file is the program being run (`node main.ts`, the `fairdeal` bin, a symlink to
 * it) rather than imported. Compare real paths, not a hand-made `file://` URL: a path containing
 * `#` or `%` is a different URL once escaped, and the installed bin then did nothing at all.
 */
function invokedDirectly(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (invokedDirectly()) {
  process.exitCode = await main(process.argv.slice(2), processIo());
}
