// The shapes of the tables API's views (docs/TABLES.md, "What a seat sees") as the table view
// reads them: only the fields it uses. The announcement, roster and receipts are the library's
// own types (fairdeal/fair), so they go to its checks as they came.
import type { AnnouncementV3, ReceiptV3, RosterV3 } from '../fair/index.ts';

/** A play or pass as the view shows it. */
export interface PlayView {
  readonly seat: number;
  readonly type: string;
  readonly cards: readonly string[];
}

/** The Dou Dizhu part of a dealt hand. */
export interface GameView {
  readonly phase: string;
  readonly turn: number;
  readonly bids: readonly { readonly seat: number; readonly bid: unknown }[];
  readonly highestBid: number;
  readonly landlord: number | null;
  readonly plays: readonly PlayView[];
  readonly lead: PlayView | null;
  readonly winner: number | null;
}

/** A hand: the fairdeal-v3 steps as they arrive, then the cards. */
export interface HandView {
  readonly n: number;
  readonly phase: 'committing' | 'revealing' | 'playing' | 'ended' | 'void';
  /** ms since the epoch (the service's clock): after it, a silent seat voids the hand. */
  readonly deadline: number;
  readonly announcement: AnnouncementV3;
  readonly commits: readonly (object | null)[];
  readonly roster: RosterV3 | null;
  readonly reveals: readonly (object | null)[];
  readonly receipts: readonly ReceiptV3[];
  readonly waitingFor: readonly number[];
  readonly void: {
    readonly reason: 'withheld' | 'kicked';
    readonly seats: readonly number[];
  } | null;
  readonly yourCards?: readonly string[] | null;
  readonly counts?: { readonly hands: readonly number[]; readonly kitty: number };
  readonly kitty?: readonly string[] | null;
  readonly game?: GameView;
}

/** One finished or void hand in the table's history. */
export interface HistoryView {
  readonly n: number;
  readonly outcome: 'dealt' | 'withheld' | 'kicked';
  readonly missing: readonly string[];
}

/** A table as one viewer (a seat, or the host) sees it. */
export interface TableView {
  readonly id: string;
  readonly version: number;
  readonly seats: number;
  readonly players: readonly string[];
  readonly rules: Record<string, unknown>;
  readonly mode: 'fair' | 'practice';
  /** The public key holding each seat (hex), null while the seat is open. */
  readonly seatKeys: readonly (string | null)[];
  readonly you: { readonly seat: number; readonly player: string } | 'host';
  readonly hand: HandView | null;
  readonly history: readonly HistoryView[];
}
