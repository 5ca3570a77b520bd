// The tables API's wire format (docs/TABLES.md), declared once: the service's projection
// (src/server/tables/view.ts) returns these types, its routes answer them, the page and
// fairdeal/client read them. Types only: nothing here runs.
import type {
  AnnouncementV3,
  CommitV3,
  FairVerdict,
  ReceiptV3,
  RevealV3,
  RosterV3,
  VerdictDescription,
  VerifyProblem,
  VoidReasonV3,
} from '../fair/index.ts';
import type { DoudizhuScore } from '../rules/doudizhu/index.ts';
import type { ErrorCode } from './error-codes.ts';

/**
 * Where a hand is. `void`: a seat withheld or was kicked; it is never dealt. `dark`: at a dark
 * table, the seats owe protocol messages (keys, shuffle steps, shares, reveals: `hand.dark.stage`
 * says which) before `deadline`; `playing` there is the bidding and the play.
 */
export type HandPhaseView = 'committing' | 'revealing' | 'playing' | 'dark' | 'ended' | 'void';

/** What a finished hand came to: `dealt`, or why it was void. */
export type HandOutcome = 'dealt' | VoidReasonV3;

/** A public action as shown: `cards` only where every seat sees them (plays, discards, moves, a
 *  turned-up kitty); draws and burns carry a count. */
export interface ActionView {
  readonly type: string;
  readonly seat: number | null;
  readonly count?: number;
  readonly cards?: readonly string[];
  readonly bid?: string | number;
  /** Dou Dizhu `double`: the seat's choice in the doubling round. */
  readonly choice?: 'double' | 'no-double';
  readonly pile?: string;
  readonly to?: string;
}

/** A Dou Dizhu play as shown. */
export interface PlayView {
  readonly seat: number;
  readonly type: string;
  readonly cards: readonly string[];
}

/** The Dou Dizhu part of a dealt hand (docs/DOUDIZHU.md). */
export interface GameView {
  readonly phase: string;
  readonly turn: number;
  readonly firstBidder: number;
  readonly bids: readonly { readonly seat: number; readonly bid: string | number }[];
  readonly highestBid: number;
  readonly landlord: number | null;
  readonly base: number;
  readonly robs: number;
  readonly plays: readonly PlayView[];
  readonly lead: PlayView | null;
  readonly passes: number;
  readonly bombs: number;
  readonly winner: number | null;
  readonly score: DoudizhuScore | null;
  /**
   * The doubling rule (加倍): which seats doubled, by seat (all false without the rule or before
   * they choose); while `phase` is `doubling`, `turn` is the seat choosing and `toDouble` the
   * seats still to choose, in order.
   */
  readonly doubled: readonly boolean[];
  readonly toDouble: readonly number[];
  /** The showHand rule (明牌): whether the landlord showed its hand. */
  readonly shown: boolean;
  /** Once the landlord showed its hand: the cards it still holds, shown to every viewer; else null. */
  readonly shownHand: readonly string[] | null;
}

/** How many cards each pile holds (never which). */
export interface CountsView {
  readonly hands: readonly number[];
  readonly kitty: number;
  /** Pile presets only. */
  readonly stock?: number;
  readonly burns?: number;
  /** Hold'em, Omaha: streets still held back. */
  readonly streetsLeft?: number;
}

/** The hand in play: the fairdeal-v3 steps as they arrive, then the cards. */
export interface HandView {
  readonly n: number;
  readonly phase: HandPhaseView;
  /** ms since the epoch (the service's clock): after it, a silent seat voids the hand. */
  readonly deadline: number;
  readonly announcement: AnnouncementV3;
  readonly commits: readonly (CommitV3 | null)[];
  readonly roster: RosterV3 | null;
  readonly reveals: readonly (RevealV3 | null)[];
  readonly receipts: readonly ReceiptV3[];
  /** Seats still awaited: to commit, then to reveal; [] otherwise. */
  readonly waitingFor: readonly number[];
  readonly void: { readonly reason: VoidReasonV3; readonly seats: readonly number[] } | null;
  readonly log: readonly ActionView[];
  /**
   * Dou Dizhu: the turn clock of the seat to act while it bids or plays (docs/TABLES.md,
   * "Clocks"): at `deadline` (ms since the epoch, the service's clock) the service moves for it;
   * `ms` is how long this turn's clock is (shorter for a seat away). Null when no clock runs.
   */
  readonly clock: {
    readonly seat: number;
    readonly deadline: number;
    readonly ms: number;
  } | null;
  /** The viewer's own cards once dealt; null before, and always for the host. */
  readonly yourCards: readonly string[] | null;
  /** Once dealt. */
  readonly counts?: CountsView;
  /** Pile presets, once dealt. */
  readonly board?: readonly string[];
  readonly discard?: readonly string[];
  /** Hold'em, Omaha: the street `deal-street` deals next (null when none or the hand ended). */
  readonly nextStreet?: 'flop' | 'turn' | 'river' | null;
  /** Dou Dizhu: the kitty once shown to every seat, else null. */
  readonly kitty?: readonly string[] | null;
  readonly game?: GameView;
  /** A dark table's hand: the public dark state (docs/TABLES.md, "Dark tables"). */
  readonly dark?: DarkHandView;
}

