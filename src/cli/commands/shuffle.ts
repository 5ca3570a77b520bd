import { parseArgs } from 'node:util';
import { chacha20, type RandomSource, sample, secureRandom } from '../../index.ts';
import type { Command } from '../io.ts';
import { UsageError } from '../io.ts';
import { parseSeedOption } from '../options/seed-option.ts';
import { wholeNumber } from '../options/whole-number.ts';
import { readTextFile } from '../read-input.ts';

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
  let items: readonly (string | number)[];
  if (values.range !== undefined) {
    const n = wholeNumber('--range', values.range, 0, MAX_RANGE);
    const k = values.take === undefined ? n : wholeNumber('--take', values.take, 0, n);
    // A few items of a large range: a view that holds nothing. Most of it: a real array, which
    // sample's dense path copies faster than it would read through the view.
    items = k * 8 < n ? rangeView(n) : Array.from({ length: n }, (_, i) => i + 1);
  } else if (values.file !== undefined) {
    const text = values.file === '-' ? await readStdin() : readTextFile(io, values.file);
    items = text.split(/\r?\n/).filter((line) => line.length > 0);
  } else {
    items = positionals;
  }
  let source: RandomSource = secureRandom;
  let seedHex: string | null = null;
  if (values.seed !== undefined) {
    seedHex = parseSeedOption(values.seed);
    source = chacha20(values.seed);
  }
  const take =
    values.take === undefined ? items.length : wholeNumber('--take', values.take, 0, items.length);
  // sample(items, k) is exactly the first k items of toShuffled(items) for the same source, in
  // O(k) when k is small against the length: `--range 10000000 --take 3` draws three numbers.
  const out = sample(items, take, source);
  if (values.json) {
    io.out(`${JSON.stringify({ items: out, seed: values.seed ?? null, key: seedHex })}\n`);
  } else {
    io.out(`${out.join('\n')}\n`);
  }
  return 0;
};

/**
 * The numbers 1…n as an array that holds nothing: a Proxy over an empty array (so it is still an
 * Array to `sample`, which checks Array.isArray) whose items are computed when read. sample's
 * sparse path reads only the k items it returns, so a large range costs O(k), not n numbers.
 */
function rangeView(n: number): readonly number[] {
  return new Proxy([] as number[], {
    get(target, key, receiver) {
      if (key === 'length') return n;
      if (typeof key === 'string' && /^(0|[1-9][0-9]*)$/.test(key)) {
        const i = Number(key);
        return i < n ? i + 1 : undefined;
      }
      return Reflect.get(target, key, receiver);
    },
  });
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
