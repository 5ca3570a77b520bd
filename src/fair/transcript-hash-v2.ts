import { sha256 } from '../random/sha256.ts';
import { CanonicalWriter } from './canonical-writer.ts';
import { LABELS_V2 } from './commit-v2.ts';
import { writeHeader } from './header.ts';
import { fromHex } from './hex.ts';
import type { FairTranscript } from './transcript-v2.ts';

/** The transcript's hex fields as bytes: C_s, the server seed, and each reveal's salt in order. */
export interface TranscriptBytes {
  readonly commitment: Uint8Array;
  readonly seed: Uint8Array;
  /** `salts[i]` is the salt of `t.reveals[i]`. */
  readonly salts: readonly Uint8Array[];
  /** The header's canonical bytes (`headerBytes(t)`), if the caller holds them already. */
  readonly header?: Uint8Array;
}

/**
 * The hash of a v2 transcript (docs/FAIR.md §9): `SHA-256(str(label) ‖ header ‖ bytes(C_s) ‖
 * bytes(serverSeed) ‖ bytes(R) ‖ u32(#reveals) ‖ (str(player) ‖ str(seed) ‖ bytes(salt))… ‖
 * plain ‖ u32(#cards) ‖ (str(card) ‖ str(to))…)`, over canonical bytes, never JSON text.
 *
 * @example
 * ```ts
 * const cs = fromHex(t.server.commitment, 32, 'server.commitment');
 * bytesToHex(transcriptHashV2(t, rosterHash(cs, t.roster))) === t.hash; // true when untampered
 * ```
 * @throws {FairdealError} `BAD_TRANSCRIPT` for malformed hex; `BAD_OPTION` for bad options.
 */
export function transcriptHashV2(
  t: Omit<FairTranscript, 'hash'>,
  rosterHash: Uint8Array,
): Uint8Array {
  return transcriptHashOfBytes(t, rosterHash, {
    commitment: fromHex(t.server.commitment, 32, 'server.commitment'),
    seed: fromHex(t.server.seed, 32, 'server.seed'),
    salts: t.reveals.map((r) => fromHex(r.salt, 32, 'reveal salt')),
  });
}

/**
 * {@link transcriptHashV2} for a caller that holds the hex fields as bytes already (FairRound
 * and verify parsed them once): the same message without parsing them again. Internal.
 *
 * @example
 * ```ts
 * const cs = fromHex(t.server.commitment, 32, 'server.commitment');
 * const seed = fromHex(t.server.seed, 32, 'server.seed');
 * const salts = t.reveals.map((r) => fromHex(r.salt, 32, 'salt')); // salts[i]: t.reveals[i]'s
 * transcriptHashOfBytes(t, rosterHash(cs, t.roster), { commitment: cs, seed, salts });
 * ```
 * @throws {FairdealError} `BAD_OPTION` for bad options.
 */
export function transcriptHashOfBytes(
  t: Omit<FairTranscript, 'hash'>,
  rosterHash: Uint8Array,
  bytes: TranscriptBytes,
): Uint8Array {
  const w = new CanonicalWriter().str(LABELS_V2.transcript);
  if (bytes.header === undefined) writeHeader(w, t);
  else w.fields(bytes.header);
  w.bytes(bytes.commitment).bytes(bytes.seed).bytes(rosterHash).u32(t.reveals.length);
  for (let i = 0; i < t.reveals.length; i++) {
    const r = t.reveals[i]!;
    w.str(r.player).str(r.seed).bytes(bytes.salts[i]!);
  }
  if (t.plain === null) w.u8(0);
  else w.u8(1).str(t.plain.player).str(t.plain.seed);
  w.u32(t.cards.length);
  for (const c of t.cards) w.str(c.card).str(c.to);
  return w.use(sha256);
}
