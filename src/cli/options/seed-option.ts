import { bytesToHex } from '../../fair/index.ts';
import { parseSeed } from '../../index.ts';
import { UsageError } from '../io.ts';

/**
 * Checks a `--seed` value before anything runs and returns the 32-byte key it stands for, in hex.
 * An empty seed, or a hex-looking one of the wrong length, is a usage error (exit 2) in every
 * command alike, worded for the command line (`--seed must not be empty`).
 *
 * @example
 * ```ts
 * parseSeedOption('table 7'); // '…64 hex digits…'
 * ```
 * @throws {UsageError} for a seed the library refuses.
 */
export function parseSeedOption(text: string, flag = '--seed'): string {
  try {
    return bytesToHex(parseSeed(text));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${flag}: ${message.replace(/^seed /, 'the seed ')}`);
  }
}
