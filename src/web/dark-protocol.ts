// Messages between a dark table's page and the worker that holds its seat (dark-worker.ts,
// docs/WEB.md "Dark tables"). The worker keeps the seat's key secret and step seed: nothing it
// answers holds either, but the public messages of docs/DARK.md §8 and, at the end, the seed.
import type {
  DarkContext,
  DarkKeyJSON,
  DarkRevealJSON,
  DarkShareJSON,
  DarkStepJSON,
  DarkVerdict,
} from '../dark/index.ts';

/** A card of this seat's hand, opened in the worker: its final-deck position and its id. */
export interface DarkCard {
  readonly position: number;
  readonly card: string;
}

/** Where a verified hand's cards went: each seat's, in dealing order, and the kitty's. */
export interface DarkDealt {
  readonly seats: readonly (readonly string[])[];
  readonly kitty: readonly string[];
}

/** Each request the worker answers, by type: what it takes and what it gives back. */
export interface DarkCalls {
  /** Makes (or, for the same hand and seat, gives again) the seat's key and its proof. */
  start: { take: { context: DarkContext; seat: number }; give: { key: DarkKeyJSON } };
  /** Every seat's key, in seat order: each proof checked, the joint key computed. */
  keys: { take: { keys: readonly DarkKeyJSON[] }; give: Record<string, never> };
  /** This seat's shuffle step over the previous seat's deck (null for seat 0). */
  shuffle: { take: { previous: DarkStepJSON['deck'] | null }; give: { step: DarkStepJSON } };
  /** Every seat's published step, in seat order: the last one's deck is dealt from. */
  deck: { take: { steps: readonly DarkStepJSON[] }; give: Record<string, never> };
  /** The shares this seat owes the deal: one for every card dealt to another seat. */
  'deal-shares': { take: Record<string, never>; give: { shares: DarkShareJSON[] } };
  /**
   * Other seats' shares: those for this seat's own cards and the kitty are checked at once
   * (a bad one refused naming its seat); the rest are kept and checked when their card is
   * played, so a deal checks 34 shares, not 68.
   */
  shares: { take: { shares: readonly DarkShareJSON[] }; give: Record<string, never> };
  /** This seat's cards (and the kitty's once it took it), opened here. */
  hand: { take: Record<string, never>; give: { cards: DarkCard[] } };
  /** Records the kitty's seat and gives this seat's shares that open it to everyone. */
  kitty: { take: { seat: number }; give: { shares: DarkShareJSON[] } };
  /** The shares that play these positions of this seat's hand (none for a kitty card: open already). */
  play: { take: { positions: readonly number[] }; give: { shares: DarkShareJSON[] } };
  /** Opens positions every share of which is in (a played card, the kitty). */
  open: { take: { positions: readonly number[] }; give: { cards: DarkCard[] } };
  /** The step seed, once the hand is over. */
  reveal: { take: Record<string, never>; give: { reveal: DarkRevealJSON } };
  /**
   * Verifies a whole transcript (needs no seat; docs/DARK.md §10), and gives each seat's cards
   * as dealt and the kitty's, once every seed was revealed.
   */
  verify: {
    take: { transcript: unknown };
    give: { verdict: DarkVerdict; dealt: DarkDealt | null };
  };
}

/** A request's type. */
export type DarkCallType = keyof DarkCalls;

/** Page → worker. */
export type DarkRequest = {
  [K in DarkCallType]: { readonly id: number; readonly type: K } & DarkCalls[K]['take'];
}[DarkCallType];

/** A refusal as the worker passes it on: the library's code, message and detail (no secret). */
export interface DarkFailure {
  readonly code: string;
  readonly message: string;
  readonly detail?: Readonly<Record<string, unknown>>;
}

/** Worker → page: the answer to request `id`, and the milliseconds the worker spent on it. */
export type DarkReply =
  | { readonly id: number; readonly ok: true; readonly ms: number; readonly result: unknown }
  | { readonly id: number; readonly ok: false; readonly ms: number; readonly error: DarkFailure };
