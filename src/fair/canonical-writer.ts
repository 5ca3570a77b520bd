import { FairdealError } from '../errors.ts';
import { copyBytes, wipeBytes } from './byte-ops.ts';

/** A buffer big enough for a Dou Dizhu or two-deck transcript message (about 1–2 KiB). */
const SPARE_BYTES = 4096;
/** Larger buffers (a custom deck of thousands of cards) are not kept after use. */
const MAX_KEPT_BYTES = 1 << 16;
const EMPTY = new Uint8Array(0);

/** The one buffer writers lend each other: a fair deal writes seven messages, and allocating
 *  (and growing 256 → 2048 bytes) a buffer for each cost more than hashing them. A writer takes
 *  it when it is free and gives it back, zeroed, in `finish`/`use`; a writer made while another
 *  holds it (or abandoned by an exception) just allocates its own. */
let spare: Uint8Array | null = new Uint8Array(SPARE_BYTES);

/**
 * Builds the canonical byte strings that fairdeal hashes (docs/FAIR.md §3, "Encoding").
 *
 * Every variable-length field is length-prefixed (u32 big-endian byte count), so the encoding of a
 * sequence of fields is injective: `"a:1","2"` and `"a","1:2"` can never collide, which a
 * separator-joined string (the usual "serverSeed:clientSeed:nonce" of casino schemes) cannot
 * promise. Integers are fixed-width big-endian. Strings are UTF-8 and must be well-formed
 * (a lone surrogate would silently become U+FFFD, so two different JS strings would collide).
 *
 * A writer is used once: {@link CanonicalWriter.finish} (a copy) or {@link CanonicalWriter.use}
 * (a view, for hashing without a copy) ends it, and its bytes are wiped.
 *
 * @example
 * ```ts
 * const bytes = new CanonicalWriter().str('fairdeal-v1').u64(7).finish();
 * ```
 * @throws {RangeError} for integers outside their field's range.
 * @throws {FairdealError} `BAD_TRANSCRIPT` for strings that are not well-formed Unicode.
 */
export class CanonicalWriter {
  // One growing buffer: a transcript hash writes a few hundred short fields, and per-field
  // allocations (DataView, TextEncoder output, copies) used to cost more than the SHA-256 itself.
  #buffer: Uint8Array;
  #length = 0;

  constructor() {
    if (spare === null) {
      // Spare-sized, so that it can become the spare when it is released: a writer abandoned by
      // an exception keeps the old one, and the pool must not stay empty after that.
      this.#buffer = new Uint8Array(SPARE_BYTES);
    } else {
      this.#buffer = spare;
      spare = null;
    }
  }

  /** One byte, 0..255. */
  u8(value: number): this {
    if (!Number.isInteger(value) || value < 0 || value > 0xff) {
      throw new RangeError(`u8 field out of range: ${value}`);
    }
    this.#reserve(1);
    this.#buffer[this.#length++] = value;
    return this;
  }

