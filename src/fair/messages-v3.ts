import { FairdealError } from '../errors.ts';
import { sha256 } from '../random/sha256.ts';
import { CanonicalWriter } from './canonical-writer.ts';
import { type FairHeaderV3, writeHeaderV3 } from './header-v3.ts';
import { hmacSha256 } from './hmac-sha256.ts';
import { checkText } from './validate.ts';

/**
 * The byte strings of fairdeal-v3 (docs/FAIR.md, "fairdeal-v3", §V3.3–V3.6): what is hashed and
 * what is signed, each under its own domain label, so that no signature or hash of one kind can
 * be passed off as another (a commit signature is never a valid reveal signature).
 */
export const LABELS_V3 = {
  serverCommit: 'fairdeal-v3/commit/server',
  clientCommit: 'fairdeal-v3/commit/client',
  roster: 'fairdeal-v3/roster',
  deckKey: 'fairdeal-v3/deck-key',
  transcript: 'fairdeal-v3/transcript',
  signAnnounce: 'fairdeal-v3/sign/announce',
  signCommit: 'fairdeal-v3/sign/commit',
  signRoster: 'fairdeal-v3/sign/roster',
  signReveal: 'fairdeal-v3/sign/reveal',
  signReceipt: 'fairdeal-v3/sign/receipt',
  signTranscript: 'fairdeal-v3/sign/transcript',
} as const;

function need32(bytes: Uint8Array, what: string): Uint8Array {
  if (!(bytes instanceof Uint8Array) || bytes.length !== 32) {
    throw new FairdealError('BAD_SEED', `${what} must be 32 bytes`);
  }
  return bytes;
}

/**
 * `C_s = SHA-256(str("fairdeal-v3/commit/server") ‖ header ‖ bytes(serverSeed))`.
 *
 * @example
 * ```ts
 * const cs = serverCommitmentV3(header, serverSeed);
 * ```
 * @throws {FairdealError} `BAD_SEED` for a seed that is not 32 bytes; as writeHeaderV3.
 */
export function serverCommitmentV3(header: FairHeaderV3, serverSeed: Uint8Array): Uint8Array {
  need32(serverSeed, 'server seed');
  const w = new CanonicalWriter().str(LABELS_V3.serverCommit);
  writeHeaderV3(w, header);
  return w.bytes(serverSeed).use(sha256);
}

/**
 * Seat k's commitment `C_k = SHA-256(str("fairdeal-v3/commit/client") ‖ bytes(C_s) ‖ u32(k) ‖
 * bytes(salt) ‖ str(seed))`: it names the seat, not a player id, because the seat (with its key)
 * is what the header binds.
 *
 * @example
 * ```ts
 * const ck = clientCommitmentV3(cs, 0, salt, 'lucky7');
 * ```
 * @throws {FairdealError} `BAD_SEED` for a salt or C_s that is not 32 bytes; `BAD_OPTION` for a bad seed.
 */
export function clientCommitmentV3(
  cs: Uint8Array,
  seat: number,
  salt: Uint8Array,
  seed: string,
): Uint8Array {
  return new CanonicalWriter()
    .str(LABELS_V3.clientCommit)
    .bytes(need32(cs, 'server commitment'))
    .u32(seat)
    .bytes(need32(salt, 'client commitment salt'))
    .str(checkText(seed, 'client seed'))
    .use(sha256);
}

/**
 * `R = SHA-256(str("fairdeal-v3/roster") ‖ bytes(C_s) ‖ u32(n) ‖ bytes(C_0) ‖ … ‖ bytes(C_{n−1}))`,
 * one commitment per seat in seat order (n = 0 at a practice hand).
 *
 * @example
 * ```ts
 * const r = rosterHashV3(cs, [c0, c1, c2]);
 * ```
 * @throws never for 32-byte inputs.
 */
export function rosterHashV3(cs: Uint8Array, commitments: readonly Uint8Array[]): Uint8Array {
  const w = new CanonicalWriter().str(LABELS_V3.roster).bytes(cs).u32(commitments.length);
  for (const c of commitments) w.bytes(c);
  return w.use(sha256);
}

/**
 * What the dealer signs to announce a hand: `str(label) ‖ header ‖ bytes(C_s) ‖ u64(at)`. The
 * header is signed in full (C_s alone cannot be checked against it before the seed is out), so a
 * seat holding the announcement can show anyone what the dealer committed to, and when.
 *
 * @example
 * ```ts
 * const message = announceMessageV3(header, cs, Date.now());
 * ```
 * @throws as writeHeaderV3; {RangeError} for a bad time.
 */
export function announceMessageV3(header: FairHeaderV3, cs: Uint8Array, at: number): Uint8Array {
  const w = new CanonicalWriter().str(LABELS_V3.signAnnounce);
  writeHeaderV3(w, header);
  return w.bytes(cs).u64(at).finish();
}

