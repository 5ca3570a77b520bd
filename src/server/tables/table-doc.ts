import type { ActionView, DarkVerdictView, HandScore } from '../../client/index.ts';
import type {
  AnnouncementV3,
  CommitV3,
  FairOptions,
  ReceiptV3,
  RevealV3,
  RosterV3,
  VoidReasonV3,
} from '../../fair/index.ts';
import type { DoudizhuState } from '../../rules/doudizhu/index.ts';
import type { DarkHand } from './dark-state.ts';

/**
 * One table, as the steps see it (store/table-store.ts keeps it as JSON). It holds secrets —
 * token hashes, the sealed fair round, every seat's cards, the stock order — so it is NEVER sent
 * as it is: every answer, event and error is built by `view()` (view.ts), which copies only what
 * a viewer may see. Stored, its `hand.piles` and `hand.game` are sealed (sealed-table-store.ts).
 */
export interface TableDocument {
  /** table-2: fairdeal-v3 hands, seats claimed with keys. A table-1 document (fairdeal-v2 hands,
   *  seat tokens handed to the host) is read for its history only (docs/DEPLOY.md). */
  readonly format: 'fairdeal/table-2';
  readonly id: string;
  readonly preset: string;
  readonly options: FairOptions;
  readonly seats: number;
  /** Player id per seat (bound in every hand's seats). */
  readonly players: readonly string[];
  /** Whether a claimer may name its seat (the host gave no names): the id stands until claimed. */
  readonly namesOpen: boolean;
  /** The Ed25519 public key each seat was claimed with (hex), null while unclaimed. */
  readonly seatKeys: readonly (string | null)[];
  /** Display name per seat, chosen by its claimer (absent: none). Public; never in a transcript. */
  readonly names?: readonly (string | null)[];
  /** Seats played by the house's bot (absent: none). */
  readonly bots?: readonly number[];
  /**
   * SECRET: per seat, the house bot's Ed25519 private key (hex), sealed with AES-256-GCM like
   * `hand.round`; null for a person's seat (absent: no bots). Never in a view, event or error.
   */
  readonly botKeys?: readonly (string | null)[];
  /** SHA-256 (hex) of the room's code, when the table is a room (absent: not a room). */
  readonly roomCodeHash?: string;
  /** Dou Dizhu: the stake (底分) every hand's points are multiplied by (absent: 1). */
  readonly stakes?: number;
  /**
   * A room's watch token (`fdt_watch_…`: spectators read with it, nothing else), sealed like the
   * round (tables/secret-box.ts), so that every spectator who opens the room by its code is handed
   * the same token; and its SHA-256 (hex), which authorize.ts compares as it does every token's.
   */
  readonly watchToken?: string;
  readonly watchTokenHash?: string;
  /**
   * A room with no seat held by a person (bots do not count) is closed by the sweep at this time
   * (ms since the epoch): set when it opens and when its last person is kicked, null once a
   * person holds a seat (tables/room-close.ts). Absent: not a room.
   */
  readonly roomEmptyAt?: number | null;
  /** SHA-256 (hex) of each seat's unused single-use invite; null once claimed. */
  readonly invites: readonly (string | null)[];
  /** Dou Dizhu points a seat that withholds its seed pays each other seat (house rule; 0: none). */
  readonly withholdPenalty: number;
  /** Dou Dizhu house-rule flags (docs/DOUDIZHU.md), e.g. `{ robLandlord: true }`; {} otherwise. */
  readonly rules: Readonly<Record<string, boolean>>;
  /** Fair mode: players' seeds go into the deck key (off: the dealer alone chooses). */
  readonly fair: boolean;
  /**
   * A dark table (docs/TABLES.md, "Dark tables"): the seats shuffle and deal among themselves
   * (docs/DARK.md) and the service never holds a private card (absent: false).
   */
  readonly dark?: boolean;
  /** How long seats have to commit and reveal before a forced deal may happen. */
  readonly revealTimeoutMs: number;
  /**
   * Dou Dizhu: how long the seat to act has for each bid or play (tables/turn-clock.ts); 0 or
   * absent (tables opened before turn clocks): no clock.
   */
  readonly turnMs?: number;
  /**
   * Per seat, whether it is away: its turn clock ran out and the service moved for it; it is back
   * at its next accepted action (tables/seat-presence.ts). Absent: nobody is.
   */
  readonly away?: readonly boolean[];
  readonly createdAt: number;
  /** SHA-256 (hex) of the host token. */
  readonly hostToken: string;
  /** SHA-256 (hex) of each seat's token; null until claimed, and once kicked. */
  readonly seatTokens: readonly (string | null)[];
  /**
   * Per audience (`seat:0` …, `host`), how many times its token was reissued or revoked (absent:
   * 0; tables/token-generation.ts). Event streams and stream tickets record the generation they
   * were opened or minted under and die when it moves on. The store keeps a copy beside the
   * document (`TableChange.tokenGenerations`) so that a stream's check reads no document.
   */
  readonly tokenGenerations?: Readonly<Record<string, number>>;
  /** The current hand, or null until every seat is claimed for the first. */
  readonly hand: HandDocument | null;
  /**
   * The last {@link HISTORY_KEEP} finished hands' summaries, oldest first (public). The whole
   * records (transcripts, logs) are rows of their own (`TableChange.hands`), so that a long-lived
   * table's document — read and rewritten by every action — stays the size of one hand.
   */
  readonly history: readonly HandSummary[];
  /** Last event id per audience (`seat:0` …, `host`). */
  readonly eventSeq: Readonly<Record<string, number>>;
  /**
   * Always empty now: answers to requests with an Idempotency-Key are rows of their own
   * (store/table-store.ts, `StoredAnswer`); documents written before may hold some until their
   * next change, which empties it.
   */
  readonly idempotency?: readonly IdempotentAnswer[];
}

