import { RANK_LABELS, type RankIndex } from './ranks.ts';

/** The hand types (牌型) of Dou Dizhu, plus `pass`. */
export type PlayType =
  | 'single'
  | 'pair'
  | 'trio'
  | 'trio-single'
  | 'trio-pair'
  | 'straight'
  | 'pair-chain'
  | 'airplane'
  | 'airplane-singles'
  | 'airplane-pairs'
  | 'four-two-singles'
  | 'four-two-pairs'
  | 'bomb'
  | 'rocket'
  | 'pass';

/**
 * A play as a pattern of ranks (suits never matter in Dou Dizhu). Two plays are the same play
 * exactly when their `ranks` are equal: every multiset of ranks has at most one reading
 * (docs/DOUDIZHU.md, "One reading per play"). Pick the concrete cards from a hand with
 * `cardsFor`.
 */
export interface Play {
  readonly type: PlayType;
  /**
   * The rank that decides comparisons: the lowest rank of a chain's main part (straight, pair
   * chain, airplane), the rank of the single, pair, trio, four or bomb; the big joker for the
   * rocket; -1 for a pass.
   */
  readonly rank: RankIndex;
  /** Chain length (ranks in the straight, pairs in the chain, trios in the airplane); 1 otherwise, 0 for a pass. */
  readonly length: number;
  /** Number of cards (a bomb's size matters in the four-player game). */
  readonly size: number;
  /** Every card's rank index, ascending. */
  readonly ranks: readonly RankIndex[];
}

/**
 * The English and Chinese name of each type.
 *
 * @example
 * ```ts
 * PLAY_TYPE_NAMES['trio-pair']; // { en: 'trio with a pair', zh: '三带二' }
 * ```
 */
export const PLAY_TYPE_NAMES: Readonly<Record<PlayType, { en: string; zh: string }>> =
  Object.freeze({
    single: { en: 'single', zh: '单张' },
    pair: { en: 'pair', zh: '对子' },
    trio: { en: 'trio', zh: '三张' },
    'trio-single': { en: 'trio with a single', zh: '三带一' },
    'trio-pair': { en: 'trio with a pair', zh: '三带二' },
    straight: { en: 'straight', zh: '顺子' },
    'pair-chain': { en: 'consecutive pairs', zh: '连对' },
    airplane: { en: 'airplane', zh: '飞机' },
    'airplane-singles': { en: 'airplane with single wings', zh: '飞机带翅膀（单）' },
    'airplane-pairs': { en: 'airplane with pair wings', zh: '飞机带翅膀（对）' },
    'four-two-singles': { en: 'four with two singles', zh: '四带二' },
    'four-two-pairs': { en: 'four with two pairs', zh: '四带两对' },
    bomb: { en: 'bomb', zh: '炸弹' },
    rocket: { en: 'rocket', zh: '王炸' },
    pass: { en: 'pass', zh: '不要' },
  });

/**
 * The pass, the one play that is not a combination (allowed whenever there is a play to beat).
 *
 * @example
 * ```ts
 * PASS.type; // 'pass'
 * ```
 */
export const PASS: Play = Object.freeze({ type: 'pass', rank: -1, length: 0, size: 0, ranks: [] });

/**
 * A play's ranks as people write them, lowest first: `3 3 3 4`, `BJ RJ`; `pass` for a pass.
 *
 * @example
 * ```ts
 * formatPlay(classify(parseCards('3S 3H 3D 4C'))!); // '3 3 3 4'
 * ```
 * @throws never for a Play.
 */
export function formatPlay(play: Play): string {
  return play.type === 'pass' ? 'pass' : play.ranks.map((r) => RANK_LABELS[r]).join(' ');
}

/**
 * A short string that identifies a play (its ranks), for sets and maps: equal keys, same play.
 *
 * @example
 * ```ts
 * playKey(PASS); // ''
 * ```
 * @throws never for a Play.
 */
export function playKey(play: Play): string {
  let key = '';
  for (const r of play.ranks) key += String.fromCharCode(97 + r);
  return key;
}

/** Builds a frozen play from per-rank counts (internal: no checks). */
export function playFromCounts(
  type: PlayType,
  rank: RankIndex,
  length: number,
  counts: readonly number[],
): Play {
  // Sized once and filled in place: this runs for every play listed, thousands per call on
  // airplane-heavy hands (bench/rules.ts).
  let size = 0;
  for (let r = 0; r < counts.length; r++) size += counts[r]!;
  const ranks = new Array<number>(size);
  let i = 0;
  for (let r = 0; r < counts.length; r++) {
    for (let k = counts[r]!; k > 0; k--) ranks[i++] = r;
  }
  return { type, rank, length, size, ranks };
}
