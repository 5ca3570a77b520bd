import type { Street, StreetName } from './table-doc.ts';

/**
 * The streets of the presets whose board the game shows a little at a time, in deal order: each
 * street burns its cards, then turns its board cards up (Robert's Rules of Poker: burn before the
 * flop, the turn and the river). The fair deal (docs/FAIR.md §8) already puts these cards in this
 * order into `burns` and `board`; the table only holds them back until the street is dealt.
 * Presets not listed show their board at the deal (a rummy upcard IS shown at the deal).
 */
const POKER: readonly { name: StreetName; burns: number; board: number }[] = [
  { name: 'flop', burns: 1, board: 3 },
  { name: 'turn', burns: 1, board: 1 },
  { name: 'river', burns: 1, board: 1 },
];
const STREETS: Readonly<Record<string, typeof POKER>> = { holdem: POKER, omaha: POKER };

/**
 * Splits the dealt board and burns of a hand into what the table shows at the deal and the
 * streets it holds back, face down, for `deal-street`. For a preset without streets everything
 * stays where the deal put it and no street is held back.
 *
 * @example
 * ```ts
 * holdBackStreets('holdem', ['2C', '3C', '4C', '5C', '6C'], ['7D', '8D', '9D']);
 * // { board: [], burns: [], streets: [{ name: 'flop', burn: ['7D'], cards: ['2C', '3C', '4C'] }, …] }
 * ```
 * @throws {Error} if the deal's board and burns do not match the preset's streets (a bug: the
 *   fair deal of these presets always has them).
 */
export function holdBackStreets(
  preset: string,
  board: readonly string[],
  burns: readonly string[],
): { board: readonly string[]; burns: readonly string[]; streets: readonly Street[] } {
  const plan = STREETS[preset];
  if (plan === undefined) return { board, burns, streets: [] };
  const streets: Street[] = [];
  let b = 0;
  let c = 0;
  for (const s of plan) {
    streets.push({
      name: s.name,
      burn: burns.slice(b, b + s.burns),
      cards: board.slice(c, c + s.board),
    });
    b += s.burns;
    c += s.board;
  }
  if (b !== burns.length || c !== board.length) {
    throw new Error(`the ${preset} deal does not have the board and burns of its streets`);
  }
  return { board: [], burns: [], streets };
}
