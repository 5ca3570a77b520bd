/**
 * fairdeal — shuffle and deal cards fairly.
 *
 * The everyday API: random sources, exact bounded integers, shuffles, cards, decks and game
 * presets. Provably fair deals are in `fairdeal/fair`, the statistical auditor in
 * `fairdeal/audit` (Node), and the founding documents' algorithms in `fairdeal/catalog`.
 *
 * @example
 * ```ts
 * import { deal, chacha20 } from 'fairdeal';
 * const round = deal('doudizhu', { seed: 'table 7, hand 1' });
 * round.hands[0]; // 17 cards, sorted big joker, small joker, 2, A, K … 3
 * ```
 */

export * from './cards/index.ts';
export { FairdealError } from './errors.ts';
export * from './games/index.ts';
export { chacha20 } from './random/chacha20.ts';
export { mathRandom } from './random/math-random.ts';
export { scriptedSource } from './random/scripted.ts';
export { createSecureRandom, secureRandom } from './random/secure.ts';
export { bytesToHex, hexToBytes, parseSeed, type Seed } from './random/seed.ts';
export { sha256 } from './random/sha256.ts';
export type { RandomSource } from './random/source.ts';
export { uniformInt } from './random/uniform-int.ts';
export { permutation } from './shuffle/permutation.ts';
export { sample } from './shuffle/sample.ts';
export { shuffle } from './shuffle/shuffle.ts';
export type { Shuffleable, TypedArray } from './shuffle/shuffleable.ts';
export { toShuffled } from './shuffle/to-shuffled.ts';
