import { FairdealError } from '../errors.ts';

/**
 * Ed25519 (RFC 8032) for fairdeal-v3's seat and dealer signatures, from the platform: never
 * hand-written curve arithmetic. Two back ends, the same bytes (Ed25519 signatures are
 * deterministic, RFC 8032 §5.1.6, so a signature made by either verifies in both):
 *
 * - synchronous, node:crypto (Node, Deno, Bun), reached through `process.getBuiltinModule` as
 *   sha256.ts does, so that browsers and bundlers load this module as it is. The dealer signs and
 *   checks inside a store's pure, synchronous change, and `verify()` stays synchronous in Node.
 * - asynchronous, Web Crypto's `crypto.subtle` (browsers, and Node too), for a seat's own device
 *   and `verifyAsync()`.
 *
 * A private key is its 32-byte RFC 8032 seed: it is drawn from fairdeal's secure source (only
 * random/ touches platform randomness) and wrapped in PKCS#8 (RFC 8410 §7) to import it.
 */

// RFC 8410 §7 (PKCS#8 OneAsymmetricKey) and §4 (SubjectPublicKeyInfo) for Ed25519: fixed prefixes
// before the 32 raw bytes.
const PKCS8_PREFIX = Uint8Array.of(
  0x30,
  0x2e,
  0x02,
  0x01,
  0x00,
  0x30,
  0x05,
  0x06,
  0x03,
  0x2b,
  0x65,
  0x70,
  0x04,
  0x22,
  0x04,
  0x20,
);
const SPKI_PREFIX = Uint8Array.of(
  0x30,
  0x2a,
  0x30,
  0x05,
  0x06,
  0x03,
  0x2b,
  0x65,
  0x70,
  0x03,
  0x21,
  0x00,
);

function wrap(prefix: Uint8Array, raw: Uint8Array): Uint8Array {
  const out = new Uint8Array(prefix.length + raw.length);
  out.set(prefix, 0);
  out.set(raw, prefix.length);
  return out;
}

function check32(bytes: Uint8Array, what: string): void {
  if (!(bytes instanceof Uint8Array) || bytes.length !== 32) {
    throw new FairdealError('BAD_SIGNATURE', `${what} must be 32 bytes`);
  }
}

type NodeCrypto = typeof import('node:crypto');

const node = ((): NodeCrypto | undefined => {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const c = proc?.getBuiltinModule?.('node:crypto') as NodeCrypto | undefined;
  return c !== undefined &&
    typeof c.verify === 'function' &&
    typeof c.createPublicKey === 'function'
    ? c
    : undefined;
})();

/** Public keys seen recently, as node:crypto key objects: making one costs about as much as a
 *  verification, and a table's few keys sign every hand. Public, so nothing secret is kept. */
const publicKeyObjects = new Map<string, import('node:crypto').KeyObject>();

function nodePublicKey(c: NodeCrypto, raw: Uint8Array): import('node:crypto').KeyObject {
  let id = '';
  for (let i = 0; i < 32; i++) id += String.fromCharCode(raw[i]!);
  let key = publicKeyObjects.get(id);
  if (key === undefined) {
    key = c.createPublicKey(der(wrap(SPKI_PREFIX, raw), 'spki'));
    if (publicKeyObjects.size >= 256) publicKeyObjects.clear();
    publicKeyObjects.set(id, key);
  }
  return key;
}

/** A DER key input. node:crypto reads any Uint8Array; its typings ask for a Buffer, which this
 *  browser-safe module does not name. */
function der<T extends 'spki' | 'pkcs8'>(
  key: Uint8Array,
  type: T,
): T extends 'spki' ? import('node:crypto').PublicKeyInput : import('node:crypto').PrivateKeyInput {
  return { key, format: 'der', type } as never;
}

function requireNode(what: string): NodeCrypto {
  if (node === undefined) {
    throw new FairdealError(
      'BAD_SIGNATURE',
      `${what}: this platform has no synchronous Ed25519 (use the asynchronous Web Crypto functions)`,
    );
  }
  return node;
}

/**
 * Whether the synchronous functions ({@link ed25519Sign}, {@link ed25519Verify},
 * {@link ed25519PublicKey}) work here: true in Node, false in a browser.
 *
 * @example
 * ```ts
 * if (!hasSyncEd25519()) await verifyAsync(text);
 * ```
 * @throws never.
 */
export function hasSyncEd25519(): boolean {
  return node !== undefined;
}

/**
 * The 32-byte public key of a 32-byte private key (seed), synchronously (Node).
 *
 * @example
 * ```ts
 * ed25519PublicKey(seed); // 32 bytes
 * ```
 * @throws {FairdealError} `BAD_SIGNATURE` for a seed that is not 32 bytes, or where there is no
 *   synchronous Ed25519.
 */
export function ed25519PublicKey(seed: Uint8Array): Uint8Array {
  check32(seed, 'an Ed25519 private key');
  const c = requireNode('ed25519PublicKey');
  const priv = c.createPrivateKey(der(wrap(PKCS8_PREFIX, seed), 'pkcs8'));
  const spki = c.createPublicKey(priv).export({ format: 'der', type: 'spki' });
  return new Uint8Array(spki.subarray(spki.length - 32));
}

