import { sha256 } from '../random/sha256.ts';
import { CanonicalWriter } from './canonical-writer.ts';
import type { FairOptions } from './deal-options.ts';
import { type FairModeV3, type SeatV3, writeHeaderV3 } from './header-v3.ts';
import { fromHex } from './hex.ts';
import { LABELS_V3 } from './messages-v3.ts';
import type { DealtCard } from './transcript.ts';

/** A seat's signed commitment as the transcript records it, with the time the dealer took it. */
export interface CommitV3 {
  /** C_k, hex. */
  readonly commitment: string;
  /** The seat's Ed25519 signature of its commit message, 128 hex. */
  readonly signature: string;
  /** When the dealer accepted it (ms since 1970, the dealer's clock). */
  readonly at: number;
}

/** A seat's signed reveal. */
export interface RevealV3 {
  readonly seed: string;
  /** 32-byte salt, hex. */
  readonly salt: string;
  /** The seat's Ed25519 signature of its reveal message, 128 hex. */
  readonly signature: string;
  readonly at: number;
}

/** Why a hand was voided. */
export type VoidReasonV3 = 'withheld' | 'kicked';

/** The fields every v3 record has, dealt or void (docs/FAIR.md §V3.7). */
export interface FairRecordV3Base {
  readonly algorithm: 'fairdeal-v3';
  readonly mode: FairModeV3;
  readonly table: string;
  readonly hand: number;
  readonly prev: string | null;
  readonly preset: string;
  readonly options: FairOptions;
  /** The dealer's Ed25519 public key, hex. */
  readonly dealer: string;
  /** One per seat, seat 0 first: the roster is exactly the seats. */
  readonly seats: readonly SeatV3[];
  /** C_s, the server seed (revealed), and when the hand was announced. */
  readonly server: { readonly commitment: string; readonly seed: string; readonly at: number };
  /** One per seat at a fair hand (null: never committed, only in a void record); [] at practice. */
  readonly commits: readonly (CommitV3 | null)[];
  /** R and when the roster closed; null at practice, or in a void record before it closed. */
  readonly roster: { readonly hash: string; readonly at: number } | null;
  /** One per seat once the roster closed (null: never revealed, only in a void record); else []. */
  readonly reveals: readonly (RevealV3 | null)[];
  /** SHA-256 of the canonical encoding (§V3.7), hex. */
  readonly hash: string;
  /** The dealer's Ed25519 signature of the hash, 128 hex. */
  readonly signature: string;
}

/** A dealt v3 hand: every card and where it went. */
export interface FairTranscriptV3 extends FairRecordV3Base {
  readonly kind: 'dealt';
  readonly cards: readonly DealtCard[];
}

/** A voided v3 hand: never dealt, and who made it so. */
export interface VoidRecordV3 extends FairRecordV3Base {
  readonly kind: 'void';
  readonly void: {
    readonly reason: VoidReasonV3;
    /** The seats that withheld (or were kicked), ascending. */
    readonly seats: readonly number[];
    readonly at: number;
  };
}

/** Either record of a v3 hand. */
export type AnyRecordV3 = FairTranscriptV3 | VoidRecordV3;

/**
 * The hash of a v3 record: `SHA-256(str("fairdeal-v3/transcript") ‖ str(kind) ‖ header ‖
 * bytes(C_s) ‖ bytes(serverSeed) ‖ u64(server.at) ‖ u32(#commits) ‖ (u8(0) | u8(1) ‖ bytes(C_k)
 * ‖ bytes(sig) ‖ u64(at))… ‖ (u8(0) | u8(1) ‖ bytes(R) ‖ u64(at)) ‖ u32(#reveals) ‖ (u8(0) |
 * u8(1) ‖ str(seed) ‖ bytes(salt) ‖ bytes(sig) ‖ u64(at))… ‖ tail)`, the tail being `u32(#cards)
 * ‖ (str(card) ‖ str(to))…` for a dealt hand, `str(reason) ‖ u32(#seats) ‖ u32(k)… ‖ u64(at)` for
 * a void one. Over canonical bytes, never JSON text.
 *
 * @example
 * ```ts
 * bytesToHex(recordHashV3(t)) === t.hash; // true when untampered
 * ```
 * @throws {FairdealError} `BAD_TRANSCRIPT` for malformed hex; `BAD_OPTION` for bad options.
 */
export function recordHashV3(t: Omit<AnyRecordV3, 'hash' | 'signature'>): Uint8Array {
  const w = new CanonicalWriter().str(LABELS_V3.transcript).str(t.kind);
  writeHeaderV3(w, t);
  w.bytes(fromHex(t.server.commitment, 32, 'server.commitment'))
    .bytes(fromHex(t.server.seed, 32, 'server.seed'))
    .u64(t.server.at)
    .u32(t.commits.length);
  for (const c of t.commits) {
    if (c === null) w.u8(0);
    else {
      w.u8(1)
        .bytes(fromHex(c.commitment, 32, 'commitment'))
        .bytes(fromHex(c.signature, 64, 'signature'))
        .u64(c.at);
    }
  }
  if (t.roster === null) w.u8(0);
  else
    w.u8(1)
      .bytes(fromHex(t.roster.hash, 32, 'roster.hash'))
      .u64(t.roster.at);
  w.u32(t.reveals.length);
  for (const r of t.reveals) {
    if (r === null) w.u8(0);
    else {
      w.u8(1)
        .str(r.seed)
        .bytes(fromHex(r.salt, 32, 'salt'))
        .bytes(fromHex(r.signature, 64, 'signature'))
        .u64(r.at);
    }
  }
  if (t.kind === 'dealt') {
    const cards = (t as Omit<FairTranscriptV3, 'hash' | 'signature'>).cards;
    w.u32(cards.length);
    for (const c of cards) w.str(c.card).str(c.to);
  } else {
    const v = (t as Omit<VoidRecordV3, 'hash' | 'signature'>).void;
    w.str(v.reason).u32(v.seats.length);
    for (const k of v.seats) w.u32(k);
    w.u64(v.at);
  }
  return w.use(sha256);
}
