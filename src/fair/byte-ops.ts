/**
 * Copying and wiping bytes with the typed-array built-ins as they were when fairdeal loaded.
 *
 * The buffers these touch hold seeds and keys. A plain loop cannot be watched, but on the
 * hundreds of bytes of a deck-key message it costs more than the two SHA-256 digests of its HMAC
 * (issue 11); `buffer.set(…)` and `buffer.fill(0)` are fast but look the method up on
 * `Uint8Array.prototype`, where code loaded later could install a spy. So the methods are taken
 * once, here, and called through `Function.prototype.call` bound to each: a later patch of
 * `set`, `fill` or `call` reaches neither (byte-ops.test.ts patches all three and checks).
 */

const { call } = Function.prototype;

/** `target.set(source, offset)` with the original `set`. */
const setBytes = call.bind(Uint8Array.prototype.set) as unknown as (
  target: Uint8Array,
  source: Uint8Array,
  offset: number,
) => void;

/** `target.fill(value, start, end)` with the original `fill`. */
const fillBytes = call.bind(Uint8Array.prototype.fill) as unknown as (
  target: Uint8Array,
  value: number,
  start: number,
  end: number,
) => Uint8Array;

/**
 * Copies `source` into `target` at `offset` (`target.set(source, offset)`, unwatchable).
 *
 * @example
 * ```ts
 * const buffer = new Uint8Array(8);
 * copyBytes(buffer, Uint8Array.of(1, 2, 3), 4); // buffer: 0 0 0 0 1 2 3 0
 * ```
 * @throws {RangeError} if `source` does not fit.
 */
export function copyBytes(target: Uint8Array, source: Uint8Array, offset: number): void {
  setBytes(target, source, offset);
}

/**
 * Zeroes `target[start..end)` (`target.fill(0, start, end)`, unwatchable).
 *
 * @example
 * ```ts
 * const secret = Uint8Array.of(7, 7, 7);
 * wipeBytes(secret, 0, secret.length); // 0 0 0
 * ```
 * @throws never.
 */
export function wipeBytes(target: Uint8Array, start: number, end: number): void {
  fillBytes(target, 0, start, end);
}
