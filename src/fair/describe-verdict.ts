import { houseSeats } from './house-seats.ts';
import type { FairVerdict } from './verify.ts';

/**
 * How a verdict is shown, the same in the CLI, the service's `/v1/verify` and the web page:
 * `proven-fair` is the only green one; everything else is amber with its reason (docs/FAIR.md
 * §V3.9). `exitCode` is what `fairdeal verify` exits with for it.
 */
export interface VerdictDescription {
  /** `proven-fair` (green) or the reason it is less. */
  readonly status:
    | 'proven-fair'
    | 'single-seat'
    | 'practice'
    | 'dealer-alone'
    | 'house-alone'
    | 'void'
    | 'unsigned';
  readonly green: boolean;
  /**
   * 0 proven fair; 3 dealer alone, practice, or the house alone (every seat the house's bot); 4 a
   * single seat or party; 5 void; 6 unsigned (v1, v2).
   */
  readonly exitCode: 0 | 3 | 4 | 5 | 6;
  /** One word or two for a badge: `PROVEN FAIR`, `VOID`, … */
  readonly headline: string;
  /** One sentence: exactly what was proven, and what was not. */
  readonly detail: string;
  /**
   * The seats (0-based) a v3 record's announcement gives to the house's bots (player ids
   * `house-bot-N`, docs/FAIR.md "House seats"): their seeds are the house's. [] otherwise.
   */
  readonly houseSeats: readonly number[];
}

// "seat 2", "seats 2 and 3", "seats 1, 2 and 3" (1-based, as seats are named to people).
const seatWords = (seats: readonly number[]): string => {
  const n = seats.map((k) => String(k + 1));
  if (n.length === 1) return `seat ${n[0]}`;
  return `seats ${n.slice(0, -1).join(', ')} and ${n.at(-1)}`;
};

// What a proven-fair verdict adds when some seats are the house's: proven fair among the seats,
// but the house's seats' seeds are the house's own, so it is fair to a person if that person's
// seed was their own.
const houseNote = (seats: readonly number[]): string =>
  seats.length === 0
    ? ''
    : seats.length === 1
      ? `; ${seatWords(seats)} is the house's bot: its seed is the house's; the deal is fair to you if your own seed was`
      : `; ${seatWords(seats)} are the house's bots: their seeds are the house's; the deal is fair to you if your own seed was`;

const seatList = (seats: readonly number[], players: readonly (string | null)[]): string =>
  seats.map((k) => `seat ${k + 1} (${players[k] ?? 'unbound'})`).join(', ');

/**
 * The words and exit status for a verdict, from the verdict alone. A v3 record names the house's
 * bot seats by their player ids (`house-bot-N`, bound in the signed announcement): a proven-fair
 * hand says which seeds were the house's, and a hand whose every seat is the house's is never
 * green (`house-alone`: the house alone chose the deck).
 *
 * @example
 * ```ts
 * const r = verify(text);
 * if (r.ok) console.log(describeVerdict(r.verdict).detail);
 * ```
 * @throws never.
 */
export function describeVerdict(v: FairVerdict): VerdictDescription {
  if (v.version === 'fairdeal-v3') {
    const house = houseSeats(v.seats);
    const dealt = v.fairness === 'proven-fair' || v.fairness === 'single-seat';
    if (dealt && house.length > 0 && house.length === v.seats.length) {
      // Every seed was the house's: the keys are independent, the chooser is not.
      return {
        status: 'house-alone',
        green: false,
        exitCode: 3,
        headline: 'HOUSE ALONE',
        detail: `every seat is the house's bot (${seatWords(house)}): every seed was the house's, so the house alone chose the deck — not proven fair`,
        houseSeats: house,
      };
    }
    switch (v.fairness) {
      case 'proven-fair':
        return {
          status: 'proven-fair',
          green: true,
          exitCode: 0,
          headline: 'PROVEN FAIR',
          detail: `proven fair among ${v.contributors} independently keyed seats: the dealer committed first, every seat signed its commitment before any seed was revealed, and every seat's seed decided the deck${houseNote(house)}`,
          houseSeats: house,
        };
      case 'single-seat':
        return {
          status: 'single-seat',
          green: false,
          exitCode: 4,
          headline: 'ONE SEAT ONLY',
          detail: `dealt from one seat's seed (${seatList([0], v.seats)}): the dealer could not choose the deck against that seat's key, but nobody else's seed counted — not proven fair among players`,
          houseSeats: house,
        };
      case 'practice':
        return {
          status: 'practice',
          green: false,
          exitCode: 3,
          headline: 'PRACTICE',
          detail:
            'a practice hand: no seat committed, the dealer alone chose the deck — not proven fair',
          houseSeats: house,
        };
      case 'void': {
        const why = v.void?.reason === 'kicked' ? 'was kicked by the host' : 'withheld its seed';
        return {
          status: 'void',
          green: false,
          exitCode: 5,
          headline: 'VOID',
          detail: `the hand was voided and never dealt: ${seatList(v.void?.seats ?? [], v.seats)} ${why}`,
          houseSeats: house,
        };
      }
    }
  }
  if (v.fairness === 'dealer-alone') {
    return {
      status: 'dealer-alone',
      green: false,
      exitCode: 3,
      headline: 'DEALER ALONE',
      detail:
        'consistent, but no player seed went into the deck: the dealer alone chose it — not proven fair',
      houseSeats: [],
    };
  }
  const missing = v.missing.length > 0 ? `; never revealed: ${v.missing.join(', ')}` : '';
  if (v.contributors === 1) {
    return {
      status: 'single-seat',
      green: false,
      exitCode: 4,
      headline: 'ONE PARTY ONLY',
      detail: `consistent, one player seed (${v.version}, unsigned): the dealer could not choose the deck against that one party, and it may have been the dealer itself — not proven fair among players`,
      houseSeats: [],
    };
  }
  return {
    status: 'unsigned',
    green: false,
    exitCode: 6,
    headline: 'CONSISTENT',
    detail: `consistent, ${v.contributors} player seeds${missing} — but ${v.version} carries no seat signatures, so who took part rests on the dealer's word: not proven fair to a stranger (fairdeal-v3 proves it)`,
    houseSeats: [],
  };
}