  /** Four bytes big-endian, 0..2^32-1. */
  u32(value: number): this {
    if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) {
      throw new RangeError(`u32 field out of range: ${value}`);
    }
    this.#reserve(4);
    this.#putU32(value);
    return this;
  }

  /** Eight bytes big-endian; JS numbers allow 0..2^53-1. */
  u64(value: number): this {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`u64 field out of range: ${value}`);
    }
    this.#reserve(8);
    const high = Math.floor(value / 4294967296);
    this.#putU32(high);
    this.#putU32(value - high * 4294967296);
    return this;
  }

  /** u32 length, then the bytes. */
  bytes(value: Uint8Array): this {
    this.u32(value.length);
    this.#reserve(value.length);
    copyBytes(this.#buffer, value, this.#length);
    this.#length += value.length;
    return this;
  }

  /**
   * Bytes that another CanonicalWriter wrote (whole fields, e.g. a canonical deck's `u32(n) ‖
   * str(card)…`), appended as they are: a message part that never changes is encoded once.
   */
  fields(encoded: Uint8Array): this {
    this.#reserve(encoded.length);
    copyBytes(this.#buffer, encoded, this.#length);
    this.#length += encoded.length;
    return this;
  }

  /** u32 byte length, then the UTF-8 bytes of a well-formed string. */
  str(value: string): this {
    // Encoded here, in one pass, rather than by TextEncoder: no output array per field, and the
    // lone-surrogate check comes free. Byte-for-byte what TextEncoder writes for a well-formed
    // string (canonical-writer.test.ts compares them on arbitrary strings).
    const n = value.length;
    this.#reserve(4 + 3 * n); // a code unit never takes more than 3 bytes (a pair: 4 for 2)
    const b = this.#buffer;
    const start = this.#length + 4;
    // ASCII first, in a loop of its own: card ids, destinations and most ids are ASCII, and this
    // loop is what a transcript hash's hundred short fields spend their time in (issue 11).
    let i = 0;
    while (i < n) {
      const c = value.charCodeAt(i);
      if (c >= 0x80) break;
      b[start + i] = c;
      i++;
    }
    const at = i === n ? start + n : this.#strRest(value, i, start + i);
    const length = at - start;
    b[start - 4] = length >>> 24;
    b[start - 3] = (length >>> 16) & 0xff;
    b[start - 2] = (length >>> 8) & 0xff;
    b[start - 1] = length & 0xff;
    this.#length = at;
    return this;
  }

  /** The rest of {@link CanonicalWriter.str} from code unit `i` (written at `at`); returns the end. */
  #strRest(value: string, from: number, to: number): number {
    const n = value.length;
    const b = this.#buffer;
    let at = to;
    for (let i = from; i < n; i++) {
      let c = value.charCodeAt(i);
      if (c < 0x80) {
        b[at++] = c;
      } else if (c < 0x800) {
        b[at++] = 0xc0 | (c >> 6);
        b[at++] = 0x80 | (c & 0x3f);
      } else if (c < 0xd800 || c > 0xdfff) {
        b[at++] = 0xe0 | (c >> 12);
        b[at++] = 0x80 | ((c >> 6) & 0x3f);
        b[at++] = 0x80 | (c & 0x3f);
      } else {
        const d = i + 1 < n ? value.charCodeAt(i + 1) : 0;
        if (c > 0xdbff || d < 0xdc00 || d > 0xdfff) {
          throw new FairdealError('BAD_TRANSCRIPT', 'string field contains a lone surrogate');
        }
        i++;
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        b[at++] = 0xf0 | (c >> 18);
        b[at++] = 0x80 | ((c >> 12) & 0x3f);
        b[at++] = 0x80 | ((c >> 6) & 0x3f);
        b[at++] = 0x80 | (c & 0x3f);
      }
    }
    return at;
  }

  /** The concatenation of everything written so far, as a new array; ends the writer. */
  finish(): Uint8Array {
    const out = this.#buffer.slice(0, this.#length);
    this.#release();
    return out;
  }

  /**
   * Calls `f` with a view of everything written so far and returns its result; ends the writer.
   * The view is wiped when `f` returns, so `f` must not keep it (a hash function does not).
   *
   * @example
   * ```ts
   * const size = new CanonicalWriter().str('abc').use((bytes) => bytes.length); // 7
   * ```
   * @throws whatever `f` throws (the writer is ended and wiped all the same).
   */
  use<T>(f: (bytes: Uint8Array) => T): T {
    try {
      return f(this.#buffer.subarray(0, this.#length));
    } finally {
      this.#release();
    }
  }

  /** Wipes what was written (messages hold seeds) and lends the buffer to the next writer. */
  #release(): void {
    const b = this.#buffer;
    wipeBytes(b, 0, this.#length); // the fill() fairdeal loaded with, which nothing can watch
    this.#buffer = EMPTY;
    this.#length = 0;
    if (spare === null && b.length >= SPARE_BYTES && b.length <= MAX_KEPT_BYTES) spare = b;
  }

  #putU32(value: number): void {
    const b = this.#buffer;
    b[this.#length++] = value >>> 24;
    b[this.#length++] = (value >>> 16) & 0xff;
    b[this.#length++] = (value >>> 8) & 0xff;
    b[this.#length++] = value & 0xff;
  }

  #reserve(extra: number): void {
    if (this.#length + extra > this.#buffer.length) this.#grow(extra);
  }

  #grow(extra: number): void {
    const grown = new Uint8Array(Math.max(this.#buffer.length * 2, this.#length + extra));
    const old = this.#buffer;
    copyBytes(grown, old, 0); // all of it (it fits twice): no subarray view to make
    wipeBytes(old, 0, this.#length); // dropped: nothing of a message stays in it
    this.#buffer = grown;
  }
}