/** A Fiat–Shamir proof (docs/DARK.md §4, §6): challenge and response, 64 lowercase hex each. */
export interface DarkProofWire {
  readonly c: string;
  readonly z: string;
}

/** A seat's dark key share and its proof of knowledge (docs/DARK.md §4; `DarkKeyJSON`). */
export interface DarkKeyWire {
  readonly seat: number;
  readonly key: string;
  readonly proof: DarkProofWire;
}

/** An ElGamal ciphertext `[A, B]`, each a ristretto255 element in 64 lowercase hex. */
export type DarkCiphertextWire = readonly [string, string];

/** A seat's shuffle step: its commitment and its output deck (docs/DARK.md §5; `DarkStepJSON`). */
export interface DarkStepWire {
  readonly seat: number;
  readonly commitment: string;
  readonly deck: readonly DarkCiphertextWire[];
}

/** A seat's decryption share for one position, with its proof (docs/DARK.md §6; `DarkShareJSON`). */
export interface DarkShareWire {
  readonly seat: number;
  readonly position: number;
  readonly share: string;
  readonly proof: DarkProofWire;
}

/** A card played at a dark table: whose, from which position, and what it opened to. */
export interface DarkPlayWire {
  readonly seat: number;
  readonly position: number;
  readonly card: string;
}

/** A seat's revealed step seed, at the end of a dark hand (docs/DARK.md §5). */
export interface DarkRevealWire {
  readonly seat: number;
  readonly seed: string;
}

/**
 * Where a dark hand is: the seats post their keys, their shuffle steps in seat order, their deal
 * shares; the bidding; every seat's kitty shares; the play; every seat's reveal; then `ended`
 * (or `void`: a seat stopped).
 */
export type DarkStage =
  | 'keys'
  | 'shuffle'
  | 'deal'
  | 'bidding'
  | 'kitty'
  | 'play'
  | 'reveal'
  | 'ended'
  | 'void';

/** What checking a finished dark hand's transcript (`verifyDarkTranscript`) said. */
export interface DarkVerdictView {
  /** `verified`: every check passed; `void`: a seat stopped, what is there checked; `failed`. */
  readonly status: 'verified' | 'void' | 'failed';
  /** The seat at fault (`failed`), or the seat that stopped (`void`); else null. */
  readonly seat: number | null;
  /** `failed`: the check's code (e.g. `REVEAL_MISMATCH`) and its sentence; else null. */
  readonly code: string | null;
  readonly message: string | null;
}

/** One signed dark message: its kind, seat and the seat key's Ed25519 signature (hex). */
export interface DarkSignatureView {
  readonly kind: 'key' | 'step' | 'shares' | 'play' | 'reveal';
  readonly seat: number;
  readonly signature: string;
}

/**
 * A dark hand as every viewer sees it (docs/TABLES.md, "Dark tables"): the public messages of
 * the protocol as they arrive, the cards opened to everyone and how many each seat holds. Never
 * a seat's own card: a seat computes its hand on its own device from these.
 */
export interface DarkHandView {
  readonly stage: DarkStage;
  /** The seats whose message the stage awaits (the seat to shuffle, in `shuffle`). */
  readonly waitingFor: readonly number[];
  /** Each seat's key, null until posted. */
  readonly keys: readonly (DarkKeyWire | null)[];
  /** The shuffle steps posted, in seat order. */
  readonly steps: readonly DarkStepWire[];
  /** Every share posted, in the order they came. */
  readonly shares: readonly DarkShareWire[];
  /** The seat the kitty went to (the landlord), once known. */
  readonly kittyTo: number | null;
  /** The kitty's positions and, once every seat shared them, its cards (else null). */
  readonly kittyPositions: readonly number[];
  readonly kitty: readonly string[] | null;
  /** Every card played, with its position. */
  readonly plays: readonly DarkPlayWire[];
  /** Each seat's revealed seed, null until posted. */
  readonly reveals: readonly (DarkRevealWire | null)[];
  /** How many cards each seat holds (the service knows counts, never cards). */
  readonly counts: readonly number[];
  /** Every message's seat signature, in the order they came. */
  readonly signatures: readonly DarkSignatureView[];
  /** Once the hand ends or is void: what verifying its transcript said; else null. */
  readonly verdict: DarkVerdictView | null;
}

