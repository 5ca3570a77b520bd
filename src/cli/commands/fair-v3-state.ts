import { resolve } from 'node:path';
import {
  dealerSigner,
  parseStrictJson,
  SignedRound,
  type SignedRoundSecretState,
} from '../../fair/index.ts';
import { hexToBytes } from '../hex-to-bytes.ts';
import type { CliIo } from '../io.ts';
import { ContentError, InputError, MAX_FAIR_FILE_BYTES, readBoundedText } from '../read-input.ts';
import { escapeText } from './escape-text.ts';
import { writeFileSafely } from './safe-write.ts';
import { readKeyFile } from './seat-key-file.ts';

/** The `format` of a v3 state file: the CLI's wrapper around the library's round state. */
export const V3_STATE_FORMAT = 'fairdeal-cli/v3-round';

/**
 * A v3 round's state file (mode 0600): the library's `exportSecretState()` and where the
 * dealer's key file is. The dealer's private key is NOT copied into it: a round's state stops
 * being secret once the hand is dealt (its server seed is in the record), and a long-lived key in
 * every hand's file would outlive them all. Each dealer step reads the key from that path (or
 * from `--dealer-key`), and the library refuses a key that is not the one the hand announced.
 */
export interface StateFileV3 {
  readonly format: typeof V3_STATE_FORMAT;
  /** Absolute path of the dealer's key file, as given to `fair open --dealer-key`. */
  readonly dealerKey: string;
  readonly round: SignedRoundSecretState;
}

/** A loaded v3 round and how to save it back to its state file. */
export interface LoadedRoundV3 {
  readonly round: SignedRound;
  /** Rewrites the state file (0600, atomically) with the round as it is now. */
  save(): void;
}

/**
 * Writes a v3 round's state file: 0600, atomic, never through a symbolic link; an existing file
 * only with `force` (the steps after `open` own their state file and rewrite it).
 *
 * @example
 * ```ts
 * saveRoundV3(io, 'round.json', round, '/home/d/dealer.key', false);
 * ```
 * @throws as writeFileSafely.
 */
export function saveRoundV3(
  io: CliIo,
  shown: string,
  round: SignedRound,
  dealerKey: string,
  force: boolean,
): void {
  const state: StateFileV3 = {
    format: V3_STATE_FORMAT,
    dealerKey,
    round: round.exportSecretState(),
  };
  writeFileSafely(resolve(io.cwd, shown), `${JSON.stringify(state, null, 2)}\n`, {
    secret: true,
    force,
    shown,
  });
}

/**
 * Reads a v3 state file and restores its round with the dealer's key (`--dealer-key`, else the
 * file `fair open` was given). `SignedRound.restore` recomputes every hash and re-checks every
 * seat signature, so an edited state is refused.
 *
 * @example
 * ```ts
 * const { round, save } = loadRoundV3(io, 'round.json', undefined);
 * ```
 * @throws {InputError} for an unreadable or foreign file, or a dealer key that is not the hand's;
 *   {FairdealError} `BAD_TRANSCRIPT` for a state the library refuses.
 */
export function loadRoundV3(
  io: CliIo,
  shown: string,
  dealerKeyFlag: string | undefined,
): LoadedRoundV3 {
  let text: string;
  try {
    text = readBoundedText(io, shown, MAX_FAIR_FILE_BYTES);
  } catch (error) {
    if (error instanceof ContentError || !(error instanceof InputError)) throw error;
    throw new InputError(
      `${error.message.replace(/^cannot read /, 'cannot read state file ')} (run 'fairdeal fair open' first)`,
    );
  }
  let v: Partial<StateFileV3> | null;
  try {
    v = parseStrictJson(text) as Partial<StateFileV3> | null;
  } catch (error) {
    throw new InputError(`${escapeText(shown)}: ${(error as Error).message}`);
  }
  if (
    v?.format !== V3_STATE_FORMAT ||
    Object.keys(v).sort().join() !== 'dealerKey,format,round' ||
    typeof v.dealerKey !== 'string'
  ) {
    throw new InputError(`${escapeText(shown)} is not a state file of 'fairdeal fair open'`);
  }
  const keyFile = dealerKeyFlag === undefined ? v.dealerKey : resolve(io.cwd, dealerKeyFlag);
  const key = readKeyFile(io, keyFile);
  const announced = (v.round as { header?: { dealer?: unknown } } | undefined)?.header?.dealer;
  if (key.publicKey !== announced) {
    throw new InputError(
      `${escapeText(keyFile)} is not the dealer key this hand was announced with: give that key with --dealer-key`,
    );
  }
  const round = SignedRound.restore(
    v.round as SignedRoundSecretState,
    dealerSigner(hexToBytes(key.privateKey, 32)!),
  );
  return { round, save: () => saveRoundV3(io, shown, round, keyFile, true) };
}
