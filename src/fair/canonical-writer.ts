import { FairdealError } from '../errors.ts';

const utf8 = new TextEncoder();
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
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
  #chunks: Uint8Array[] = [];
  #length = 0;

  /** One byte, 0..255. */
  u8(value: number): this {
    if (!Number.isInteger(value) || value < 0 || value > 0xff) {
      throw new RangeError(`u8 field out of range: ${value}`);
    }
    return this.#push(Uint8Array.of(value));
  }

  /** Four bytes big-endian, 0..2^32-1. */
  u32(value: number): this {
    if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) {
      throw new RangeError(`u32 field out of range: ${value}`);
    }
    const b = new Uint8Array(4);
    new DataView(b.buffer).setUint32(0, value, false);
    return this.#push(b);
  }

  /** Eight bytes big-endian; JS numbers allow 0..2^53-1. */
  u64(value: number): this {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`u64 field out of range: ${value}`);
    }
    const b = new Uint8Array(8);
    new DataView(b.buffer).setBigUint64(0, BigInt(value), false);
    return this.#push(b);
  }

  /** u32 length, then the bytes. */
  bytes(value: Uint8Array): this {
    this.u32(value.length);
    return this.#push(value.slice());
  }

  /** u32 byte length, then the UTF-8 bytes of a well-formed string. */
  str(value: string): this {
    if (LONE_SURROGATE.test(value)) {
      throw new FairdealError('BAD_TRANSCRIPT', 'string field contains a lone surrogate');
    }
    return this.bytes(utf8.encode(value));
  }

  /** The concatenation of everything written so far. */
  finish(): Uint8Array {
    const out = new Uint8Array(this.#length);
    let at = 0;
    for (const c of this.#chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }

  #push(b: Uint8Array): this {
    this.#chunks.push(b);
    this.#length += b.length;
    return this;
  }
}
