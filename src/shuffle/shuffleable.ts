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
  if (Array.isArray(value)) {
    if (inPlace) assertWritable(value, name);
    return;
  }
  if (!ArrayBuffer.isView(value) || value instanceof DataView) {
    throw new TypeError(`${name} must be an Array or a TypedArray, got ${describe(value)}`);
  }
}

/** The error for a frozen array given to an in-place shuffle (here and in the kernels'
 *  shuffleInPlace, which make the same probe). */
export function frozen(name: string): TypeError {
  return new TypeError(`${name} is frozen and cannot be shuffled in place; use toShuffled()`);
}

/**
 * A frozen array would throw on the first write of the shuffle, after randomness was drawn;
 * say why before anything is drawn. The probe is a self-assignment of item 0, which a frozen
 * array refuses (strict mode) and which a shuffle of two or more items makes anyway: it costs a
 * nanosecond where `Object.isFrozen` costs ten, a tenth of a whole 52-card shuffle.
 */
function assertWritable(array: unknown[], name: string): void {
  let writable: boolean;
  if (array.length < 2) writable = !Object.isFrozen(array);
  else {
    try {
      // biome-ignore lint/correctness/noSelfAssign: the write is the probe (see above).
      array[0] = array[0];
      writable = true;
    } catch {
      writable = false;
    }
  }
  if (!writable) throw frozen(name);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value instanceof DataView) return 'a DataView';
  return typeof value === 'object' ? (value.constructor?.name ?? 'an object') : typeof value;
}
