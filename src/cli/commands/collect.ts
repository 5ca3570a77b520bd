import { closeSync, openSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chacha20, deal, presetDeck, type RandomSource, secureRandom } from '../../index.ts';
import type { CliIo, Command } from '../io.ts';
import { errnoWords, OutputError, UsageError, writeFully } from '../io.ts';
import { parseSeedOption } from '../options/seed-option.ts';
import { wholeNumber } from '../options/whole-number.ts';

const HELP = `Usage:
  fairdeal collect raw --bytes N [--seed S] [--stream K] [--out FILE|-]
  fairdeal collect decks --count N --preset P [--seed S] [--format codes|indices|binary] [--out FILE|-]

raw    the generator's 32-bit words before any scaling, little-endian, N bytes. With --seed the
       ChaCha20 keystream of that seed (RFC 8439, bytes identical to the keystream), otherwise the
       secure source (Web Crypto). For dieharder -g 201, ent, PractRand, TestU01.
decks  N decks shuffled through the production path (the preset's canonical deck, fairdeal's
       shuffle; secure source, or chacha20(S) with --seed). Formats (docs/FAIR.md, "Lab output"):
         codes    one deck per line, card ids top first, space-separated
         indices  one deck per line, canonical positions (0-based) top first, space-separated
         binary   one byte per card (canonical position), decks back to back
--out defaults to '-' (standard output); binary output to a terminal is refused.
`;

/**
 * `fairdeal collect raw|decks`: raw generator output and dealt decks for external test suites.
 *
 * @example
 * ```sh
 * fairdeal collect raw --bytes 100000000 --seed lab --out chacha.bin && dieharder -a -g 201 -f chacha.bin
 * ```
 * @throws {UsageError} for a missing or bad option.
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
  if (values.seed !== undefined) parseSeedOption(values.seed);
  const source: RandomSource =
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
    writeBinary(io, out, (write) => {
      const words = new Uint32Array(1 << 18); // 1 MiB per chunk
      for (let left = bytes; left > 0; left -= words.byteLength) {
        source.fillUint32(words);
        const chunk = new Uint8Array(words.buffer, 0, Math.min(left, words.byteLength));
        write(chunk);
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
    const decks = collectDecks(values.preset, n, format, source);
    if (format === 'binary') {
      writeBinary(io, out, (write) => {
        for (const d of decks) write(d as Uint8Array);
      });
    } else if (out === '-') {
      for (const d of decks) {
        io.out(`${d as string}\n`);
        if (io.stdoutClosed) break; // `| head -3`: the reader has all it wanted
      }
    } else {
      const encoder = new TextEncoder();
      writeBinary(io, out, (write) => {
        for (const d of decks) write(encoder.encode(`${d as string}\n`));
      });
    }
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

const READER_GONE = Symbol('reader gone');

/**
 * Binary output through the CLI's one output path (standard output) or to the --out file; stops
 * as soon as standard output's reader has gone (`collect raw --bytes 1e9 | head -c 100`).
 */
function writeBinary(io: CliIo, out: string, body: (write: (b: Uint8Array) => void) => void): void {
  if (out === '-') {
    if (io.stdoutIsTTY) {
      throw new UsageError('refusing to write binary data to a terminal; use --out FILE or a pipe');
    }
    const outBytes = io.outBytes?.bind(io);
    if (outBytes === undefined) throw new Error('this I/O cannot write binary data');
    try {
      body((b) => {
        outBytes(b);
        if (io.stdoutClosed) throw READER_GONE;
      });
    } catch (error) {
      if (error !== READER_GONE) throw error;
    }
    return;
  }
  let fd: number;
  try {
    fd = openSync(resolve(io.cwd, out), 'w');
  } catch (error) {
    throw new OutputError(
      `cannot write ${out}: ${errnoWords(error)}`,
      String((error as { code?: unknown }).code),
    );
  }
  try {
    body((b) => {
      try {
        writeFully(fd, b);
      } catch (error) {
        throw new OutputError(
          `cannot write ${out}: ${errnoWords(error)}`,
          String((error as { code?: unknown }).code),
        );
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
  count: number,
  format: 'codes' | 'indices' | 'binary',
  source: RandomSource,
): Generator<string | Uint8Array> {
  const canonical = presetDeck(preset);
  const position = new Map(canonical.map((c, i) => [c.id, i]));
  if (format === 'binary' && canonical.length > 256) {
    throw new UsageError(
      `--format binary holds one byte per card; ${preset} has ${canonical.length}`,
    );
  }
  for (let d = 0; d < count; d++) {
    const deck = deal(preset, { source }).deck;
    if (format === 'codes') yield deck.map((c) => c.id).join(' ');
    else if (format === 'indices') yield deck.map((c) => position.get(c.id)).join(' ');
    else yield Uint8Array.from(deck, (c) => position.get(c.id)!);
  }
}
