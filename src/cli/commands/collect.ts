import { closeSync, openSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chacha20, deal, presetDeck, type RandomSource, secureRandom } from '../../index.ts';
import type { CliIo, Command } from '../io.ts';
import { UsageError } from '../io.ts';

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
  const source: RandomSource =
    values.seed === undefined
      ? secureRandom
      : chacha20(
          values.seed,
          values.stream === undefined ? 0 : BigInt(count(values.stream, '--stream', 0)),
        );
  if (what === 'raw') {
    if (values.count !== undefined || values.preset !== undefined || values.format !== undefined) {
      throw new UsageError('collect raw takes --bytes, --seed, --stream and --out');
    }
    if (values.bytes === undefined) throw new UsageError('collect raw needs --bytes N');
    const bytes = count(values.bytes, '--bytes', 1);
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
    const n = count(values.count, '--count', 1);
    const decks = collectDecks(values.preset, n, format, source);
    if (format === 'binary') {
      writeBinary(io, out, (write) => {
        for (const d of decks) write(d as Uint8Array);
      });
    } else {
      const lines = (function* () {
        for (const d of decks) yield `${d as string}\n`;
      })();
      if (out === '-') for (const l of lines) io.out(l);
      else
        writeBinary(io, out, (write) => {
          for (const l of lines) write(new TextEncoder().encode(l));
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

function count(text: string, flag: string, min: number): number {
  if (!/^\d+$/.test(text)) throw new UsageError(`${flag} must be a whole number, got '${text}'`);
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < min)
    throw new UsageError(`${flag} must be at least ${min}, got '${text}'`);
  return n;
}

function writeBinary(io: CliIo, out: string, body: (write: (b: Uint8Array) => void) => void): void {
  if (out === '-' && io.stdoutIsTTY) {
    throw new UsageError('refusing to write binary data to a terminal; use --out FILE or a pipe');
  }
  const fd = out === '-' ? 1 : openSync(resolve(io.cwd, out), 'w');
  try {
    body((b) => {
      let off = 0;
      while (off < b.length) off += writeSome(fd, b, off);
    });
  } catch (error) {
    if (error !== READER_GONE) throw error;
  } finally {
    if (fd !== 1) closeSync(fd);
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

const pause = new Int32Array(new SharedArrayBuffer(4));
const READER_GONE = Symbol('reader gone');

/**
 * One writeSync, retried while a non-blocking pipe is full: Node opens piped stdout in
 * non-blocking mode, so `collect raw | dieharder -g 200` would otherwise die with EAGAIN as soon
 * as the reader falls behind. The 1 ms wait lets the reader catch up without spinning a core.
 */
function writeSome(fd: number, b: Uint8Array, off: number): number {
  for (;;) {
    try {
      return writeSync(fd, b, off, b.length - off);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'EPIPE') throw READER_GONE; // `| head -c N`: the reader has all it wanted
      if (code !== 'EAGAIN') throw error;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}
