import type { Deal } from '../games/index.ts';
import { bytesToHex } from '../random/hex.ts';
import { FAIR_ALGORITHM } from './algorithm.ts';
import { serverCommitment } from './commitments.ts';
import type { FairOptions } from './deal-options.ts';
import { deriveDeckKey } from './derive-key.ts';
import { fromHex } from './hex.ts';
import { presetDeal } from './preset-deal.ts';
import type { FairTranscriptV1, TranscriptClient } from './transcript.ts';
import { transcriptHash } from './transcript-hash.ts';
import { checkHand, checkText, compareUtf8 } from './validate.ts';

/** What the dealer knows when it deals: its secret seed and every revealed client seed. */
export interface BuildTranscriptInput {
  readonly serverSeed: Uint8Array;
  readonly table: string;
  readonly hand: number;
  readonly prev: string | null;
  readonly preset: string;
  readonly options: FairOptions;
  /** Revealed seeds, with their commitment and salt when the player committed first. */
  readonly clients: readonly TranscriptClient[];
}

/**
 * Deals a hand the fairdeal-v1 way and writes its transcript: derive the deck key, shuffle the
 * canonical deck with ChaCha20 keyed by it, deal by the preset, hash the record. Commitments of
 * clients are copied, not checked (FairRound checks them as they arrive; verify re-checks them).
 *
 * @example
 * ```ts
 * const t = buildTranscript({ serverSeed, table: 't1', hand: 1, prev: null, preset: 'doudizhu', options: {}, clients: [] });
 * ```
 * @throws {FairdealError} `UNKNOWN_PRESET`, `BAD_OPTION` (bad options or duplicate players),
 *   `BAD_SEED`; {RangeError} for a bad hand number.
 */
export function buildTranscript(input: BuildTranscriptInput): FairTranscriptV1 {
  return dealTranscript(input).transcript;
}

/**
 * {@link buildTranscript}, also returning the games layer's `Deal` (hands sorted, seat names,
 * preset facts) so that an app can show the hand it just proved.
 *
 * @example
 * ```ts
 * // v1 is internal (v1 test vectors); fairdeal/fair's dealTranscript deals v2:
 * // import { dealTranscript as dealTranscriptV1 } from './build-transcript.ts';
 * const { transcript, deal } = dealTranscriptV1(input);
 * ```
 * @throws as {@link buildTranscript}.
 */
export function dealTranscript(input: BuildTranscriptInput): {
  transcript: FairTranscriptV1;
  deal: Deal;
} {
  const ref = { table: checkText(input.table, 'table'), hand: checkHand(input.hand) };
  if (input.prev !== null) fromHex(input.prev, 32, 'prev');
  const clients = [...input.clients].sort((a, b) => compareUtf8(a.player, b.player));
  const plan = presetDeal(input.preset, input.options);
  const key = deriveDeckKey(input.serverSeed, {
    ...ref,
    preset: input.preset,
    options: input.options,
    deck: plan.deck,
    clients,
  });
  const dealt = plan.dealKey(key);
  const body: Omit<FairTranscriptV1, 'hash'> = {
    algorithm: FAIR_ALGORITHM,
    ...ref,
    prev: input.prev,
    preset: input.preset,
    options: { ...input.options },
    server: {
      commitment: bytesToHex(serverCommitment(ref, input.serverSeed)),
      seed: bytesToHex(input.serverSeed),
    },
    clients: clients.map((c) =>
      c.commitment === undefined
        ? { player: c.player, seed: c.seed }
        : { player: c.player, seed: c.seed, commitment: c.commitment, salt: c.salt as string },
    ),
    cards: dealt.cards,
  };
  return { transcript: { ...body, hash: bytesToHex(transcriptHash(body)) }, deal: dealt.deal };
}
