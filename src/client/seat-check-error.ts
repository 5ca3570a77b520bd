/** Which of the dealer's messages a seat refused. */
export type SeatCheck = 'announcement' | 'roster' | 'receipt';

/**
 * The dealer's message failed a seat's check (docs/FAIR.md §V3.2): an announcement not signed by
 * the published dealer key or not holding this seat's key, a roster that drops or alters a
 * commitment, a receipt the dealer did not sign or that is not for what the seat sent. The seat
 * takes no further step in that hand: a seat never commits to, nor reveals under, what it could
 * not check. The message says which hand, which message and why.
 *
 * @example
 * ```ts
 * try {
 *   await seat.step();
 * } catch (e) {
 *   if (e instanceof SeatCheckError) console.error(e.message); // "hand 1: the dealer's announcement …"
 * }
 * ```
 */
export class SeatCheckError extends Error {
  readonly check: SeatCheck;
  readonly hand: number;
  /** Why, in a few words (the message without its hand and message name). */
  readonly reason: string;
  constructor(check: SeatCheck, hand: number, reason: string, options: { cause?: unknown } = {}) {
    super(`hand ${hand}: the dealer's ${check} failed this seat's check: ${reason}`, options);
    this.name = 'SeatCheckError';
    this.check = check;
    this.hand = hand;
    this.reason = reason;
  }
}
