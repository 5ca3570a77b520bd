import { FairdealError } from '../errors.ts';
import { sha256 } from './sha256.ts';

/** A seed as callers give it: 32 raw bytes, 64 hex characters, or any other string. */
export type Seed = string | Uint8Array;

/**
 * Domain label for hashing string seeds, so a passphrase seed can never collide with a hash used
 * elsewhere in fairdeal (commitments, key derivation). Changing it changes every string-seeded
 * deal: it is part of the value-stability contract.
 */
const STRING_SEED_LABEL = 'fairdeal/seed/v1';

const HEX64 = /^[0-9a-fA-F]{64}$/;
const HEX_ONLY = /^[0-9a-fA-F]+$/;

/**
 * Turns a seed into the 32-byte ChaCha20 key it stands for.
 *
 * - a `Uint8Array` of exactly 32 bytes is the key itself (copied);
 * - a string of exactly 64 hex digits is the key in hex (either case);
 * - any other non-empty string is a passphrase: its Unicode NFC form, UTF-8 encoded, is hashed as
 *   SHA-256("fairdeal/seed/v1" ‖ 0x00 ‖ text). NFC because the same words typed on two systems may
 *   arrive composed or decomposed, and must give the same deal.
 *
 * A string made only of hex digits, 32 or more long but not 64, is refused rather than hashed:
 * it is almost surely a truncated or padded hex key, and silently dealing from its hash would give
 * a different deck than the one the user meant to reproduce.
 *
 * @example
 * ```ts
 * parseSeed('my table 7');           // 32 bytes = SHA-256 of the labelled passphrase
 * parseSeed('00'.repeat(32));        // 32 zero bytes
 * ```
 * @throws {TypeError} if the seed is neither a string nor a Uint8Array.
 * @throws {FairdealError} `BAD_SEED` for a byte seed that is not 32 bytes, an empty string, or a
 *   hex-looking string of the wrong length.
 */
export function parseSeed(seed: Seed): Uint8Array {
  if (seed instanceof Uint8Array) {
    if (seed.length !== 32) {
      throw new FairdealError(
        'BAD_SEED',
        `seed must be 32 bytes, got ${seed.length} byte${seed.length === 1 ? '' : 's'}`,
      );
    }
    return seed.slice();
  }
  if (typeof seed !== 'string') {
    throw new TypeError(`seed must be a string or a Uint8Array, got ${describe(seed)}`);
  }
  if (seed.length === 0) {
    throw new FairdealError('BAD_SEED', 'seed must not be empty');
  }
  if (HEX64.test(seed)) {
    return hexToBytes(seed);
  }
  if (seed.length >= 32 && HEX_ONLY.test(seed)) {
    throw new FairdealError(
      'BAD_SEED',
      `seed looks like hex but has ${seed.length} digits; a hex seed has exactly 64`,
    );
  }
  return sha256(labelled(seed));
}

/** The label's bytes (ASCII), then 0x00: the start of every passphrase's message. */
const LABEL_BYTES = Uint8Array.from(`${STRING_SEED_LABEL}\0`, (c) => c.charCodeAt(0));
const utf8 = new TextEncoder();

/**
 * "fairdeal/seed/v1" ‖ 0x00 ‖ UTF-8(NFC(text)), in one array made at its size. A passphrase of
 * ASCII characters alone (NFC leaves every one as it is, and its UTF-8 is its char codes) is
 * copied char by char; seeded deals make a key per deal, and in a browser the two encoders and
 * their buffers made per key were a third of a seeded `deal()` (issue 25).
 */
function labelled(text: string): Uint8Array {
  const at = LABEL_BYTES.length;
  let ascii = true;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0x7f) {
      ascii = false;
      break;
    }
  }
  const tail = ascii ? undefined : utf8.encode(text.normalize('NFC'));
  const input = new Uint8Array(at + (tail === undefined ? text.length : tail.length));
  for (let i = 0; i < at; i++) input[i] = LABEL_BYTES[i]!;
  if (tail === undefined) for (let i = 0; i < text.length; i++) input[at + i] = text.charCodeAt(i);
  else for (let i = 0; i < tail.length; i++) input[at + i] = tail[i]!;
  return input;
}

/**
 * Whether a seed is a passphrase: a string that {@link parseSeed} hashes, rather than 32 bytes or
 * 64 hex digits that are the key itself. Words a person chose can be guessed, so a source seeded
 * with them is marked predictable (predictable.ts).
 *
 * @example
 * ```ts
 * isPassphrase('my table 7'); // true
 * isPassphrase('00'.repeat(32)); // false
 * ```
 * @throws never.
 */
export function isPassphrase(seed: Seed): boolean {
  return typeof seed === 'string' && !HEX64.test(seed);
}

/**
 * Bytes of an even-length hex string.
 *
 * @example
 * ```ts
 * hexToBytes('00ff'); // Uint8Array [0, 255]
 * ```
 * @throws {FairdealError} `BAD_SEED` if the string is not even-length hex.
 */
export function hexToBytes(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || (hex.length > 0 && !HEX_ONLY.test(hex))) {
    throw new FairdealError('BAD_SEED', 'expected an even number of hex digits');
  }
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}
