// Public entry of the fair layer (re-exported by src/index.ts). Browser-safe: nothing on these
// paths imports a node: module, so a web page can import verify() directly.
export { FAIR_ALGORITHM } from './algorithm.ts';
export type { BuildTranscriptInput } from './build-transcript.ts';
export { buildTranscript, dealTranscript } from './build-transcript.ts';
export type { ClientCommit } from './client-commit.ts';
export { commitClientSeed } from './client-commit.ts';
export type { HandRef } from './commitments.ts';
export { clientCommitment, serverCommitment } from './commitments.ts';
export type { FairOptions } from './deal-options.ts';
export type { ClientSeed, DeckKeyInput } from './derive-key.ts';
export { deriveDeckKey, encodeDeckKeyInput } from './derive-key.ts';
export type { FairDealOptions } from './fair-deal.ts';
export { fairDeal } from './fair-deal.ts';
export type { FairRoundOptions, FairRoundPhase, FairRoundState } from './fair-round.ts';
export { FairRound } from './fair-round.ts';
export { parseTranscript } from './parse-transcript.ts';
export { shuffleDeck } from './shuffle-deck.ts';
export type { DealtCard, FairTranscript, TranscriptClient } from './transcript.ts';
export { transcriptHash } from './transcript-hash.ts';
export type { VerifyProblem, VerifyResult } from './verify.ts';
export { verify } from './verify.ts';
export type { ChainProblem, ChainResult } from './verify-chain.ts';
export { verifyChain } from './verify-chain.ts';
