/** Every built-in typed array (Float16Array too, where the platform has it). */
export type TypedArray =
  | Int8Array
  | Uint8Array
  | Uint8ClampedArray
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array
  | Float32Array
  | Float64Array
  | BigInt64Array
  | BigUint64Array;

/** What the shuffles accept: a plain array or any typed array. */
export type Shuffleable = unknown[] | TypedArray;

/**
 * Checks that `value` can be shuffled in place, naming the argument in the error.
 * @throws {TypeError} for anything but an Array or a TypedArray, or a frozen array.
 */
export function assertShuffleable(value: unknown, name: string, inPlace: boolean): void {
  const isTyped = ArrayBuffer.isView(value) && !(value instanceof DataView);
  if (!Array.isArray(value) && !isTyped) {
    throw new TypeError(`${name} must be an Array or a TypedArray, got ${describe(value)}`);
  }
  // A frozen array would throw on the first write; say why before touching anything.
  if (inPlace && !isTyped && Object.isFrozen(value)) {
    throw new TypeError(`${name} is frozen and cannot be shuffled in place; use toShuffled()`);
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value instanceof DataView) return 'a DataView';
  return typeof value === 'object' ? (value.constructor?.name ?? 'an object') : typeof value;
}
