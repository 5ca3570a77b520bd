import { closeSync, lstatSync, openSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  type Card,
  chacha20,
  deal,
  presetDeck,
  type RandomSource,
  secureRandom,
} from '../../index.ts';
import type { CliIo, Command } from '../io.ts';
import { errnoWords, OutputError, UsageError, writeFully } from '../io.ts';
import { parseSeedOption } from '../options/seed-option.ts';
import { wholeNumber } from '../options/whole-number.ts';
import { checkWritable, writeSafely } from './safe-write.ts';

const HELP = `Usage:
  fairdeal collect raw --bytes N [--seed S] [--stream K] [--out FILE|-] [--force]
  fairdeal collect decks --count N --preset P [--seed S] [--format codes|indices|binary]
                         [--out FILE|-] [--force]

raw    the generator's 32-bit words before any scaling, little-endian, N bytes. With --seed the
       ChaCha20 keystream of that seed (RFC 8439, bytes identical to the keystream), otherwise the
       secure source (Web Crypto). For dieharder -g 201, ent, PractRand, TestU01.
decks  N decks shuffled through the production path (the preset's canonical deck, fairdeal's
       shuffle; secure source, or chacha20(S) with --seed). Formats (docs/FAIR.md, "Lab output"):
         codes    one deck per line, card ids top first, space-separated
         indices  one deck per line, canonical positions (0-based) top first, space-separated
         binary   one byte per card (canonical position), decks back to back
--out defaults to '-' (standard output); binary output to a terminal is refused. Every argument
is checked before anything is written. A FILE is written atomically (a temporary file, then
renamed): an existing one is replaced only with --force, a symbolic link never; a named pipe or
device (a FIFO that dieharder reads) is written as it is.
`;

/**
 * `fairdeal collect raw|decks`: raw generator output and dealt decks for external test suites.
 * Every argument (preset, format, sizes, the --out target) is checked before a byte is written:
 * a bad `--preset` used to be found only after `--out` had been opened, which truncated an
 * existing file to nothing.
 *
 * @example
 * ```sh
 * fairdeal collect raw --bytes 100000000 --seed lab --out chacha.bin && dieharder -a -g 201 -f chacha.bin
 * ```
 * @throws {UsageError} for a missing or bad option, or an --out it must not write.
 */
