import { sha256 } from '../random/sha256.ts';
import { LABELS } from './algorithm.ts';
import { CanonicalWriter } from './canonical-writer.ts';
import { writeOptions } from './deal-options.ts';
import { fromHex } from './hex.ts';
import type { FairTranscriptV1 } from './transcript.ts';

/**
 * The hash of a transcript, which the next hand's `prev` links to:
 * `SHA-256(str(label) ‖ str(algorithm) ‖ str(table) ‖ u64(hand) ‖ bytes(prev | empty) ‖
 * str(preset) ‖ options ‖ bytes(server commitment) ‖ bytes(server seed) ‖ u32(#clients) ‖
 * (str(player) ‖ str(seed) ‖ u8(0) | u8(1) ‖ bytes(salt) ‖ bytes(commitment))… ‖ u32(#cards) ‖
 * (str(card) ‖ str(to))…)`. Computed over the canonical binary encoding, never over JSON text,
 * so whitespace or key order in a stored file cannot change it. The `hash` field is not hashed.
 *
 * @example
 * ```ts
 * // v1 is internal (verifies v1 transcripts); fairdeal/fair's transcriptHash is v2:
 * // import { transcriptHash as transcriptHashV1 } from './transcript-hash.ts';
 * bytesToHex(transcriptHashV1(t)) === t.hash; // t: a FairTranscriptV1, true when untampered
 * ```
 * @throws {FairdealError} `BAD_TRANSCRIPT` for malformed hex fields; `BAD_OPTION` for bad options.
 */
export function transcriptHash(t: Omit<FairTranscriptV1, 'hash'>): Uint8Array {
  const w = new CanonicalWriter()
    .str(LABELS.transcript)
    .str(t.algorithm)
    .str(t.table)
    .u64(t.hand)
    .bytes(t.prev === null ? new Uint8Array(0) : fromHex(t.prev, 32, 'prev'))
    .str(t.preset);
  writeOptions(w, t.options);
  w.bytes(fromHex(t.server.commitment, 32, 'server.commitment'));
  w.bytes(fromHex(t.server.seed, 32, 'server.seed'));
  w.u32(t.clients.length);
  for (const c of t.clients) {
    w.str(c.player).str(c.seed);
    if (c.commitment === undefined) {
      w.u8(0);
    } else {
      w.u8(1)
        .bytes(fromHex(c.salt, 32, `salt of '${c.player}'`))
        .bytes(fromHex(c.commitment, 32, `commitment of '${c.player}'`));
    }
  }
  w.u32(t.cards.length);
  for (const c of t.cards) w.str(c.card).str(c.to);
  return w.use(sha256);
}
