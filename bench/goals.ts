// Issue 25's goals for fairdeal's shuffle, checked alike for Node and Chromium and for every way
// the bench runs its contenders (each alone in a clean process, or all in one polluted one).
import type { Spread } from './stats.ts';

export type Env = 'Node' | 'Chromium';
/** clean: each contender alone in a fresh process (a Worker in Chromium); polluted: all in one
 *  process after every contender ran on every kind of array. */
export type Mode = 'clean' | 'polluted';
export type Source = 'secure' | 'seeded';

/** One of fairdeal's shuffles in one (environment, mode, kind, size), as ratios to the others. */
export type RatioCase = {
  readonly env: Env;
  readonly mode: Mode;
  readonly kind: string;
  readonly n: number;
  readonly source: Source;
  /** fairdeal's rate ÷ the plain Math.random loop's, per round. */
  readonly plain: Spread;
  /** fairdeal's rate ÷ the fastest peer's of the same round; undefined where no peer ran. */
  readonly peer?: Spread | undefined;
  /** fairdeal's rate ÷ the floor's (the same swaps from indices drawn beforehand). */
  readonly floor?: Spread | undefined;
};

/** The decks the issue names: 52 and 54 cards. */
export const DECKS: readonly number[] = [52, 54];

/**
 * The least ratio to the plain loop the issue asks of a case: 1.5× at every size, and for the
 * decks 3.5× (secure) and 3× (seeded) in Node, 2.5× and 2× in Chromium.
 *
 * @example
 * goalFor('Node', 'secure', 52); // 3.5
 * goalFor('Chromium', 'seeded', 1000); // 1.5
 */
export function goalFor(env: Env, source: Source, n: number): number {
  if (!DECKS.includes(n)) return 1.5;
  if (env === 'Node') return source === 'secure' ? 3.5 : 3;
  return source === 'secure' ? 2.5 : 2;
}

export type Miss = { readonly case: RatioCase; readonly why: string };

/** The least share of the floor's speed the issue asks of a deck's shuffle. */
export const DECK_FLOOR = 0.6;

/**
 * Which cases miss the goal: a median ratio to the plain loop below {@link goalFor}, not ahead
 * of the fastest peer (median per-round ratio ≤ 1), or for a deck under {@link DECK_FLOOR} of
 * the floor's speed. A NaN ratio (not measured) is a miss.
 *
 * @example
 * const s = { median: 2, q1: 1.9, q3: 2.1 };
 * checkGoals([{ env: 'Node', mode: 'clean', kind: 'Array', n: 52, source: 'secure', plain: s }])
 *   .misses[0]?.why; // '2.00× plain < 3.5×'
 */
export function checkGoals(cases: readonly RatioCase[]): { checked: number; misses: Miss[] } {
  const misses: Miss[] = [];
  for (const c of cases) {
    const goal = goalFor(c.env, c.source, c.n);
    const why: string[] = [];
    if (!(c.plain.median >= goal)) why.push(`${c.plain.median.toFixed(2)}× plain < ${goal}×`);
    if (c.peer !== undefined && !(c.peer.median > 1))
      why.push(`${c.peer.median.toFixed(2)}× the best peer`);
    if (DECKS.includes(c.n) && c.floor !== undefined && !(c.floor.median >= DECK_FLOOR))
      why.push(`${c.floor.median.toFixed(2)} of the floor < ${DECK_FLOOR}`);
    if (why.length > 0) misses.push({ case: c, why: why.join(', ') });
  }
  return { checked: cases.length, misses };
}
