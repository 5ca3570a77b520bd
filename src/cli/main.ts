#!/usr/bin/env node
import process from 'node:process';
import { FairdealError } from '../errors.ts';
import type { CliIo, Command } from './io.ts';
import { UsageError } from './io.ts';

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
    summary: 'play a hand of Dou Dizhu against bots in the terminal',
    load: async () => (await import('./commands/play.ts')).playCommand,
  },
  serve: {
    summary: 'run the dealer service (Deck of Cards API) on http://localhost:8080',
    load: async () => (await import('./commands/serve.ts')).serve,
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
  return `Usage: fairdeal <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun 'fairdeal <command> --help' for a command's options.\n`;
}

/**
 * Runs the CLI with the given arguments and I/O; returns the exit code. Errors never escape as
 * stack traces: usage errors exit 2, domain errors (bad card, bad seed, …) exit 1 with one line.
 */
export async function main(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
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
  const entry = COMMANDS[name];
  if (entry === undefined) {
    io.err(`fairdeal: unknown command '${name}'\n\n${usage()}`);
    return 2;
  }
  try {
    const command = await entry.load();
    return await command(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`fairdeal ${name}: ${error.message}\n`);
      return 2;
    }
    if (isParseArgsError(error)) {
      io.err(`fairdeal ${name}: ${(error as Error).message}\n`);
      return 2;
    }
    if (
      error instanceof FairdealError ||
      error instanceof RangeError ||
      error instanceof TypeError
    ) {
      io.err(`fairdeal ${name}: ${error.message}\n`);
      return 1;
    }
    io.err(`fairdeal ${name}: unexpected error: ${String((error as Error)?.message ?? error)}\n`);
    return 1;
  }
}

function isParseArgsError(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}

/** The process-bound I/O used when run as a program. */
export function processIo(): CliIo {
  return {
    out: (t) => void process.stdout.write(t),
    err: (t) => void process.stderr.write(t),
    stdoutIsTTY: process.stdout.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    env: process.env,
    cwd: process.cwd(),
  };
}

const invokedDirectly =
  process.argv[1] !== undefined &&
  import.meta.url ===
    new URL(`file://${(await import('node:fs')).realpathSync(process.argv[1])}`).href;
if (invokedDirectly) {
  process.exitCode = await main(process.argv.slice(2), processIo());
}