/**
 * Where a hand is. `void`: a seat withheld or was kicked; it is never dealt. `dark`: a dark hand
 * waiting for the seats' protocol messages (`hand.dark.stage` says which) before `deadline`.
 */
export type HandPhase = 'committing' | 'revealing' | 'playing' | 'dark' | 'ended' | 'void';

/** The hand in play (fairdeal-v3, docs/FAIR.md §V3). */
export interface HandDocument {
  readonly n: number;
  readonly phase: HandPhase;
  readonly startedAt: number;
  /** After this (ms since the epoch) a silent seat voids the hand (the sweep, or `void`). */
  readonly deadline: number;
  /** Public: the dealer's signed announcement (seats and keys, C_s). */
  readonly announcement: AnnouncementV3;
  /** Public as they arrive: each seat's signed commitment (null until it commits). */
  readonly commits: readonly (CommitV3 | null)[];
  /** Public: the signed roster, once every seat committed. */
  readonly roster: RosterV3 | null;
  /** Public as they arrive: each seat's signed reveal (null until it reveals, [] before the roster). */
  readonly reveals: readonly (RevealV3 | null)[];
  /** Public: the dealer's signed receipt for every commit and reveal it took. */
  readonly receipts: readonly ReceiptV3[];
  /** Why and whom, once void. */
  readonly void: { readonly reason: VoidReasonV3; readonly seats: readonly number[] } | null;
  /**
   * SECRET: SignedRound.exportSecretState() as JSON, sealed with AES-256-GCM. Once dealt it holds
   * everything the transcript is made of: the hand's end restores it (which re-deals and checks
   * the record's hash) rather than keeping a second sealed copy.
   */
  readonly round: string;
  /**
   * Cards by pile, as card ids. Hands, stock, burns, kitty and streets are secret; board and
   * discard public. Stored sealed, whole (sealed-table-store.ts).
   */
  readonly piles: Piles | null;
  /**
   * Dou Dizhu presets: the rules state (holds every hand: secret except what view() takes).
   * Stored sealed, whole (sealed-table-store.ts).
   */
  readonly game: DoudizhuState | null;
  /** Public account of what happened, for the history (never names a hidden card). */
  readonly log: readonly PublicAction[];
  /**
   * Public: the turn clock of the seat to act (Dou Dizhu, while it bids or plays), or null
   * (absent in hands opened before turn clocks). Its deadline is the table's `dueAt`.
   */
  readonly clock?: TurnClock | null;
  /**
   * SECRET: per seat, a house bot's `{ seed, salt, … }` (its SeatCommitV3) as sealed JSON,
   * between its commit and its reveal; null for a person's seat or once revealed (absent: no
   * bots). Never in a view: the seed is public only as the bot's reveal.
   */
  readonly botSeeds?: readonly (string | null)[];
  /**
   * A dark table's hand (tables/dark-hand.ts): the protocol's public messages — keys, shuffle
   * steps, shares, plays, reveals — and each seat's card count. Public, stored in clear: it holds
   * ciphertexts, shares and proofs, never a card a seat holds. Its `game` holds no hand either.
   */
  readonly dark?: DarkHand;
}

