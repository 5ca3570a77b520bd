import { BufferedSource } from '../random/buffered-source.ts';
import { secureRandom } from '../random/secure.ts';
import type { RandomSource } from '../random/source.ts';
import { fisherYates, WHOLE } from './fisher-yates.ts';
import { shuffleInPlace as arrayKernel } from './kernels/array.ts';
import { shuffleInPlace as float64Kernel } from './kernels/float64.ts';
import { shuffleInPlace as numbersKernel } from './kernels/numbers.ts';
import { shuffleInPlace as uint32Kernel } from './kernels/uint32.ts';
import { assertShuffleable, type Shuffleable } from './shuffleable.ts';

/**
 * The name of a typed array's kind (`'Float64Array'`…), from its internal slot, or undefined
 * for anything else: the getter of `%TypedArray%.prototype[@@toStringTag]`, bound at load time
 * (so a later change to `Function.prototype.call` is never called). V8 compiles it to a check of
 * the object's elements kind; `instanceof` walks the prototype chain, four links for a miss.
 */
const typedArrayTag = Function.prototype.call.bind(
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), Symbol.toStringTag)!
    .get!,
) as (value: unknown) => string | undefined;

/**
 * Shuffles `array` in place — every ordering exactly equally likely — and returns it.
 *
 * Fisher–Yates (Durstenfeld) with exact bounded integers (Lemire), two drawn from each 32-bit
 * word while the bound fits 16 bits: a 52-card deck costs 26 words. Position 0 is the top card.
 * With a seeded source the result is value-stable across versions and platforms ("shuffle v1",
 * docs/RANDOM.md).
 *
 * @param array an Array or any TypedArray.
 * @param source where randomness comes from (default: {@link secureRandom}).
 * @example
 * ```ts
 * const deck = [...'A23456789TJQK'];
 * shuffle(deck);                        // secure
 * shuffle(deck, chacha20('hand 1'));   // reproducible
 * ```
 * @throws {TypeError} if `array` is not an Array or TypedArray, or is frozen.
 */
export function shuffle<A extends Shuffleable>(array: A, source: RandomSource = secureRandom): A {
  // From a pooled source, straight to the array family's kernel, which checks for a frozen
  // Array itself (it reads the length, a load that here would see every kind of array and be
  // megamorphic) and shuffles small arrays without another call: at 5 items these few checks
  // and calls are most of the cost (docs/RANDOM.md, "How shuffle v1 runs fast"). The source's
  // private brand and the typed array's tag are read without side effects (no getter, no Proxy
  // trap), so testing them before the array is validated changes no error.
  const pooled = typeof source === 'object' && source !== null && BufferedSource.isPooled(source);
  if (Array.isArray(array)) {
    if (pooled) {
      if (typeof array[0] === 'number') numbersKernel(array as number[], source);
      else arrayKernel(array, source);
      return array;
    }
  } else if (pooled) {
    const tag = typedArrayTag(array);
    if (tag === 'Uint32Array') {
      uint32Kernel(array as Uint32Array, source);
      return array;
    }
    if (tag === 'Float64Array') {
      float64Kernel(array as Float64Array, source);
      return array;
    }
  }
  assertShuffleable(array, 'shuffle: array', true);
  fisherYates(array, WHOLE, source);
  return array;
}
