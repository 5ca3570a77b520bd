import type { ReceiptV3, SeatCommitV3 } from '../fair/index.ts';

/** What a seat (or the host) saw published during hand n, and the receipts it was given. */
export interface KeptHand {
  /** C_s of the announcement it saw, before any seed. */
  commitment: string;
  /** R of the roster it saw, before any reveal. */
  rosterHash?: string;
  receipts: ReceiptV3[];
}

/**
 * Where a seat keeps what it must not lose between its steps: its commitment's seed and salt
 * (SECRET until its reveal: a commitment on record whose seed is lost can never be revealed),
 * and what it saw published, to hold each hand's record to. A page keeps them in localStorage,
 * to survive a reload; the default keeps them in memory.
 */
export interface SeatMemory {
  secret(n: number): SeatCommitV3 | null;
  setSecret(n: number, mine: SeatCommitV3 | null): void;
  kept(n: number): KeptHand | null;
  setKept(n: number, kept: KeptHand): void;
}

/**
 * A {@link SeatMemory} in this process's memory (lost when it ends).
 *
 * @example
 * ```ts
 * const memory = inMemorySeatMemory();
 * memory.kept(1); // null until the seat saw hand 1
 * ```
 * @throws never.
 */
export function inMemorySeatMemory(): SeatMemory {
  const secrets = new Map<number, SeatCommitV3>();
  const kept = new Map<number, KeptHand>();
  return {
    secret: (n) => secrets.get(n) ?? null,
    setSecret: (n, mine) => {
      if (mine === null) secrets.delete(n);
      else secrets.set(n, mine);
    },
    kept: (n) => kept.get(n) ?? null,
    setKept: (n, k) => {
      kept.set(n, k);
    },
  };
}
