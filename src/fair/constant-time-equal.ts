/**
 * Compares two byte strings in time that depends only on their lengths, never on where they
 * first differ — the usual guard when one side is a secret or a MAC (a server checking a
 * revealed seed against its commitment must not leak, through timing, how many bytes matched).
 *
 * @example
 * ```ts
 * constantTimeEqual(sha256(a), commitment); // true or false
 * ```
 * @throws never.
 */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] as number) ^ (b[i] as number);
  return diff === 0;
}