/** What a seat that withheld its seed pays each other seat (the table's `withholdPenalty`). */
export interface WithholdPenalty {
  readonly withheld: readonly number[];
  readonly points: number;
}

/** A finished hand's score: Dou Dizhu's, a withholder's penalty, or null. */
export type HandScore = DoudizhuScore | WithholdPenalty | null;

/** A finished or void hand in the table's history. */
export interface HistoryView {
  readonly n: number;
  readonly transcriptHash: string;
  readonly outcome: HandOutcome;
  readonly missing: readonly string[];
  readonly score: HandScore;
  /**
   * Who held each seat in this hand: the first 16 hex digits of the public key its announcement
   * bound (null at a practice hand), so that a running total follows players, not seats; null for
   * hands recorded before the service kept it.
   */
  readonly holders: readonly (string | null)[] | null;
  /** A dark hand: what verifying its transcript said (absent for other hands). */
  readonly verdict?: DarkVerdictView;
}

/**
 * Who is looking: a seat (its number and player), the host, or a spectator of a room (public
 * information only: docs/TABLES.md, "Rooms").
 */
export type YouView = { readonly seat: number; readonly player: string } | 'host' | 'spectator';

/** A table as one viewer (a seat, or the host) sees it: docs/TABLES.md, "What a seat sees". */
export interface TableView {
  readonly id: string;
  readonly version: number;
  readonly preset: string;
  readonly options: Readonly<Record<string, unknown>>;
  readonly seats: number;
  readonly players: readonly string[];
  readonly rules: Readonly<Record<string, boolean>>;
  readonly fair: boolean;
  readonly mode: 'fair' | 'practice';
  readonly revealTimeoutMs: number;
  /** Dou Dizhu: seconds the seat to act has for each bid or play; 0: no turn clock. */
  readonly turnSeconds: number;
  /** Per seat: its turn clock ran out and it has not acted since (docs/TABLES.md, "Clocks"). */
  readonly away: readonly boolean[];
  readonly withholdPenalty: number;
  /** The public key holding each seat (hex), null while the seat is open. */
  readonly seatKeys: readonly (string | null)[];
  /**
   * The display name each seat's claimer chose (any script, e.g. "张三"), null where none: shown
   * by the page, never bound in a transcript (the player ids are).
   */
  readonly names: readonly (string | null)[];
  /** Seats played by the house's bot (docs/TABLES.md, "Bots"): their seeds are the house's. */
  readonly bots: readonly number[];
  /** Whether the table is a room: it has a room code, and spectators (docs/TABLES.md, "Rooms"). */
  readonly room: boolean;
  /** Dou Dizhu: the stake (底分) every hand's points are multiplied by; 1 by default. */
  readonly stakes: number;
  /** A dark table: the seats deal among themselves; the service never sees a private card. */
  readonly dark: boolean;
  readonly history: readonly HistoryView[];
  readonly you: YouView;
  readonly hand: HandView | null;
}

/** The body of `POST /v1/tables`. */
export interface CreateTableRequest {
  readonly preset: string;
  readonly options?: Readonly<Record<string, unknown>>;
  readonly players?: readonly string[];
  readonly fair?: boolean;
  readonly revealTimeoutSeconds?: number;
  /** Dou Dizhu: seconds per bid or play (default 30; 0: no turn clock). */
  readonly turnSeconds?: number;
  readonly rules?: Readonly<Record<string, boolean>>;
  readonly withholdPenalty?: number;
  /** Open the table as a room: a short room code to join by, and spectators (default false). */
  readonly room?: boolean;
  /** Dou Dizhu: the stake (底分), 1 to 1000 (default 1). */
  readonly stakes?: number;
  /** Seats to fill with the house's bot at once (docs/TABLES.md, "Bots"). */
  readonly bots?: readonly number[];
  /** A dark table (Dou Dizhu, docs/TABLES.md, "Dark tables"; default false). */
  readonly dark?: boolean;
}

