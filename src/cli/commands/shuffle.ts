import { parseArgs } from 'node:util';
import { chacha20, parseSeed, type RandomSource, secureRandom, toShuffled } from '../../index.ts';
import { bytesToHex } from '../hex.ts';
import type { Command } from '../io.ts';
import { UsageError } from '../io.ts';

const HELP = `Usage: fairdeal shuffle [options] [ITEM …]

Shuffles the items given (or read one per line from --file), or the range --range N (1…N).

Options:
  --range N        shuffle the integers 1…N (N ≤ 10,000,000)
  --file PATH      shuffle the lines of a file ('-' for standard input)
  --seed S         reproducible: 64 hex digits or any passphrase (default: secure, unseeded)
  --take K         print only the first K items (a uniform sample of K)
  --json           print a JSON object {items, seed}
  -h, --help       this help
`;

const MAX_RANGE = 10_000_000;

/** `fairdeal shuffle`: a shuffled range or list, secure by default, reproducible with --seed. */
export const shuffleCommand: Command = async (args, io) => {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      range: { type: 'string' },
      file: { type: 'string' },
      seed: { type: 'string' },
      take: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const sources = [values.range !== undefined, values.file !== undefined, positionals.length > 0];
  if (sources.filter(Boolean).length !== 1) {
    throw new UsageError('give exactly one of --range N, --file PATH, or items');
  }
  let items: string[] | number[];
  if (values.range !== undefined) {
    const n = integerOption('--range', values.range, 0, MAX_RANGE);
    items = Array.from({ length: n }, (_, i) => i + 1);
  } else if (values.file !== undefined) {
    const { readFile } = await import('node:fs/promises');
    const { resolve } = await import('node:path');
    const text =
      values.file === '-'
        ? await readStdin()
        : await readFile(resolve(io.cwd, values.file), 'utf8').catch(
            (error: NodeJS.ErrnoException) => {
              throw new UsageError(`cannot read ${values.file}: ${error.code ?? error.message}`);
            },
          );
    items = text.split(/\r?\n/).filter((line) => line.length > 0);
  } else {
    items = positionals;
  }
  let source: RandomSource = secureRandom;
  let seedHex: string | null = null;
  if (values.seed !== undefined) {
    seedHex = bytesToHex(parseSeed(values.seed));
    source = chacha20(values.seed);
  }
  const take =
    values.take === undefined
      ? items.length
      : integerOption('--take', values.take, 0, items.length);
  const out = toShuffled<string | number>(items, source).slice(0, take);
  if (values.json) {
    io.out(`${JSON.stringify({ items: out, seed: values.seed ?? null, key: seedHex })}\n`);
  } else {
    io.out(`${out.join('\n')}\n`);
  }
  return 0;
};

function integerOption(name: string, text: string, min: number, max: number): number {
  if (!/^\d+$/.test(text)) throw new UsageError(`${name} must be a whole number, got '${text}'`);
  const n = Number(text);
  if (n < min || n > max)
    throw new UsageError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
