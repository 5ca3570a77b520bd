import { fromHex } from '../fair/hex.ts';
import { ed25519SignAsync, type SeatKeyPair } from '../fair/index.ts';
import { bytesToHex } from '../random/hex.ts';
import { type DarkSignedPayload, darkSignedBytes } from './dark-message.ts';
import type {
  DarkCiphertextWire,
  DarkKeyWire,
  DarkRevealWire,
  DarkShareWire,
  DarkStepWire,
  TableAction,
  TableView,
} from './wire.ts';

/**
 * One seat of a dark hand as the driver uses it: `DarkSeat` of `fairdeal/dark` fits as it is
 * (this client does not import it, so it stays free of @noble/curves; the caller makes the
 * seat — in a page, in a worker — and hands it over).
 */
export interface DarkSeatLike {
  keyMessage(): DarkKeyWire;
  acceptKeys(keys: readonly DarkKeyWire[]): void;
  shuffle(previous: readonly DarkCiphertextWire[] | null): DarkStepWire;
  acceptDeck(steps: readonly DarkStepWire[]): void;
  dealShares(): DarkShareWire[];
  acceptShares(shares: readonly DarkShareWire[]): void;
  hand(): { position: number; card: string }[];
  giveKitty(seat: number): void;
  kittyShares(): DarkShareWire[];
  playShare(position: number): DarkShareWire;
  reveal(): DarkRevealWire;
}

/** The hand a seat is made for (docs/DARK.md §2): table, hand number, preset, seats, seat. */
export interface DarkSeatContext {
  readonly table: string;
  readonly hand: number;
  readonly preset: string;
  readonly seats: number;
  readonly seat: number;
}

/** How to drive one seat of a dark table. */
export interface DarkDriverOptions {
  /** The seat this device holds. */
  readonly seat: number;
  /** Its Ed25519 seat key (the one it claimed the seat with): signs every dark message. */
  readonly key: SeatKeyPair;
  /** Makes the seat for each new hand, e.g. `(c) => DarkSeat.create(c)` from fairdeal/dark. */
  readonly newSeat: (context: DarkSeatContext) => Promise<DarkSeatLike>;
}

/** A seat of a dark table on this device: what it owes, its cards, its plays. */
export interface DarkDriver {
  /**
   * The dark message this seat owes at this view of the table (its key, its shuffle step in
   * seat order, its deal or kitty shares, its reveal), signed; null when it owes none now. Every
   * other seat's message in the view is checked first (a bad one throws, naming its seat).
   */
  owed(table: TableView): Promise<TableAction | null>;
  /** This seat's cards, opened here from the shares in the view (never sent by the service). */
  hand(table: TableView): Promise<{ position: number; card: string }[]>;
  /** A signed `dark-play` of these positions (this seat's own), with its share for each. */
  play(table: TableView, positions: readonly number[]): Promise<TableAction>;
}

/** What the driver has taken in of one hand. */
interface HandState {
  readonly n: number;
  readonly seat: DarkSeatLike;
  keys: boolean;
  deck: boolean;
  shares: number;
  kitty: boolean;
}

/**
 * Drives one seat of a dark table (docs/TABLES.md, "Dark tables"; docs/DARK.md §8) from the table
 * views this device reads: it makes the seat's protocol messages with a {@link DarkSeatLike} (its
 * key secret and step seed never leave it until the reveal), signs each with the seat key
 * (client/dark-message.ts) and checks every message the other seats posted before it relies on
 * it. The caller sends what it returns with `tablesClient.act` (or `darkTurn`).
 *
 * @example
 * ```ts
 * // DarkSeat: from fairdeal/dark
 * const driver = darkDriver({ seat: 0, key: claimed.key, newSeat: (c) => DarkSeat.create(c) });
 * const owed = await driver.owed(table);
 * if (owed) await client.act(tableId, token, owed, { version: table.version });
 * ```
 * @throws never (its methods throw the seat's refusals, naming the seat at fault).
 */
export function darkDriver(options: DarkDriverOptions): DarkDriver {
  let current: HandState | null = null;
  const me = options.seat;

  async function sync(table: TableView): Promise<HandState> {
    const hand = table.hand;
    const dark = hand?.dark;
    if (hand === null || dark === undefined) throw new Error('this table has no dark hand open');
    if (current === null || current.n !== hand.n) {
      const seat = await options.newSeat({
        table: table.id,
        hand: hand.n,
        preset: table.preset,
        seats: table.seats,
        seat: me,
      });
      current = { n: hand.n, seat, keys: false, deck: false, shares: 0, kitty: false };
    }
    const s = current;
    if (!s.keys && dark.keys.every((k) => k !== null)) {
      s.seat.acceptKeys(dark.keys as DarkKeyWire[]);
      s.keys = true;
    }
    if (s.keys && !s.deck && dark.steps.length === table.seats) {
      s.seat.acceptDeck(dark.steps);
      s.deck = true;
    }
    if (!s.kitty && dark.kittyTo !== null) {
      s.seat.giveKitty(dark.kittyTo);
      s.kitty = true;
    }
    if (s.deck && dark.shares.length > s.shares) {
      s.seat.acceptShares(dark.shares.slice(s.shares));
      s.shares = dark.shares.length;
    }
    return s;
  }

  const sign = async (table: TableView, payload: DarkSignedPayload): Promise<string> => {
    const bytes = darkSignedBytes(table.hand!.announcement.commitment, me, payload);
    return bytesToHex(
      await ed25519SignAsync(fromHex(options.key.privateKey, 32, 'privateKey'), bytes),
    );
  };

  return {
    async owed(table) {
      const s = await sync(table);
      const dark = table.hand!.dark!;
      if (!dark.waitingFor.includes(me)) return null;
      switch (dark.stage) {
        case 'keys': {
          const key = s.seat.keyMessage();
          return { type: 'dark-key', key, signature: await sign(table, { kind: 'key', key }) };
        }
        case 'shuffle': {
          const step = s.seat.shuffle(dark.steps.at(-1)?.deck ?? null);
          return { type: 'dark-step', step, signature: await sign(table, { kind: 'step', step }) };
        }
        case 'deal':
        case 'kitty': {
          const shares = dark.stage === 'deal' ? s.seat.dealShares() : s.seat.kittyShares();
          return {
            type: 'dark-shares',
            shares,
            signature: await sign(table, { kind: 'shares', shares }),
          };
        }
        case 'reveal': {
          const reveal = s.seat.reveal();
          return {
            type: 'dark-reveal',
            reveal,
            signature: await sign(table, { kind: 'reveal', reveal }),
          };
        }
        default:
          return null;
      }
    },
    async hand(table) {
      const s = await sync(table);
      const played = new Set(table.hand!.dark!.plays.map((p) => p.position));
      return s.seat.hand().filter((c) => !played.has(c.position));
    },
    async play(table, positions) {
      const s = await sync(table);
      const kitty = new Set(table.hand!.dark!.kittyPositions);
      // The kitty's cards are open to everyone already: only dealt positions need a share.
      const shares = positions.filter((p) => !kitty.has(p)).map((p) => s.seat.playShare(p));
      const list = [...positions];
      return {
        type: 'dark-play',
        positions: list,
        shares,
        signature: await sign(table, { kind: 'play', positions: list, shares }),
      };
    },
  };
}
