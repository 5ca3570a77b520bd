import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import process from 'node:process';
import {
  bytesToHex,
  ed25519PublicKey,
  parseStrictJson,
  type SeatKeyPair,
} from '../../fair/index.ts';
import { hexToBytes } from '../hex-to-bytes.ts';
import type { CliIo } from '../io.ts';
import { errnoWords } from '../io.ts';
import { InputError, readBoundedText } from '../read-input.ts';
import { escapeText } from './escape-text.ts';

/** A key file is two hex strings in JSON: a few hundred bytes. Anything much larger is not one. */
const MAX_KEY_FILE_BYTES = 4096;

const KEY_FIELDS = 'privateKey,publicKey';

/**
 * A private key file of `fairdeal fair keygen` (a seat's, or the dealer's): exactly
 * `{"publicKey", "privateKey"}`, 64 lowercase hex digits each, the public key the one of the
 * private key. Like ssh with an unprotected identity file, a file that other users may read or
 * write (any of the mode bits 0077, on systems with modes) is refused: a key others can read is
 * no longer only its player's, and the record could not tell. No message quotes the file's text.
 *
 * @example
 * ```ts
 * const key = readKeyFile(io, 'alice.key'); // { publicKey, privateKey }
 * ```
 * @throws {InputError} for a file that cannot be read, is open to others, or is not a key file.
 */
export function readKeyFile(io: Pick<CliIo, 'cwd'>, file: string): SeatKeyPair {
  const shown = escapeText(file);
  let mode: number;
  try {
    mode = statSync(resolve(io.cwd, file)).mode;
  } catch (error) {
    throw new InputError(`cannot read key file ${shown}: ${errnoWords(error)}`);
  }
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    const octal = (mode & 0o777).toString(8).padStart(4, '0');
    throw new InputError(
      `key file ${shown} is open to other users (mode ${octal}): a private key must be mode 0600 (chmod 600 ${shown})`,
    );
  }
  const text = readBoundedText(io, file, MAX_KEY_FILE_BYTES);
  const notKey = (why: string) =>
    new InputError(`${shown} is not a key file of 'fairdeal fair keygen': ${why}`);
  let value: unknown;
  try {
    value = parseStrictJson(text);
  } catch {
    // The parser's message may quote the text, and the text holds a private key.
    throw notKey('not valid JSON');
  }
  const v = value as Record<string, unknown> | null;
  if (v === null || typeof v !== 'object' || Array.isArray(v)) {
    throw notKey('not a JSON object');
  }
  if (Object.keys(v).sort().join() !== KEY_FIELDS) {
    throw notKey('it must hold exactly publicKey and privateKey');
  }
  const priv = typeof v.privateKey === 'string' ? hexToBytes(v.privateKey, 32) : undefined;
  if (priv === undefined) throw notKey('privateKey must be 64 lowercase hex digits');
  if (typeof v.publicKey !== 'string' || hexToBytes(v.publicKey, 32) === undefined) {
    throw notKey('publicKey must be 64 lowercase hex digits');
  }
  if (bytesToHex(ed25519PublicKey(priv)) !== v.publicKey) {
    throw notKey('its publicKey is not the public key of its privateKey');
  }
  return { publicKey: v.publicKey, privateKey: v.privateKey as string };
}

/** A public key given on the command line, and whether it came from a private key file. */
export interface GivenPublicKey {
  /** 64 lowercase hex digits. */
  readonly key: string;
  /** The file named held the private key too (a keygen file, not what its owner publishes). */
  readonly fromPrivateFile: boolean;
}

/**
 * A public key as given to `--seat alice=KEY` or `--dealer-pub KEY`: 64 hex digits, or a file
 * holding them — what `fairdeal fair keygen` printed (`> alice.pub`), a `{"publicKey"}` object,
 * or a whole keygen file (read as {@link readKeyFile} does, and flagged: the caller warns that
 * whoever holds it holds the seat).
 *
 * @example
 * ```ts
 * readPublicKey(io, 'alice.pub'); // { key: '3d40…', fromPrivateFile: false }
 * ```
 * @throws {InputError} for a file that cannot be read or holds no public key.
 */
export function readPublicKey(io: Pick<CliIo, 'cwd'>, given: string): GivenPublicKey {
  if (/^[0-9a-fA-F]{64}$/.test(given)) return { key: given.toLowerCase(), fromPrivateFile: false };
  const shown = escapeText(given);
  if (/^[0-9a-fA-F]{32,}$/.test(given)) {
    // Hex, not a file name: say what is wrong with it rather than "no such file".
    throw new InputError(
      `'${shown}' is not a public key: it has ${given.length} hex digits, a key has 64`,
    );
  }
  const text = readBoundedText(io, given, MAX_KEY_FILE_BYTES).trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return { key: text.toLowerCase(), fromPrivateFile: false };
  let value: unknown;
  try {
    value = parseStrictJson(text);
  } catch {
    value = undefined;
  }
  const v = value as Record<string, unknown> | undefined;
  const keys = v !== null && typeof v === 'object' ? Object.keys(v).sort().join() : '';
  if (keys === KEY_FIELDS) return { key: readKeyFile(io, given).publicKey, fromPrivateFile: true };
  if (keys === 'publicKey' && typeof v!.publicKey === 'string') {
    if (hexToBytes(v!.publicKey, 32) !== undefined) {
      return { key: v!.publicKey, fromPrivateFile: false };
    }
  }
  throw new InputError(
    `${shown} holds no public key: give 64 hex digits, or a file with what 'fairdeal fair keygen' printed`,
  );
}