/** A room's code and the link that carries it (in the `#fragment`, which browsers do not send). */
export interface RoomCodeView {
  /** 8 characters of Crockford base32, shown as `ABCD-EFGH`; case and the hyphen do not matter. */
  readonly code: string;
  /** The page's link to the room, e.g. `/#room=ABCDEFGH` (relative to the service). */
  readonly link: string;
}

/** The answer to `POST /v1/tables`: the host token and the invites are shown once. */
export interface CreateTableAnswer {
  readonly ok: true;
  readonly tableId: string;
  readonly hostToken: string;
  readonly invites: readonly { readonly seat: number; readonly invite: string }[];
  /** A room's code and link (shown again to no one but the seats and spectators who have it). */
  readonly room?: RoomCodeView;
  readonly table: TableView;
}

/** The body of `POST /v1/tables/{id}/seats/{seat}/claim`: an invite, or a room's code. */
export interface ClaimSeatRequest {
  /** The seat's single-use invite (or, at a room, `code` in its place). */
  readonly invite?: string;
  /** A room's code: it claims any free seat of that room. */
  readonly code?: string;
  /** The name to show for the seat (1–20 characters, any script). */
  readonly name?: string;
  /** The seat's Ed25519 public key, made on the claimer's device (64 hex digits). */
  readonly publicKey: string;
  /** A player id, when the host named none. */
  readonly player?: string;
}

/** The answer to a claim: the seat token, shown once, to the claimer alone. */
export interface ClaimSeatAnswer {
  readonly ok: true;
  readonly seat: number;
  readonly seatToken: string;
  readonly table: TableView;
}

/** The body of `POST /v1/rooms/open`: the room's code (in the body, never in a URL). */
export interface OpenRoomRequest {
  /** As people type it: `ABCD-EFGH`, `abcdefgh`, with spaces; Crockford's O/I/L read as 0/1/1. */
  readonly code: string;
}

/** The answer to `POST /v1/rooms/open`: the room, as its spectators see it. */
export interface OpenRoomAnswer {
  readonly ok: true;
  readonly tableId: string;
  /**
   * `fdt_watch_…`: the room's spectator token. It reads the table and the spectators' events
   * (public information only) and does nothing else. Anyone with the code gets it: keep it as
   * you keep the code.
   */
  readonly watchToken: string;
  /** `you: 'spectator'`: what every viewer sees alike, never a seat's cards. */
  readonly table: TableView;
}

/** The answer to a seat replacing its own token. */
export interface SeatTokenAnswer {
  readonly ok: true;
  readonly seat: number;
  readonly seatToken: string;
}

/** The answer to a kick: a fresh invite for the seat, for the host. */
export interface KickAnswer {
  readonly ok: true;
  readonly seat: number;
  readonly kicked: true;
  readonly invite: string;
}

/** The answer to `POST /v1/tables/{id}/seats/{seat}/bot`: the house's bot holds the seat. */
export interface AddBotAnswer {
  readonly ok: true;
  readonly seat: number;
  /** The table as the host sees it, the seat in `bots`. */
  readonly table: TableView;
}

/** Every action a seat (or the host) may send to `POST /v1/tables/{id}/actions`. */
export type TableAction =
  | { readonly type: 'next-hand' }
  | { readonly type: 'commit'; readonly commitment: string; readonly signature: string }
  | {
      readonly type: 'reveal';
      readonly seed: string;
      readonly salt: string;
      readonly signature: string;
    }
  | { readonly type: 'void' }
  | { readonly type: 'timeout' }
  | { readonly type: 'back' }
  | { readonly type: 'end-hand' }
  | { readonly type: 'bid'; readonly bid: 'pass' | 'call' | 'rob' | 1 | 2 | 3 }
  | { readonly type: 'play'; readonly cards: readonly string[] }
  | {
      /** A dark table's play: the positions played (its own), its share for each dealt one. */
      readonly type: 'dark-play';
      readonly positions: readonly number[];
      readonly shares: readonly DarkShareWire[];
      readonly signature: string;
    }
  | { readonly type: 'dark-key'; readonly key: DarkKeyWire; readonly signature: string }
  | { readonly type: 'dark-step'; readonly step: DarkStepWire; readonly signature: string }
  | {
      readonly type: 'dark-shares';
      readonly shares: readonly DarkShareWire[];
      readonly signature: string;
    }
  | { readonly type: 'dark-reveal'; readonly reveal: DarkRevealWire; readonly signature: string }
  | { readonly type: 'pass' }
  | { readonly type: 'double'; readonly choice: 'double' | 'no-double' }
  | { readonly type: 'show-hand' }
  | { readonly type: 'draw'; readonly count?: number; readonly to?: number }
  | { readonly type: 'burn'; readonly count?: number }
  | { readonly type: 'discard'; readonly cards: readonly string[] }
  | {
      readonly type: 'move';
      readonly cards: readonly string[];
      readonly from: 'hand' | 'board' | 'discard';
      readonly to: 'hand' | 'board' | 'discard';
    }
  | { readonly type: 'deal-street'; readonly street?: 'flop' | 'turn' | 'river' };