/**
 * Signs `message` with the private key `seed` (RFC 8032 Ed25519, pure: no pre-hash), synchronously.
 *
 * @example
 * ```ts
 * const signature = ed25519Sign(seed, message); // 64 bytes
 * ```
 * @throws {FairdealError} `BAD_SIGNATURE` as {@link ed25519PublicKey}.
 */
export function ed25519Sign(seed: Uint8Array, message: Uint8Array): Uint8Array {
  check32(seed, 'an Ed25519 private key');
  const c = requireNode('ed25519Sign');
  const priv = c.createPrivateKey(der(wrap(PKCS8_PREFIX, seed), 'pkcs8'));
  return new Uint8Array(c.sign(null, message, priv));
}

/**
 * A synchronous signing function for one private key: the key is imported once (importing it
 * cost as much as a signature, and a dealer signs seven messages a hand).
 *
 * @example
 * ```ts
 * const sign = ed25519Signer(seed); sign(message); // 64 bytes
 * ```
 * @throws {FairdealError} `BAD_SIGNATURE` as {@link ed25519PublicKey}.
 */
export function ed25519Signer(seed: Uint8Array): (message: Uint8Array) => Uint8Array {
  check32(seed, 'an Ed25519 private key');
  const c = requireNode('ed25519Signer');
  const priv = c.createPrivateKey(der(wrap(PKCS8_PREFIX, seed), 'pkcs8'));
  return (message) => new Uint8Array(c.sign(null, message, priv));
}

/**
 * Whether `signature` is `publicKey`'s Ed25519 signature of `message`, synchronously. A key or a
 * signature of the wrong length, or a key that is not a curve point, is simply false.
 *
 * @example
 * ```ts
 * ed25519Verify(publicKey, message, signature); // true or false
 * ```
 * @throws {FairdealError} `BAD_SIGNATURE` where there is no synchronous Ed25519.
 */
export function ed25519Verify(
  publicKey: Uint8Array,
  message: Uint8Array,
  signature: Uint8Array,
): boolean {
  const c = requireNode('ed25519Verify');
  if (publicKey.length !== 32 || signature.length !== 64) return false;
  try {
    return c.verify(null, message, nodePublicKey(c, publicKey), signature);
  } catch {
    return false; // not a point on the curve
  }
}

interface Subtle {
  importKey: SubtleCrypto['importKey'];
  exportKey: SubtleCrypto['exportKey'];
  sign: SubtleCrypto['sign'];
  verify: SubtleCrypto['verify'];
}

function subtle(): Subtle {
  const s = (globalThis as { crypto?: { subtle?: Subtle } }).crypto?.subtle;
  if (s === undefined) {
    throw new FairdealError('BAD_SIGNATURE', 'this platform has no Web Crypto (crypto.subtle)');
  }
  return s;
}

const ED25519 = { name: 'Ed25519' } as const;

/** A copy in a fresh ArrayBuffer: Web Crypto takes BufferSource, and a view of a larger or shared
 *  buffer would hand it more than the bytes meant. */
function own(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(bytes.length);
  out.set(bytes);
  return out;
}

/**
 * The public key of a private key (seed), with Web Crypto (every platform).
 *
 * @example
 * ```ts
 * const publicKey = await ed25519PublicKeyAsync(seed);
 * ```
 * @throws {FairdealError} `BAD_SIGNATURE` for a seed that is not 32 bytes or without Web Crypto.
 */
export async function ed25519PublicKeyAsync(seed: Uint8Array): Promise<Uint8Array> {
  check32(seed, 'an Ed25519 private key');
  const key = await subtle().importKey('pkcs8', own(wrap(PKCS8_PREFIX, seed)), ED25519, true, [
    'sign',
  ]);
  const jwk = (await subtle().exportKey('jwk', key)) as { x?: string };
  return base64urlBytes(jwk.x ?? '');
}

/**
 * Signs `message` with the private key `seed`, with Web Crypto (every platform).
 *
 * @example
 * ```ts
 * const signature = await ed25519SignAsync(seed, message); // 64 bytes
 * ```
 * @throws {FairdealError} `BAD_SIGNATURE` as {@link ed25519PublicKeyAsync}.
 */
export async function ed25519SignAsync(seed: Uint8Array, message: Uint8Array): Promise<Uint8Array> {
  check32(seed, 'an Ed25519 private key');
  const key = await subtle().importKey('pkcs8', own(wrap(PKCS8_PREFIX, seed)), ED25519, false, [
    'sign',
  ]);
  return new Uint8Array(await subtle().sign(ED25519, key, own(message)));
}

/**
 * {@link ed25519Verify} with Web Crypto (every platform).
 *
 * @example
 * ```ts
 * await ed25519VerifyAsync(publicKey, message, signature); // true or false
 * ```
 * @throws {FairdealError} `BAD_SIGNATURE` without Web Crypto.
 */
export async function ed25519VerifyAsync(
  publicKey: Uint8Array,
  message: Uint8Array,
  signature: Uint8Array,
): Promise<boolean> {
  if (publicKey.length !== 32 || signature.length !== 64) return false;
  const s = subtle();
  try {
    const key = await s.importKey('raw', own(publicKey), ED25519, false, ['verify']);
    return await s.verify(ED25519, key, own(signature), own(message));
  } catch {
    return false;
  }
}

function base64urlBytes(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
}
