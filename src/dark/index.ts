// Public entry of dark deals (`fairdeal/dark`, docs/DARK.md): mental poker over ristretto255
// (Barnett & Smart 2003), so that no dealer sees a card it was not shown. The group comes from
// the optional peer @noble/curves, loaded on first use (loadDarkGroup); nothing else imports it.

export { type DarkDeck, darkDeck } from './card-points.ts';
export { DARK_VERSION, type DarkContext } from './context.ts';
export { DarkSeat, type DarkSeatOptions } from './dark-seat.ts';
export { jointKey } from './joint-key.ts';
export { type DarkGroup, type DarkPoint, loadDarkGroup } from './load-group.ts';
export { mayShare } from './may-share.ts';
export { openCard } from './open-card.ts';
export { checkSeatKey, type DarkKeyJSON, type DarkProofJSON, makeSeatKey } from './seat-key.ts';
export { checkShare, type DarkShareJSON, makeShare } from './share.ts';
export {
  type DarkCiphertext,
  type DarkCiphertextJSON,
  type DarkStepJSON,
  deckToJSON,
  readStepDeck,
  replayShuffleStep,
  shuffleStep,
  startDeck,
  stepCommitment,
} from './shuffle-step.ts';
export {
  type DarkPlayJSON,
  type DarkRevealJSON,
  type DarkTranscript,
  type DarkVoidJSON,
  parseDarkTranscript,
} from './transcript.ts';
export { type DarkVerdict, verifyDarkTranscript } from './verify-dark.ts';
export { verifyDarkTranscriptSync } from './verify-dark-sync.ts';
