import { markPredictable } from './predictable.ts';
import type { RandomSource } from './source.ts';

/**
 * An adapter of `Math.random` — for comparisons and teaching only. **Insecure**: V8, SpiderMonkey
 * and JavaScriptCore all use xorshift128+, whose 128-bit state is recoverable from a few outputs, so
 * the next deck can be predicted. It can also reach at most 2^128 of the 52! ≈ 2^225.6 orderings of
 * a deck (2^237.1 for 54 cards): most deals can never happen. Never a default anywhere in fairdeal.
 *
 * Each word is the top 32 bits of one `Math.random()` double (engines give ≥ 52 random bits).
 *
 * @example
 * ```ts
 * shuffle(cards, mathRandom); // reproduces what a `Math.random` Fisher–Yates would do
 * ```
 */
export const mathRandom: RandomSource = markPredictable({
  nextUint32: () => Math.floor(Math.random() * 4294967296),
  fillUint32(target: Uint32Array): void {
    for (let i = 0; i < target.length; i++) target[i] = Math.floor(Math.random() * 4294967296);
  },
});