/**
 * What seat k signs to commit: `str(label) ‖ bytes(C_s) ‖ u32(k) ‖ bytes(C_k)`. C_s binds the
 * header, so the seat signs the whole seat list too: nobody can be seated beside it later.
 *
 * @example
 * ```ts
 * const message = commitMessageV3(cs, 0, ck);
 * ```
 * @throws never for 32-byte inputs.
 */
export function commitMessageV3(cs: Uint8Array, seat: number, ck: Uint8Array): Uint8Array {
  return new CanonicalWriter().str(LABELS_V3.signCommit).bytes(cs).u32(seat).bytes(ck).finish();
}

/**
 * What the dealer signs when the roster closes: `str(label) ‖ bytes(C_s) ‖ bytes(R) ‖ u64(at)`.
 *
 * @example
 * ```ts
 * const message = rosterMessageV3(cs, r, Date.now());
 * ```
 * @throws {RangeError} for a bad time.
 */
export function rosterMessageV3(cs: Uint8Array, r: Uint8Array, at: number): Uint8Array {
  return new CanonicalWriter().str(LABELS_V3.signRoster).bytes(cs).bytes(r).u64(at).finish();
}

/**
 * What seat k signs to reveal: `str(label) ‖ bytes(C_s) ‖ bytes(R) ‖ u32(k) ‖ bytes(salt) ‖
 * str(seed)`. R holds every seat's commitment, so a signed reveal proves the seat saw them all
 * before it let its seed go: nobody could commit knowing it.
 *
 * @example
 * ```ts
 * const message = revealMessageV3(cs, r, 0, salt, 'lucky7');
 * ```
 * @throws {FairdealError} `BAD_OPTION` for a bad seed.
 */
export function revealMessageV3(
  cs: Uint8Array,
  r: Uint8Array,
  seat: number,
  salt: Uint8Array,
  seed: string,
): Uint8Array {
  return new CanonicalWriter()
    .str(LABELS_V3.signReveal)
    .bytes(cs)
    .bytes(r)
    .u32(seat)
    .bytes(salt)
    .str(checkText(seed, 'client seed'))
    .finish();
}

/** What a receipt acknowledges. */
export type ReceiptKind = 'commit' | 'reveal';

/**
 * What the dealer signs as a receipt for a seat's signed commit or reveal: `str(label) ‖
 * bytes(C_s) ‖ str(kind) ‖ u32(k) ‖ bytes(seat's signature) ‖ u64(at)`. The seat's signature
 * names its message exactly, so a receipt is proof that the dealer had it at `at`.
 *
 * @example
 * ```ts
 * const message = receiptMessageV3(cs, 'reveal', 2, seatSignature, Date.now());
 * ```
 * @throws {RangeError} for a bad seat or time.
 */
export function receiptMessageV3(
  cs: Uint8Array,
  kind: ReceiptKind,
  seat: number,
  seatSignature: Uint8Array,
  at: number,
): Uint8Array {
  return new CanonicalWriter()
    .str(LABELS_V3.signReceipt)
    .bytes(cs)
    .str(kind)
    .u32(seat)
    .bytes(seatSignature)
    .u64(at)
    .finish();
}

/**
 * What the dealer signs to publish a transcript or a void record: `str(label) ‖ bytes(hash)`.
 *
 * @example
 * ```ts
 * const message = transcriptMessageV3(hash);
 * ```
 * @throws never.
 */
export function transcriptMessageV3(hash: Uint8Array): Uint8Array {
  return new CanonicalWriter().str(LABELS_V3.signTranscript).bytes(hash).finish();
}

/**
 * The v3 deck key: `HMAC-SHA-256(serverSeed, str(label) ‖ bytes(C_s) ‖ bytes(R) ‖ u32(#cards) ‖
 * str(card)… ‖ u32(n) ‖ str(seed_0) ‖ … ‖ str(seed_{n−1}))`, every seat's seed in seat order:
 * there is no "missing" encoding, because a hand with a seed missing is never dealt.
 *
 * @example
 * ```ts
 * const key = deckKeyV3(serverSeed, cs, r, deck, ['lucky7', 'x', 'y']);
 * ```
 * @throws {FairdealError} `BAD_SEED` for a bad server seed; `BAD_OPTION` for a bad text.
 */
export function deckKeyV3(
  serverSeed: Uint8Array,
  cs: Uint8Array,
  r: Uint8Array,
  deck: readonly string[],
  seeds: readonly string[],
): Uint8Array {
  need32(serverSeed, 'server seed');
  const w = new CanonicalWriter().str(LABELS_V3.deckKey).bytes(cs).bytes(r).u32(deck.length);
  for (const card of deck) w.str(checkText(card, 'card id'));
  w.u32(seeds.length);
  for (const s of seeds) w.str(checkText(s, 'client seed'));
  return w.use((message) => hmacSha256(serverSeed, message));
}
