import { createCipheriv, createDecipheriv, createHmac, webcrypto } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { secureBytes } from './random-bytes.ts';

/**
 * The service's secrets: AES-256-GCM for server seeds at rest and the Ed25519 key that signs
 * commitments, both from ONE 32-byte master key (docs/TABLES.md, "Keys").
 */
export interface SecretBox {
  /** AES-256-GCM: `v1.` ‖ base64url(iv ‖ tag ‖ ciphertext). Synchronous (runs in a store change). */
  seal(plain: string): string;
  /** Opens what `seal` made. @throws {Error} if it was altered or sealed with another key. */
  open(sealed: string): string;
  /** Signs bytes with Ed25519 (Web Crypto), base64url. */
  sign(message: string): Promise<string>;
  /** The Ed25519 public key, raw, base64url. */
  publicKey(): Promise<string>;
}

// PKCS#8 wrapping of a raw Ed25519 private key (RFC 8410 §7): a fixed 16-byte prefix.
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * A {@link SecretBox} from a 32-byte master key. The AES key and the Ed25519 seed are derived
 * from it with HMAC-SHA-256 under different labels, so one environment variable holds both and
 * neither key is used for two purposes.
 *
 * @example
 * ```ts
 * const box = createSecretBox(masterKey);
 * box.open(box.seal('x')); // 'x'
 * ```
 * @throws {RangeError} unless the key is 32 bytes.
 */
export function createSecretBox(master: Uint8Array): SecretBox {
  if (master.length !== 32) throw new RangeError('the master key must be 32 bytes');
  const derive = (label: string) => createHmac('sha256', master).update(label).digest();
  const aesKey = derive('fairdeal/at-rest/aes-256-gcm');
  const signSeed = derive('fairdeal/commitments/ed25519');
  let keys: Promise<{ priv: webcrypto.CryptoKey; pub: string }> | undefined;
  const getKeys = (): Promise<{ priv: webcrypto.CryptoKey; pub: string }> => {
    keys ??= (async () => {
      const priv = await webcrypto.subtle.importKey(
        'pkcs8',
        Buffer.concat([PKCS8_ED25519, signSeed]),
        { name: 'Ed25519' },
        true,
        ['sign'],
      );
      const jwk = await webcrypto.subtle.exportKey('jwk', priv);
      return { priv, pub: String(jwk.x) };
    })();
    return keys;
  };
  return {
    seal: (plain) => {
      const iv = secureBytes(12);
      const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open: (sealed) => {
      if (!sealed.startsWith('v1.')) throw new Error('not a sealed value');
      const raw = Buffer.from(sealed.slice(3), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', aesKey, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
    sign: async (message) => {
      const { priv } = await getKeys();
      const sig = await webcrypto.subtle.sign(
        { name: 'Ed25519' },
        priv,
        new TextEncoder().encode(message),
      );
      return Buffer.from(sig).toString('base64url');
    },
    publicKey: async () => (await getKeys()).pub,
  };
}

/**
 * The master key: `FAIRDEAL_SECRET_KEY` (64 hex digits) when set; otherwise, for development, a
 * key file next to the database, created with mode 0600 on first start and read afterwards
 * (a server whose key changed could not open its own stored seeds). With an in-memory database
 * a fresh key is made for the process. A malformed variable or key file is refused.
 *
 * @example
 * ```ts
 * const key = loadMasterKey(process.env, './data/fairdeal.db');
 * ```
 * @throws {Error} for a malformed key (a key file found with wider permissions is set to 0600).
 */
export function loadMasterKey(
  env: Readonly<Record<string, string | undefined>>,
  dbPath: string,
): Uint8Array {
  const fromHex = (text: string, where: string): Uint8Array => {
    const t = text.trim();
    if (!/^[0-9a-fA-F]{64}$/.test(t)) throw new Error(`${where} must be 64 hex digits (32 bytes)`);
    return Buffer.from(t, 'hex');
  };
  const value = env.FAIRDEAL_SECRET_KEY;
  if (value !== undefined && value !== '') return fromHex(value, 'FAIRDEAL_SECRET_KEY');
  if (dbPath === ':memory:') return secureBytes(32);
  const file = `${dbPath}.key`;
  if (existsSync(file)) {
    chmodSync(file, 0o600);
    return fromHex(readFileSync(file, 'utf8'), file);
  }
  mkdirSync(dirname(file), { recursive: true });
  const key = secureBytes(32);
  writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}
