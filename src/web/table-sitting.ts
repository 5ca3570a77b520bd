// The table followed in this tab (docs/WEB.md, "Sit at a table"): who this browser is there (a
// seat, the host or a spectator), the newest view, the seat's own fairdeal/client tableSeat, the
// verdicts, the selection and the roving focus of the hand, and the live stream's state.
import { type TableSeat, type TableView, tableSeat } from '../client/index.ts';
import type { DarkTable } from './dark-table.ts';
import { api } from './table-api.ts';
import { type Role, seatMemory, tableStorage } from './table-storage.ts';
import { HandVerdicts } from './table-verdicts.ts';

let dealerKey: Promise<string> | null = null;

/** The dealer key this page trusts: the service's published one, read once per page. */
function dealer(): Promise<string> {
  dealerKey ??= api()
    .dealerKey()
    .then((r) => r.dealer);
  dealerKey.catch(() => {
    dealerKey = null;
  });
  return dealerKey;
}

/**
 * One table followed in this tab, as a seat, the host or a spectator.
 *
 * @example
 * ```ts
 * const s = new Sitting('k3x…', 1, token, () => render(s));
 * ```
 */
export class Sitting {
  readonly id: string;
  readonly role: Role;
  readonly token: string;
  readonly verdicts: HandVerdicts;
  table: TableView | null = null;
  /** The selected cards of the hand, by occurrence key (`3H/0`: two decks may hold two 3H). */
  selected = new Set<string>();
  /** The card of the hand that takes Tab (roving tabindex), by occurrence key. */
  focusKey: string | null = null;
  busy = false;
  stopped = false;
  lastEventId = 0;
  /** When this tab last had a view of the table (an answer, a read, an event). */
  lastHeard = Date.now();
  /**
   * Set when the page (re)connects: the next view says whether this seat is `away`, and if it is
   * the page sends `{type:'back'}` once (docs/TABLES.md, "Clocks").
   */
  owesBack = true;
  /** Ends the live stream. */
  stream: AbortController | null = null;
  timer: ReturnType<typeof setInterval> | null = null;
  /** At a dark table: the seat's worker and its part of each hand (or, for the host and a spectator, the check of each hand). */
  dark: DarkTable | null = null;
  /** The seat's own client (its key, its fair steps); null for the host, a spectator, or without the key. */
  readonly seat: TableSeat | null;
  constructor(id: string, role: Role, token: string, changed: () => void) {
    this.id = id;
    this.role = role;
    this.token = token;
    const key = typeof role === 'number' ? tableStorage.key(id, role) : null;
    this.seat =
      typeof role === 'number' && key !== null
        ? tableSeat({
            client: api(),
            tableId: id,
            seat: role,
            token,
            key,
            memory: seatMemory(id, role),
          })
        : null;
    this.verdicts = new HandVerdicts(id, role, dealer, changed);
  }
  /** The seat number, or -1 for the host and a spectator. */
  get me(): number {
    return typeof this.role === 'number' ? this.role : -1;
  }
}

/**
 * Whether a view that arrives now should be answered with `{type:'back'}`: the page owes one
 * (it has just (re)connected), it is a seat, and the view says its clock ran out (`away`).
 *
 * @example
 * ```ts
 * backDue(true, 1, { away: [false, true, false] }); // true
 * ```
 */
export function backDue(owes: boolean, me: number, tv: Pick<TableView, 'away'>): boolean {
  return owes && me >= 0 && tv.away?.[me] === true;
}
