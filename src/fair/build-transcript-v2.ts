import type { Deal } from '../games/index.ts';
import { bytesToHex } from '../random/hex.ts';
import { type RosterEntry, rosterHash, serverCommitmentV2, sortRoster } from './commit-v2.ts';
import { deriveDeckKeyV2 } from './deck-key-v2.ts';
import { FAIR_V2, type FairHeader } from './header.ts';
import { fromHex } from './hex.ts';
import { presetDeal } from './preset-deal.ts';
import { transcriptHashOfBytes } from './transcript-hash-v2.ts';
import type { FairTranscript, PlainSeed, Reveal } from './transcript-v2.ts';

/** What the dealer knows when it deals a v2 hand. */
export interface BuildTranscriptV2Input {
  readonly header: FairHeader;
  readonly serverSeed: Uint8Array;
  readonly roster: readonly RosterEntry[];
  readonly reveals: readonly Reveal[];
  readonly plain: PlainSeed | null;
}

/** What a caller of {@link dealWithHashes} may hold already, in the form the deal needs. */
export interface KnownBytes {
  /** C_s in hex (`bytesToHex(cs)`). */
  readonly commitmentHex: string;
  /** The salt of each revealed player, as bytes (`fromHex(reveal.salt)`). */
  readonly salts: ReadonlyMap<string, Uint8Array>;
  /** The header's canonical bytes (`headerBytes(input.header)`). */
  readonly header?: Uint8Array;
}

/**
 * Deals a v2 hand and writes its transcript: C_s, R, the deck key, the ChaCha20 shuffle of the
 * canonical deck, the preset's deal, the hash. Reveals are copied, not checked (FairRound checks
 * them as they arrive; verify re-checks them). The header must be normalized already.
 *
 * @example
 * ```ts
 * const { transcript } = dealTranscriptV2({ header, serverSeed, roster: [], reveals: [], plain: null });
 * ```
 * @throws {FairdealError} `BAD_OPTION`, `UNKNOWN_PRESET`, `BAD_SEED` for bad input.
 */
export function dealTranscriptV2(input: BuildTranscriptV2Input): {
  transcript: FairTranscript;
  deal: Deal;
} {
  const cs = serverCommitmentV2(input.header, input.serverSeed);
  return dealWithHashes(input, cs, rosterHash(cs, input.roster));
}

/**
 * {@link dealTranscriptV2} for a caller that holds C_s and R already, computed from this very
 * input (FairRound computes them when it opens and when it closes the roster): hashing them
 * again was two of a fair deal's seven SHA-256 messages. `known` may add C_s in hex and the
 * reveals' salts as bytes, parsed when they were checked, so that nothing is converted twice.
 * Internal: the fair entry does not export it, so no caller can hand in a commitment of another
 * header.
 *
 * @example
 * ```ts
 * const cs = serverCommitment(header, serverSeed);
 * dealWithHashes({ header, serverSeed, roster: [], reveals: [], plain: null }, cs, rosterHash(cs, []));
 * ```
 * @throws as {@link dealTranscriptV2}.
 */
export function dealWithHashes(
  input: BuildTranscriptV2Input,
  cs: Uint8Array,
  r: Uint8Array,
  known?: KnownBytes,
): { transcript: FairTranscript; deal: Deal } {
  const h = input.header;
  const roster = sortRoster(input.roster).map((e) => ({
    player: e.player,
    commitment: e.commitment,
  }));
  const reveals = sortRoster(input.reveals).map((r) => ({
    player: r.player,
    seed: r.seed,
    salt: r.salt,
  }));
  const plain =
    input.plain === null ? null : { player: input.plain.player, seed: input.plain.seed };
  const plan = presetDeal(h.preset, h.options);
  const key = deriveDeckKeyV2(input.serverSeed, {
    serverCommitment: cs,
    rosterHash: r,
    deck: plan.deck,
    roster,
    reveals,
    plain,
  });
  const dealt = plan.dealKey(key);
  const body: Omit<FairTranscript, 'hash'> = {
    algorithm: FAIR_V2,
    table: h.table,
    hand: h.hand,
    prev: h.prev,
    preset: h.preset,
    options: { ...h.options },
    seating: h.seating === 'roster' ? 'roster' : [...h.seating],
    server: {
      commitment: known?.commitmentHex ?? bytesToHex(cs),
      seed: bytesToHex(input.serverSeed),
    },
    roster,
    reveals,
    plain,
    cards: dealt.cards,
  };
  const salts = reveals.map(
    (e) => known?.salts.get(e.player) ?? fromHex(e.salt, 32, 'reveal salt'),
  );
  const hash = transcriptHashOfBytes(body, r, {
    commitment: cs,
    seed: input.serverSeed,
    salts,
    ...(known?.header === undefined ? {} : { header: known.header }),
  });
  return { transcript: { ...body, hash: bytesToHex(hash) }, deal: dealt.deal };
}
