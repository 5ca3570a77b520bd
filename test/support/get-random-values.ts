/**
 * Replaces `globalThis.crypto.getRandomValues` for the length of `body` (the secure source reads
 * it at each refill), then restores the prototype's: for tests that feed the secure source known
 * words.
 */
export function withGetRandomValues<T>(fake: (a: Uint32Array) => Uint32Array, body: () => T): T {
  const { crypto } = globalThis;
  Object.defineProperty(crypto, 'getRandomValues', { value: fake, configurable: true });
  try {
    return body();
  } finally {
    delete (crypto as { getRandomValues?: unknown }).getRandomValues; // back to the prototype's
  }
}
