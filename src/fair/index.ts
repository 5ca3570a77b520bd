// Public entry of the fair layer (`fairdeal/fair`). Browser-safe: nothing on these paths imports
// a node: module, so a web page can import verify() directly. New hands are fairdeal-v2; v1
// transcripts still verify (docs/FAIR.md, Appendix A).

// Every hex field of a transcript, key and commitment is spelled by this one function.
export { bytesToHex } from '../random/hex.ts';
export { FAIR_ALGORITHM as FAIR_V1 } from './algorithm.ts';
export type { BuildTranscriptV2Input } from './build-transcript-v2.ts';
export { dealTranscriptV2 as dealTranscript } from './build-transcript-v2.ts';
export { canonicalFairOptions } from './canonical-options.ts';
export type { ClientCommit } from './client-commit.ts';
export { checkRoster, commitClientSeed } from './client-commit.ts';
export type { RosterEntry } from './commit-v2.ts';
export {
  clientCommitmentV2 as clientCommitment,
  rosterHash,
  serverCommitmentV2 as serverCommitment,
} from './commit-v2.ts';
export type { FairOptions } from './deal-options.ts';
export type { DealerSigner } from './dealer-key.ts';
export { dealerSigner } from './dealer-key.ts';
export type { DeckKeyV2Input as DeckKeyInput } from './deck-key-v2.ts';
export {
  deriveDeckKeyV2 as deriveDeckKey,
  encodeDeckKeyV2 as encodeDeckKeyInput,
} from './deck-key-v2.ts';
// fairdeal-v3 (docs/FAIR.md, "fairdeal-v3"): seat keys, signed rounds, void records.
export type { VerdictDescription } from './describe-verdict.ts';
export { describeVerdict } from './describe-verdict.ts';
export {
  ed25519PublicKey,
  ed25519PublicKeyAsync,
  ed25519Sign,
  ed25519SignAsync,
  ed25519Verify,
  ed25519VerifyAsync,
  hasSyncEd25519,
} from './ed25519.ts';
export type { FairDealOptions } from './fair-deal.ts';
export { fairDeal } from './fair-deal.ts';
export type {
  FairAnnouncement,
  FairRoster,
  FairRoundOptions,
  FairRoundPhase,
  FairRoundPublicState,
  FairRoundSecretState,
} from './fair-round.ts';
export { FairRound } from './fair-round.ts';
export type { FairHeader } from './header.ts';
export { FAIR_V2 as FAIR_ALGORITHM } from './header.ts';
export type { FairHeaderV3, FairModeV3, SeatV3 } from './header-v3.ts';
export { FAIR_V3 } from './header-v3.ts';
export { HOUSE_BOT_PREFIX, houseSeats, isHousePlayer } from './house-seats.ts';
export type { ReceiptKind } from './messages-v3.ts';
export { parseAnnouncement } from './parse-announcement.ts';
export { parseRoster } from './parse-roster.ts';
export type { AnyFairTranscript } from './parse-transcript.ts';
export { parseTranscript } from './parse-transcript.ts';
export type { SeatCommitV3, SeatKeyPair } from './seat-v3.ts';
export {
  checkAnnouncementV3,
  checkReceiptV3,
  checkRosterV3,
  commitAsSeat,
  createSeatKey,
  disputeVoidV3,
  revealAsSeat,
} from './seat-v3.ts';
export { commitAsSeatSync, revealAsSeatSync } from './seat-v3-sync.ts';
export type { Seating } from './seating.ts';
export { shuffleDeck } from './shuffle-deck.ts';
export type {
  AnnouncementV3,
  ReceiptV3,
  RosterV3,
  SeatCommitMessage,
  SeatRevealMessage,
  SignedRoundOptions,
  SignedRoundPhase,
  SignedRoundSecretState,
} from './signed-round.ts';
export { SignedRound } from './signed-round.ts';
export { parseStrictJson } from './strict-json.ts';
export type { DealtCard, FairTranscriptV1, TranscriptClient } from './transcript.ts';
export { transcriptHashV2 as transcriptHash } from './transcript-hash-v2.ts';
export type { FairTranscript, PlainSeed, Reveal } from './transcript-v2.ts';
export type {
  AnyRecordV3,
  CommitV3,
  FairTranscriptV3,
  RevealV3,
  VoidReasonV3,
  VoidRecordV3,
} from './transcript-v3.ts';
export { recordHashV3 } from './transcript-v3.ts';
export type {
  FairVerdict,
  FairVerdictV3,
  LegacyVerdict,
  VerifyExpectations,
  VerifyProblem,
  VerifyProblemCode,
  VerifyResult,
} from './verify.ts';
export { VERIFY_PROBLEM_CODES, verify, verifyAsync } from './verify.ts';
export type { ChainProblem, ChainResult } from './verify-chain.ts';
export { verifyChain } from './verify-chain.ts';
