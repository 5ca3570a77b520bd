import type { Play } from './play-types.ts';

/**
 * Whether `play` may follow `previous` (the play to beat; `null` or a pass when leading).
 *
 * - Leading: any combination (not a pass).
 * - The rocket beats everything. A bomb beats every non-bomb; between bombs the one with more
 *   cards wins (four-player game), then the higher rank.
 * - Otherwise the same type, the same chain length and size, and a higher deciding rank (the
 *   trio's rank in a trio with kickers, the lowest rank of a chain): kickers never matter.
 * - A pass never "beats": whether a seat may pass is the table's rule (only when not leading).
 *
 * @example
 * ```ts
 * beats(classify(parseCards('4S 4H'))!, classify(parseCards('3S 3H'))!); // true
 * beats(classify(parseCards('4S 4H'))!, classify(parseCards('3S'))!);    // false: not the same type
 * ```
 * @throws never for Plays.
 */
export function beats(play: Play, previous: Play | null): boolean {
  if (play.type === 'pass') return false;
  if (previous === null || previous.type === 'pass') return true;
  if (previous.type === 'rocket') return false;
  if (play.type === 'rocket') return true;
  if (play.type === 'bomb') {
    if (previous.type !== 'bomb') return true;
    return play.size > previous.size || (play.size === previous.size && play.rank > previous.rank);
  }
  return (
    play.type === previous.type &&
    play.length === previous.length &&
    play.size === previous.size &&
    play.rank > previous.rank
  );
}
