import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createSecretKey,
  type KeyObject,
  webcrypto,
} from 'node:crypto';
import { type DealerSigner, dealerSigner } from '../../fair/index.ts';
import { secureBytes } from './random-bytes.ts';

/**
 * The service's secrets: AES-256-GCM for what is kept sealed at rest (server seeds, hands, the
 * stock, each seat's events and stored answers) and the Ed25519 key that signs commitments, both
 * from ONE 32-byte master key (docs/TABLES.md, "Keys").
 */
export interface SecretBox {
  /**
   * AES-256-GCM under the current key: `v2.` ‖ key id ‖ `.` ‖ base64url(iv ‖ tag ‖ ciphertext).
   * `context` (default empty) is bound as associated data: the value opens only under the same
   * context, so a sealed value copied to another row, table or seat does not open there.
   * Synchronous (runs in a store change).
   */
  seal(plain: string, context?: string): string;
  /**
   * Opens what `seal` made, with the current key or a previous one (the key id says which).
   * @throws {Error} if it was altered, sealed under another context, or with a key this box lacks.
   */
  open(sealed: string, context?: string): string;
  /** Signs bytes with Ed25519 (Web Crypto), base64url. */
  sign(message: string): Promise<string>;
  /** The Ed25519 public key, raw, base64url. */
  publicKey(): Promise<string>;
  /** The current key's id as sealed values carry it (8 hex digits; says nothing of the key). */
  readonly keyId: string;
  /**
   * The same Ed25519 key as the fairdeal-v3 dealer: signs announcements, receipts, rosters and
   * records synchronously, inside a store's change (docs/FAIR.md §V3.6; its labels keep those
   * signatures apart from the commitment texts `sign` signs).
   */
  readonly dealer: DealerSigner;
  /**
   * The dealer keys of the previous master keys: a hand opened before a rotation names the old
   * dealer key in its announcement, and only that key may sign the rest of it (receipts, roster,
   * record). New hands are the current key's.
   */
  readonly previousDealers: readonly DealerSigner[];
}

// PKCS#8 wrapping of a raw Ed25519 private key (RFC 8410 §7): a fixed 16-byte prefix.
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');

// iv (96 bits, NIST SP 800-38D §8.2.2: random IVs are safe far beyond any table's count of
// seals) ‖ tag (128 bits).
const IV = 12;
const TAG = 16;

interface AtRestKey {
  readonly id: string;
  readonly aes: KeyObject;
}

function atRestKey(master: Uint8Array): AtRestKey {
  if (master.length !== 32) throw new RangeError('the master key must be 32 bytes');
  const derive = (label: string) => createHmac('sha256', master).update(label).digest();
  return {
    // One-way, so showing it (in every sealed value, in docs/TABLES.md's rotation check) tells
    // nothing of the key; 32 bits tell two keys of one service apart.
    id: derive('fairdeal/key-id').subarray(0, 4).toString('hex'),
    // A KeyObject made once: given raw bytes, every createCipheriv made one again, which was
    // most of a seal's time (bench/table-actions.ts).
    aes: createSecretKey(derive('fairdeal/at-rest/aes-256-gcm')),
  };
}

function gcmOpen(key: KeyObject, raw: Buffer, context: string): string | undefined {
  if (raw.length < IV + TAG) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV));
    if (context !== '') decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(raw.subarray(IV, IV + TAG));
    return Buffer.concat([decipher.update(raw.subarray(IV + TAG)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return undefined;
  }
}

/**
 * A {@link SecretBox} from a 32-byte master key, and the keys it replaced. The AES key, the key
 * id and the Ed25519 seed are derived from a master key with HMAC-SHA-256 under different labels,
 * so one environment variable holds them all and no key is used for two purposes. Values are
 * sealed with `master` only; `previous` keys only open (key rotation: docs/TABLES.md, "Keys").
 * Values sealed before key ids existed (`v1.`, no context) open with any of the keys.
 *
 * @example
 * ```ts
 * const box = createSecretBox(newKey, [oldKey]);
 * box.open(box.seal('x', 'table t1')); // 'x'
 * box.open(oldBox.seal('y', 'table t1'), 'table t1'); // 'y', sealed under oldKey
 * ```
 * @throws {RangeError} unless every key is 32 bytes.
 */
export function createSecretBox(
  master: Uint8Array,
  previous: readonly Uint8Array[] = [],
): SecretBox {
  const current = atRestKey(master);
  const keys = [current, ...previous.map(atRestKey)];
  const signSeedOf = (key: Uint8Array) =>
    createHmac('sha256', key).update('fairdeal/commitments/ed25519').digest();
  const signSeed = signSeedOf(master);
  let signing: Promise<{ priv: webcrypto.CryptoKey; pub: string }> | undefined;
  const getSigning = (): Promise<{ priv: webcrypto.CryptoKey; pub: string }> => {
    signing ??= (async () => {
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
    return signing;
  };
  // The messages name the key id at most, never a key or the plaintext.
  const refuse = (why: string): never => {
    throw new Error(`a sealed value did not open: ${why}`);
  };
  return {
    keyId: current.id,
    dealer: dealerSigner(signSeed),
    previousDealers: previous.map((k) => dealerSigner(signSeedOf(k))),
    seal: (plain, context = '') => {
      const iv = secureBytes(IV);
      const cipher = createCipheriv('aes-256-gcm', current.aes, iv);
      if (context !== '') cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v2.${current.id}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open: (sealed, context = '') => {
      if (sealed.startsWith('v2.')) {
        const dot = sealed.indexOf('.', 3);
        const id = dot < 0 ? '' : sealed.slice(3, dot);
        const key = keys.find((k) => k.id === id);
        if (key === undefined) {
          return refuse(
            `sealed with key ${id.slice(0, 8)}, which this service does not hold (FAIRDEAL_SECRET_KEY_PREVIOUS)`,
          );
        }
        const plain = gcmOpen(key.aes, Buffer.from(sealed.slice(dot + 1), 'base64url'), context);
        return plain ?? refuse('altered, or moved from where it was sealed');
      }
      // Before key ids: seeds only, sealed without a context; nothing else may take their place.
      if (sealed.startsWith('v1.') && context === '') {
        const raw = Buffer.from(sealed.slice(3), 'base64url');
        for (const key of keys) {
          const plain = gcmOpen(key.aes, raw, '');
          if (plain !== undefined) return plain;
        }
        return refuse('altered, or sealed with a key this service does not hold');
      }
      return refuse('not a sealed value');
    },
    sign: async (message) => {
      const { priv } = await getSigning();
      const sig = await webcrypto.subtle.sign(
        { name: 'Ed25519' },
        priv,
        new TextEncoder().encode(message),
      );
      return Buffer.from(sig).toString('base64url');
    },
    publicKey: async () => (await getSigning()).pub,
  };
}
