import { FairdealError } from '../errors.ts';

const utf8 = new TextEncoder();
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Builds the canonical byte strings that fairdeal-v1 hashes (docs/FAIR.md, "Encoding").
 *
 * Every variable-length field is length-prefixed (u32 big-endian byte count), so the encoding of a
 * sequence of fields is injective: `"a:1","2"` and `"a","1:2"` can never collide, which a
 * separator-joined string (the usual "serverSeed:clientSeed:nonce" of casino schemes) cannot
 * promise. Integers are fixed-width big-endian. Strings are UTF-8 and must be well-formed
 * (a lone surrogate would silently become U+FFFD, so two different JS strings would collide).
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
  #buffer = new Uint8Array(256);
  #length = 0;

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
    this.#buffer.set(value, this.#length);
    this.#length += value.length;
    return this;
  }

  /** u32 byte length, then the UTF-8 bytes of a well-formed string. */
  str(value: string): this {
    if (SURROGATE.test(value) && LONE_SURROGATE.test(value)) {
      throw new FairdealError('BAD_TRANSCRIPT', 'string field contains a lone surrogate');
    }
    const n = value.length;
    let ascii = true;
    for (let i = 0; i < n && ascii; i++) ascii = value.charCodeAt(i) < 0x80;
    if (!ascii) return this.bytes(utf8.encode(value));
    this.u32(n);
    this.#reserve(n);
    for (let i = 0; i < n; i++) this.#buffer[this.#length++] = value.charCodeAt(i);
    return this;
  }

  /** The concatenation of everything written so far. */
  finish(): Uint8Array {
    return this.#buffer.slice(0, this.#length);
  }

  #putU32(value: number): void {
    const b = this.#buffer;
    b[this.#length++] = value >>> 24;
    b[this.#length++] = (value >>> 16) & 0xff;
    b[this.#length++] = (value >>> 8) & 0xff;
    b[this.#length++] = value & 0xff;
  }

  #reserve(extra: number): void {
    if (this.#length + extra <= this.#buffer.length) return;
    const grown = new Uint8Array(Math.max(this.#buffer.length * 2, this.#length + extra));
    grown.set(this.#buffer.subarray(0, this.#length));
    this.#buffer = grown;
  }
}
