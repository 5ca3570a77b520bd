import type { Audience, TokenGenerations } from '../store/table-store.ts';

/**
 * The credential generation of one audience (`seat:0` …, `host`): how many times its token was
 * reissued or revoked; 0 when never (and for documents written before generations were kept).
 * A stream or ticket records the generation it was opened or minted under; once the number moves
 * on, the credential behind it is gone, and so is it.
 *
 * @example
 * ```ts
 * generationOf(doc.tokenGenerations, 'seat:1'); // 0 until the host reissues or revokes seat 1
 * ```
 * @throws never.
 */
export function generationOf(
  generations: TokenGenerations | undefined,
  audience: Audience,
): number {
  const n = generations?.[audience];
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : 0;
}

/**
 * The generations after `audience`'s token is reissued or revoked: its count + 1, the others kept.
 *
 * @example
 * ```ts
 * nextGenerations({ 'seat:0': 2 }, 'seat:1'); // { 'seat:0': 2, 'seat:1': 1 }
 * ```
 * @throws never.
 */
export function nextGenerations(
  generations: TokenGenerations | undefined,
  audience: Audience,
): TokenGenerations {
  return { ...generations, [audience]: generationOf(generations, audience) + 1 };
}