export const collect: Command = async (args, io) => {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      bytes: { type: 'string' },
      count: { type: 'string' },
      preset: { type: 'string' },
      seed: { type: 'string' },
      stream: { type: 'string' },
      format: { type: 'string' },
      out: { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const [what, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`unexpected argument '${extra[0]}'`);
  const out = values.out ?? '-';
  if (values.force && out === '-') throw new UsageError('--force goes with --out FILE');
  if (values.seed !== undefined) parseSeedOption(values.seed);
  const source = (): RandomSource =>
    values.seed === undefined
      ? secureRandom
      : chacha20(values.seed, values.stream === undefined ? 0n : streamNumber(values.stream));
  if (what === 'raw') {
    if (values.count !== undefined || values.preset !== undefined || values.format !== undefined) {
      throw new UsageError('collect raw takes --bytes, --seed, --stream and --out');
    }
    if (values.bytes === undefined) throw new UsageError('collect raw needs --bytes N');
    // One seed and stream hold 2^32 blocks of 64 bytes (RFC 8439 §2.3).
    const bytes = wholeNumber(
      '--bytes',
      values.bytes,
      1,
      values.seed === undefined ? Number.MAX_SAFE_INTEGER : 2 ** 38,
    );
    const words = source();
    const target = outputTarget(io, out, values.force === true, true);
    emit(io, target, (write) => {
      const chunk = new Uint32Array(1 << 18); // 1 MiB per chunk
      for (let left = bytes; left > 0; left -= chunk.byteLength) {
        words.fillUint32(chunk);
        write(new Uint8Array(chunk.buffer, 0, Math.min(left, chunk.byteLength)));
      }
    });
    return 0;
  }
  if (what === 'decks') {
    if (values.bytes !== undefined || values.stream !== undefined) {
      throw new UsageError('collect decks takes --count, --preset, --seed, --format and --out');
    }
    if (values.count === undefined || values.preset === undefined) {
      throw new UsageError('collect decks needs --count N and --preset P');
    }
    const format = values.format ?? 'codes';
    if (format !== 'codes' && format !== 'indices' && format !== 'binary') {
      throw new UsageError(`--format must be codes, indices or binary, got '${format}'`);
    }
    const n = wholeNumber('--count', values.count, 1, Number.MAX_SAFE_INTEGER);
    const canonical = presetDeck(values.preset); // UNKNOWN_PRESET here, before any output
    if (format === 'binary' && canonical.length > 256) {
      throw new UsageError(
        `--format binary holds one byte per card; ${values.preset} has ${canonical.length}`,
      );
    }
    const preset = values.preset;
    const from = source();
    const target = outputTarget(io, out, values.force === true, format === 'binary');
    emit(io, target, (write) => {
      for (const d of collectDecks(preset, canonical, n, format, from)) {
        write(typeof d === 'string' ? `${d}\n` : d);
      }
    });
    return 0;
  }
  throw new UsageError(
    what === undefined
      ? 'missing raw or decks (see --help)'
      : `unknown collect mode '${what}' (raw or decks)`,
  );
};

function streamNumber(text: string): bigint {
  if (!/^[0-9]+$/.test(text))
    throw new UsageError(`--stream must be a whole number, got '${text}'`);
  const stream = BigInt(text);
  if (stream >= 2n ** 64n) {
    throw new UsageError(`--stream is too large (at most 2^64 − 1), got ${text}`);
  }
  return stream;
}

/** Where the output goes, settled (and refused) before anything is made. */
type Target =
  | { readonly kind: 'stdout' }
  | { readonly kind: 'stream'; readonly path: string; readonly shown: string }
  | {
      readonly kind: 'file';
      readonly path: string;
      readonly shown: string;
      readonly force: boolean;
    };

/**
 * Standard output (`-`; binary to a terminal refused); a named pipe or a device, written as it
 * is (there is no file to keep, and a FIFO is how dieharder reads a stream); or a regular file,
 * checked as every `--out` is (existing without --force, symbolic link, folder) and written
 * atomically later.
 */
function outputTarget(io: CliIo, out: string, force: boolean, binary: boolean): Target {
  if (out === '-') {
    if (binary && io.stdoutIsTTY) {
      throw new UsageError('refusing to write binary data to a terminal; use --out FILE or a pipe');
    }
    return { kind: 'stdout' };
  }
  const path = resolve(io.cwd, out);
  let st: ReturnType<typeof lstatSync> | undefined;
  try {
    st = lstatSync(path);
  } catch {
    // missing, or not reachable: checkWritable says which
  }
  if (st !== undefined && (st.isFIFO() || st.isCharacterDevice())) {
    return { kind: 'stream', path, shown: out };
  }
  checkWritable(path, { force, shown: out });
  return { kind: 'file', path, shown: out, force };
}

const READER_GONE = Symbol('reader gone');

/**
 * Output through the CLI's one output path (standard output) or to the --out target; stops as
 * soon as standard output's reader has gone (`collect raw --bytes 1e9 | head -c 100`). A file
 * is written atomically: if making the output fails half-way, the old file is left as it was.
 */
function emit(
  io: CliIo,
  target: Target,
  body: (write: (chunk: string | Uint8Array) => void) => void,
): void {
  if (target.kind === 'file') {
    writeSafely(target.path, body, { secret: false, force: target.force, shown: target.shown });
    return;
  }
  if (target.kind === 'stdout') {
    const outBytes = io.outBytes?.bind(io);
    try {
      body((chunk) => {
        if (typeof chunk === 'string') io.out(chunk);
        else if (outBytes === undefined) throw new Error('this I/O cannot write binary data');
        else outBytes(chunk);
        if (io.stdoutClosed) throw READER_GONE;
      });
    } catch (error) {
      if (error !== READER_GONE) throw error;
    }
    return;
  }
  const fail = (error: unknown) =>
    new OutputError(
      `cannot write ${target.shown}: ${errnoWords(error)}`,
      String((error as { code?: unknown }).code),
    );
  let fd: number;
  try {
    fd = openSync(target.path, 'w');
  } catch (error) {
    throw fail(error);
  }
  try {
    const encoder = new TextEncoder();
    body((chunk) => {
      try {
        writeFully(fd, typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      } catch (error) {
        throw fail(error);
      }
    });
  } finally {
    closeSync(fd);
  }
}

/**
 * Deals `count` decks through the production path — `deal(preset, { source })`, i.e. the preset's
 * canonical deck shuffled by `toShuffled` — and renders each in the requested format.
 */
function* collectDecks(
  preset: string,
  canonical: readonly Card[],
  count: number,
  format: 'codes' | 'indices' | 'binary',
  source: RandomSource,
): Generator<string | Uint8Array> {
  const position = new Map(canonical.map((c, i) => [c.id, i]));
  for (let d = 0; d < count; d++) {
    const deck = deal(preset, { source }).deck;
    if (format === 'codes') yield deck.map((c) => c.id).join(' ');
    else if (format === 'indices') yield deck.map((c) => position.get(c.id)).join(' ');
    else yield Uint8Array.from(deck, (c) => position.get(c.id)!);
  }
}