/** Who must act by when: one turn's clock (tables/turn-clock.ts). */
export interface TurnClock {
  /** The seat to act. */
  readonly seat: number;
  /** ms since the epoch (the service's clock): then the service moves for the seat. */
  readonly deadline: number;
  /** How long this turn's clock is (the table's turn, or the shorter one of a seat away). */
  readonly ms: number;
}

/** The cards of a non-Dou-Dizhu hand. */
export interface Piles {
  readonly hands: readonly (readonly string[])[];
  /** Top first. */
  readonly stock: readonly string[];
  readonly board: readonly string[];
  readonly discard: readonly string[];
  /** Face down. */
  readonly burns: readonly string[];
  /** Face down (e.g. a skat). */
  readonly kitty: readonly string[];
  /**
   * SECRET: Hold'em and Omaha: the streets not dealt yet (the flop, the turn, the river, each with
   * its burn card), held back face down at the deal until `deal-street` moves them to `burns`
   * and `board` (tables/deal-street.ts). Never in a view, not even as card ids of the next one.
   * Absent in hands dealt before streets existed (their board was shown at the deal).
   */
  readonly streets?: readonly Street[];
}

/** The streets of a Hold'em or Omaha board, in the order they are dealt. */
export type StreetName = 'flop' | 'turn' | 'river';

/** A street held back at the deal: its burn card and its board cards, face down. */
export interface Street {
  readonly name: StreetName;
  readonly burn: readonly string[];
  readonly cards: readonly string[];
}

/**
 * One public action, as kept in the hand's log: exactly what every viewer is shown of it (the
 * wire's ActionView; `cards` only where the cards are shown to everyone). actionView() still
 * copies it field by field.
 */
export type PublicAction = ActionView;

/** How many hex digits of a seat's key a hand's summary keeps (`HandSummary.holders`). */
export const HOLDER_HEX = 16;

/** How many finished hands' summaries the document keeps (the chain has every hand). */
export const HISTORY_KEEP = 20;

/** What the document keeps of a finished hand: enough for `prev` and the view. */
export interface HandSummary {
  readonly n: number;
  readonly transcriptHash: string;
  /** Players of the seats that withheld or were kicked ([] for a hand played out). */
  readonly missing: readonly string[];
  readonly score: HandScore;
  /**
   * Who held each seat in this hand: the first {@link HOLDER_HEX} hex digits of the public key its
   * announcement bound (null: none, at a practice hand). A score belongs to the player who held
   * the seat then, not to whoever holds it now; a prefix keeps the document small, and a key
   * chosen to share another's 64-bit prefix would mislabel nothing but a running total on a page.
   * Absent in summaries written before.
   */
  readonly holders?: readonly (string | null)[];
  /** `dealt`, or why the hand was void (`withheld`, `kicked`). */
  readonly outcome?: 'dealt' | VoidReasonV3;
  /** A dark hand: what verifying its transcript said. */
  readonly verdict?: DarkVerdictView;
}

/** A finished hand, public, stored as its own row (store/table-store.ts, `StoredHand`). */
export interface HandRecord {
  readonly n: number;
  readonly transcript: unknown;
  readonly transcriptHash: string;
  readonly missing: readonly string[];
  readonly log: readonly PublicAction[];
  /** Dou Dizhu: the score of the hand (after the transcript), or null; a withholder's penalty. */
  readonly score: HandScore;
  /** `dealt`, or why the hand was void. */
  readonly outcome?: 'dealt' | VoidReasonV3;
  /** A dark hand: what verifying its transcript (`fairdeal-dark-v1`) said. */
  readonly verdict?: DarkVerdictView;
  /** A dark hand: the commitment of the announcement its seats signed their messages under. */
  readonly commitment?: string;
}

/** A stored answer to an idempotent request. */
export interface IdempotentAnswer {
  readonly key: string;
  readonly viewer: string;
  readonly status: number;
  readonly body: string;
}