/** An action as sent: the action and the table version it acts on (409 when stale). */
export type ActionRequest = TableAction & { readonly version: number };

/** The answer to an action: the table after it, and for a commit or reveal the dealer's receipt. */
export interface ActionAnswer {
  readonly ok: true;
  readonly table: TableView;
  readonly receipt?: ReceiptV3;
}

/** The answer to `GET /v1/tables/{id}`. */
export interface TableAnswer {
  readonly ok: true;
  readonly table: TableView;
}

/** The answer to `GET /v1/tables/{id}/hands/{n}/transcript`. */
export interface TranscriptAnswer {
  readonly ok: true;
  /** The hand's signed record (fairdeal-v3), to verify with fairdeal/fair. */
  readonly transcript: unknown;
  readonly outcome: HandOutcome;
  readonly missing: readonly string[];
  readonly log: readonly ActionView[];
  readonly score: HandScore;
  /** A dark hand: what verifying its transcript (`fairdeal-dark-v1`) said. */
  readonly verdict?: DarkVerdictView;
}

/** The answer to `GET /v1/tables/{id}/chain`: every hand's record, in order. */
export interface ChainAnswer {
  readonly ok: true;
  readonly table: string;
  readonly transcripts: readonly unknown[];
}

/** The answer to `GET /v1/tables/{id}/hands/{n}/commitment`. */
export interface CommitmentAnswer {
  readonly ok: true;
  readonly table: string;
  readonly hand: number;
  readonly commitment: string;
  /** The hand in progress: the dealer's signed announcement. */
  readonly announcement?: AnnouncementV3;
  /** A past hand: the dealer key its record names. */
  readonly dealer?: string;
}

/** The body of `POST /v1/verify`. */
export interface VerifyRequest {
  readonly transcript: unknown;
  readonly expected?: {
    readonly commitment?: string;
    readonly rosterHash?: string;
    readonly dealer?: string;
  };
}

/** The answer to `POST /v1/verify`: the verdict in the words of describeVerdict, or problems. */
export type VerifyAnswer =
  | ({
      readonly ok: true;
      readonly verdict: FairVerdict;
      /** SHA-256 of the transcript (hex). */
      readonly hash: string;
    } & VerdictDescription)
  | { readonly ok: false; readonly problems: readonly VerifyProblem[] };

/** The answer to `POST /v1/tables/{id}/tickets`: a one-use ticket for an EventSource URL. */
export interface TicketAnswer {
  readonly ok: true;
  readonly ticket: string;
  readonly expiresInSeconds: number;
}

/** The answer to `GET /.well-known/fairdeal-key`. */
export interface DealerKeyAnswer {
  readonly alg: 'Ed25519';
  /** base64url (as in the JWK). */
  readonly publicKey: string;
  readonly jwk: { readonly kty: 'OKP'; readonly crv: 'Ed25519'; readonly x: string };
  /** The same key in hex, as fairdeal-v3 records name their dealer. */
  readonly dealer: string;
  readonly signs: string;
}

/** A `state` event: one change, projected for the event's audience. */
export interface StateEvent {
  readonly action: ActionView;
  readonly table: TableView;
}

/** A `reset` event: events were pruned; here is the table as it is. */
export interface ResetEvent {
  readonly table: TableView;
}

/** One event of a table's stream, as `GET /v1/tables/{id}/events` pages or streams it. */
export type TableEvent =
  | { readonly id: number; readonly type: 'state'; readonly data: StateEvent }
  | { readonly id: number; readonly type: 'reset'; readonly data: ResetEvent };

/** The answer to `GET /v1/tables/{id}/events` without `Accept: text/event-stream`. */
export interface EventsAnswer {
  readonly ok: true;
  readonly events: readonly TableEvent[];
}

/** Every refusal of the service: `success: false`, a sentence, a stable code (docs/ERRORS.md). */
export interface ErrorAnswer {
  readonly success: false;
  readonly error: string;
  readonly code: ErrorCode;
  readonly [extra: string]: unknown;
}
