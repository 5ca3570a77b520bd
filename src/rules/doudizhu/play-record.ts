import type { Card } from '../../cards/index.ts';
import type { Play } from './play-types.ts';

// Its own file so that score.ts and state.ts can both use it without importing each other.

/** One turn of the play: the seat, its play (a pass included) and the cards it laid. */
export interface PlayRecord {
  readonly seat: number;
  readonly play: Play;
  readonly cards: readonly Card[];
}
