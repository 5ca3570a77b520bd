import { bytesToHex } from '../random/hex.ts';
import { ed25519PublicKey, ed25519Signer } from './ed25519.ts';

/**
 * The dealer's signing key for fairdeal-v3: a public key to publish and a synchronous `sign`,
 * because the dealer signs receipts inside a store's pure, synchronous change (a service keeps
 * the private key; docs/TABLES.md "Keys").
 */
export interface DealerSigner {
  /** 32-byte Ed25519 public key, lowercase hex. */
  readonly publicKey: string;
  /** The Ed25519 signature (64 bytes) of `message`. */
  sign(message: Uint8Array): Uint8Array;
}

/**
 * A {@link DealerSigner} from a 32-byte Ed25519 private key (RFC 8032 seed), synchronous: Node,
 * Deno or Bun (node:crypto). The key is imported once; the caller may wipe its own copy.
 *
 * @example
 * ```ts
 * const key = crypto.getRandomValues(new Uint8Array(32)); // keep it like a password
 * dealerSigner(key).publicKey; // publish it
 * ```
 * @throws {FairdealError} `BAD_SIGNATURE` for a key that is not 32 bytes or without node:crypto.
 */
export function dealerSigner(privateKey: Uint8Array): DealerSigner {
  const publicKey = bytesToHex(ed25519PublicKey(privateKey));
  const signer: DealerSigner = { publicKey, sign: ed25519Signer(privateKey) };
  // Logging the signer shows the public key only.
  Object.defineProperty(signer, 'toJSON', { value: () => ({ publicKey }) });
  Object.defineProperty(signer, Symbol.for('nodejs.util.inspect.custom'), {
    value: () => `DealerSigner(${publicKey})`,
  });
  return signer;
}
