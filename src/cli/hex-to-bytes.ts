/**
 * Lowercase hex as bytes; `undefined` for anything else (odd length, another character,
 * uppercase), so that the caller words the refusal and never echoes a secret's text.
 *
 * @example
 * ```ts
 * hexToBytes('00ff'); // Uint8Array [0, 255]
 * ```
 * @throws never.
 */
export function hexToBytes(text: string, length?: number): Uint8Array | undefined {
  if (!/^(?:[0-9a-f]{2})*$/.test(text)) return undefined;
  if (length !== undefined && text.length !== 2 * length) return undefined;
  return Uint8Array.from(text.match(/../g) ?? [], (h) => Number.parseInt(h, 16));
}
