import { createCipheriv } from 'node:crypto';

/**
 * OpenSSL's ChaCha20 (an independent implementation, through node:crypto): `blocks` keystream
 * blocks from block `counter`, as little-endian words. Its 16-byte IV is the RFC 8439 counter,
 * then the nonce.
 */
export function nativeWords(
  key: Uint32Array,
  nonce: Uint32Array,
  counter: number,
  blocks: number,
): Uint32Array {
  const iv = new Uint32Array([counter, nonce[0]!, nonce[1]!, nonce[2]!]);
  const bytes = createCipheriv(
    'chacha20',
    new Uint8Array(key.buffer.slice(0)),
    new Uint8Array(iv.buffer),
  ).update(new Uint8Array(blocks * 64));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Uint32Array.from({ length: blocks * 16 }, (_, i) => view.getUint32(i * 4, true));
}
