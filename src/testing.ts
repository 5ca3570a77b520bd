/**
 * fairdeal/testing — sources for tests, proofs and teaching, never for play. Kept off the root
 * entry so that an import from `fairdeal` can never pick an insecure source by accident.
 *
 * - `scriptedSource(words)` plays back the words given (exhaustive proofs, reproducible tests).
 * - `mathRandom` draws from `Math.random` (xorshift128+ in V8: predictable from a few outputs),
 *   for comparisons such as the auditor's demonstrations.
 *
 * @example
 * ```ts
 * import { scriptedSource } from 'fairdeal/testing';
 * import { uniformInt } from 'fairdeal';
 * uniformInt(6, scriptedSource([0xffffffff])); // 5
 * ```
 */

export { mathRandom } from './random/math-random.ts';
export { scriptedSource } from './random/scripted.ts';
