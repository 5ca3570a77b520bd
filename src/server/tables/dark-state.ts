import type { DarkSignatureView, DarkStage, DarkVerdictView } from '../../client/index.ts';
import type {
  DarkKeyJSON,
  DarkPlayJSON,
  DarkRevealJSON,
  DarkShareJSON,
  DarkStepJSON,
  DarkVoidJSON,
} from '../../dark/index.ts';

/**
 * A dark hand's public state (docs/TABLES.md, "Dark tables"; docs/DARK.md §8): every message the
 * seats posted, in the protocol's shapes, and what the service derived from them in public — the
 * kitty once every seat opened it, each seat's card count. It is what the service stores of a
 * dark hand besides the rules state (whose hands it keeps empty): ciphertexts, shares, proofs
 * and the cards made public, never a card a seat holds.
 */
export interface DarkHand {
  readonly stage: DarkStage;
  /** Each seat's key message, null until posted. */
  readonly keys: readonly (DarkKeyJSON | null)[];
  /** The shuffle steps posted, in seat order. */
  readonly steps: readonly DarkStepJSON[];
  /** Every share posted and checked, in the order they came. */
  readonly shares: readonly DarkShareJSON[];
  /** The seats that posted their shares in the current share stage (`deal`, `kitty`). */
  readonly sharedBy: readonly number[];
  /** The landlord, once the bidding named one: the kitty goes to this seat. */
  readonly kittyTo: number | null;
  /** The kitty's cards once every seat shared them: public from then on. */
  readonly kitty: readonly string[] | null;
  readonly plays: readonly DarkPlayJSON[];
  readonly reveals: readonly (DarkRevealJSON | null)[];
  /** How many cards each seat holds: the service knows counts, never cards. */
  readonly counts: readonly number[];
  readonly signatures: readonly DarkSignatureView[];
  /** Who stopped, once void. */
  readonly void: DarkVoidJSON | null;
  /** What verifying the transcript said, once the hand ended or was void. */
  readonly verdict: DarkVerdictView | null;
}

/**
 * A fresh dark hand: every seat owes its key.
 *
 * @example
 * ```ts
 * newDarkHand(3).stage; // 'keys'
 * ```
 * @throws never.
 */
export function newDarkHand(seats: number): DarkHand {
  return {
    stage: 'keys',
    keys: Array.from({ length: seats }, () => null),
    steps: [],
    shares: [],
    sharedBy: [],
    kittyTo: null,
    kitty: null,
    plays: [],
    reveals: Array.from({ length: seats }, () => null),
    counts: Array.from({ length: seats }, () => 0),
    signatures: [],
    void: null,
    verdict: null,
  };
}

/**
 * The seats a dark stage waits for: those without a key, the seat to shuffle, those without
 * their shares, those without a reveal; [] in the bidding and the play (the turn says who).
 *
 * @example
 * ```ts
 * darkWaitingFor(newDarkHand(3)); // [0, 1, 2]
 * ```
 * @throws never.
 */
export function darkWaitingFor(dark: DarkHand): number[] {
  const seats = dark.keys.length;
  const all = Array.from({ length: seats }, (_, k) => k);
  switch (dark.stage) {
    case 'keys':
      return all.filter((k) => dark.keys[k] === null);
    case 'shuffle':
      return [dark.steps.length];
    case 'deal':
    case 'kitty':
      return all.filter((k) => !dark.sharedBy.includes(k));
    case 'reveal':
      return all.filter((k) => dark.reveals[k] === null);
    default:
      return [];
  }
}
