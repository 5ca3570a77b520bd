import { concat } from './bytes.ts';
import type { DarkGroup } from './load-group.ts';

/** The domain separation tags of docs/DARK.md §2, one per use of a hash. */
export const DST = Object.freeze({
  card: 'fairdeal-dark-v1 card',
  keySecret: 'fairdeal-dark-v1 key secret',
  keyProof: 'fairdeal-dark-v1 key proof',
  shareProof: 'fairdeal-dark-v1 share proof',
  nonce: 'fairdeal-dark-v1 nonce',
  shuffleScalar: 'fairdeal-dark-v1 shuffle scalar',
  stepCommitment: 'fairdeal-dark-v1 step commitment',
});

/**
 * H_s(dst, msg): expand_message_xmd with SHA-512 (RFC 9380 §5.3.1) to 64 bytes, read
 * little-endian and reduced mod ℓ — noble's `hashToScalar`; 512 bits reduced mod a 252-bit ℓ
 * leave a bias below 2^-250, where 256 bits would leave one of about 2^-4.
 */
export function hashScalar(group: DarkGroup, dst: string, ...msg: readonly Uint8Array[]): bigint {
  return group.hasher.hashToScalar(concat(...msg), { DST: dst });
}

/** The scalar's 32-byte little-endian encoding. */
export function scalarBytes(group: DarkGroup, s: bigint): Uint8Array {
  return group.Point.Fn.toBytes(s);
}
