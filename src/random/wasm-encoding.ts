/**
 * The few pieces of the WebAssembly binary format (core spec §5) that the modules assembled in
 * this package needs: LEB128 integers, sections, function bodies, names — for
 * chacha20-wasm.ts, which builds its module from opcodes at run time (no build step, nothing
 * fetched).
 */

/**
 * Unsigned LEB128 (§5.2.2), WebAssembly's encoding of sizes, counts and indices.
 *
 * @example
 * ```ts
 * uleb(624485); // [0xe5, 0x8e, 0x26]
 * ```
 */
export function uleb(value: number): number[] {
  const out: number[] = [];
  let v = value;
  do {
    let byte = v & 0x7f;
    v >>>= 7;
    if (v !== 0) byte |= 0x80;
    out.push(byte);
  } while (v !== 0);
  return out;
}

/**
 * Signed LEB128 (§5.2.2) of a 32-bit integer, the immediate of `i32.const`: negative values too
 * (a SHA-256 round constant above 2^31 is its two's-complement pattern).
 *
 * @example
 * ```ts
 * sleb(-123456); // [0xc0, 0xbb, 0x78]
 * ```
 */
export function sleb(value: number): number[] {
  const out: number[] = [];
  let v = value | 0;
  for (;;) {
    const byte = v & 0x7f;
    v >>= 7;
    if ((v === 0 && (byte & 0x40) === 0) || (v === -1 && (byte & 0x40) !== 0)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

/**
 * Appends bytes and byte sequences to `code`: plain index loops, because spreading thousands of
 * small arrays made assembling a module take milliseconds.
 *
 * @example
 * ```ts
 * const code: number[] = [];
 * emit(code, 0x41, sleb(7), 0x1a); // i32.const 7, drop
 * ```
 */
export function emit(code: number[], ...parts: (number | readonly number[])[]): void {
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (typeof part === 'number') code.push(part);
    else for (let j = 0; j < part.length; j++) code.push(part[j]!);
  }
}

/**
 * Appends section `id` (§5.5.2) with its size.
 *
 * @example
 * ```ts
 * const out: number[] = [];
 * section(out, 5, [1, 0x00, 1]); // one memory of one page
 * ```
 */
export function section(out: number[], id: number, content: number[]): void {
  emit(out, id, uleb(content.length), content);
}

/**
 * Appends a function body (§5.5.13): its size, its local declarations (pairs of count and type),
 * its code and `end`.
 *
 * @example
 * ```ts
 * const code: number[] = [];
 * functionBody(code, [3, 0x7f], [0x20, 0, 0x1a]); // three i32 locals; local.get 0, drop
 * ```
 */
export function functionBody(out: number[], locals: number[], code: number[]): void {
  const body: number[] = [];
  emit(body, uleb(locals.length / 2), locals, code, 0x0b);
  emit(out, uleb(body.length), body);
}

/**
 * Appends an ASCII name (§5.2.4) of under 128 characters, as exports spell theirs.
 *
 * @example
 * ```ts
 * const exports: number[] = [1];
 * name(exports, 'memory');
 * ```
 */
export function name(out: number[], text: string): void {
  emit(out, text.length);
  for (let i = 0; i < text.length; i++) out.push(text.charCodeAt(i));
}
