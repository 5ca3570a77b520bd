// What this browser keeps for the tables it sits at or hosts, in localStorage (this origin, this
// browser; nothing of it is sent anywhere but as the API needs it): a seat's token and its
// Ed25519 key — made here, the private half never leaves — the seed and salt of a commitment
// until the reveal, what the seat saw published before each hand (to hold the record to it) and
// the dealer's receipts; for the host, its token and the invites it may still hand out.
// A seat token is kept only by the browser that claimed the seat: the host's never holds one.
import type { KeptHand, SeatMemory } from '../client/index.ts';
import type { SeatCommitV3, SeatKeyPair } from '../fair/index.ts';

export type { KeptHand } from '../client/index.ts';

/** Who a browser is at a table: a seat (its number) or the host. */
export type Role = number | 'host';

/** Whose token a browser keeps: a role's, or a room's spectator's (`watch`, read-only). */
export type TokenHolder = Role | 'watch';

/** The invites the host may still hand out, by seat, and whether players choose their names. */
export interface HostInvites {
  namesOpen: boolean;
  invites: Record<string, string>;
}

/** Hands whose kept record is dropped once a later one is written (they are long verified). */
const KEEP_HANDS = 20;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage disabled (a private window): the page works until it is reloaded.
  }
}

function readJson<T>(key: string): T | null {
  const text = read(key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

const at = (id: string, role: TokenHolder) => `${id}/${role}`;

/**
 * The table storage of this browser, one accessor per kept thing.
 *
 * @example
 * ```ts
 * tableStorage.setToken('k3x…', 1, token);
 * tableStorage.token('k3x…', 1); // the token, or null
 * ```
 */
export const tableStorage = {
  token: (id: string, role: TokenHolder): string | null =>
    read(role === 'host' ? `fairdeal-host:${id}` : `fairdeal-seat:${at(id, role)}`),
  setToken: (id: string, role: TokenHolder, token: string | null): void =>
    write(role === 'host' ? `fairdeal-host:${id}` : `fairdeal-seat:${at(id, role)}`, token),
  key: (id: string, seat: number): SeatKeyPair | null =>
    readJson<SeatKeyPair>(`fairdeal-seat-key:${at(id, seat)}`),
  setKey: (id: string, seat: number, key: SeatKeyPair | null): void =>
    write(`fairdeal-seat-key:${at(id, seat)}`, key === null ? null : JSON.stringify(key)),
  secret: (id: string, seat: number, n: number): SeatCommitV3 | null =>
    readJson<SeatCommitV3>(`fairdeal-secret:${at(id, seat)}/${n}`),
  setSecret: (id: string, seat: number, n: number, mine: SeatCommitV3 | null): void =>
    write(`fairdeal-secret:${at(id, seat)}/${n}`, mine === null ? null : JSON.stringify(mine)),
  kept: (id: string, role: Role, n: number): KeptHand | null =>
    readJson<KeptHand>(`fairdeal-kept:${at(id, role)}/${n}`),
  setKept: (id: string, role: Role, n: number, kept: KeptHand): void => {
    write(`fairdeal-kept:${at(id, role)}/${n}`, JSON.stringify(kept));
    write(`fairdeal-kept:${at(id, role)}/${n - KEEP_HANDS}`, null);
  },
  invites: (id: string): HostInvites | null => readJson<HostInvites>(`fairdeal-invites:${id}`),
  setInvites: (id: string, invites: HostInvites): void =>
    write(`fairdeal-invites:${id}`, JSON.stringify(invites)),
};

/**
 * A seat's memory for fairdeal/client's seat (its seed until the reveal, what it saw published,
 * its receipts), kept in this browser's localStorage: a reload can still reveal.
 *
 * @example
 * ```ts
 * tableSeat({ client: api(), tableId, seat: 1, token, key, memory: seatMemory(tableId, 1) });
 * ```
 */
export function seatMemory(id: string, seat: number): SeatMemory {
  return {
    secret: (n) => tableStorage.secret(id, seat, n),
    setSecret: (n, mine) => tableStorage.setSecret(id, seat, n, mine),
    kept: (n) => tableStorage.kept(id, seat, n),
    setKept: (n, kept) => tableStorage.setKept(id, seat, n, kept),
  };
}
