import { FairdealError } from '../../errors.ts';

/** The two games: three players with one deck, or four players with two decks. */
export type DoudizhuVariant = 'doudizhu' | 'doudizhu-4p';

/**
 * The rule flags. The defaults are the rules of the Dou Dizhu AI literature — DouZero (Zha et
 * al., ICML 2021, Table 1) and RLCard's Dou Dizhu (Zha et al., 2019) — whose action space of
 * 27,472 moves fairdeal reproduces exactly with them (docs/DOUDIZHU.md, "The 27,472 moves").
 * They are also the usual rules of online rooms; the flags turn on the common house variations.
 */
export interface DoudizhuRules {
  /** `doudizhu` (3 players, 54 cards) or `doudizhu-4p` (4 players, 108 cards). */
  readonly variant: DoudizhuVariant;
  /** 四带二: four of a kind may carry two singles or two pairs (default true). */
  readonly fourWithTwo: boolean;
  /**
   * Whether an airplane's single wings may hold four cards of one rank, i.e. a bomb's cards
   * (default false, as DouZero: a bomb is worth more played on its own).
   */
  readonly wingsMayContainBomb: boolean;
  /**
   * Whether kickers (airplane wings, four with two) may be the whole rocket — default false, as
   * DouZero. Both jokers as two singles; in the four-player game all four, as singles or as the
   * two pairs `BJ BJ` + `RJ RJ` (four with two pairs, an airplane's pair wings).
   */
  readonly kickersMayContainRocket: boolean;
  /**
   * Whether single kickers must all differ in rank (default false: as in DouZero, two singles
   * may be a pair split up, e.g. 3333 + 5 5 is four with two singles).
   */
  readonly distinctKickers: boolean;
  /**
   * 抢地主: bidding by calling and robbing (each rob doubles the stake) instead of the classic
   * bids of 1, 2 or 3 points (叫分). Default false.
   */
  readonly robLandlord: boolean;
  /**
   * 加倍: once the landlord has taken the kitty, each seat in turn — the farmers in the order of
   * play from the landlord's successor, the landlord last — may `double` or `no-double`. A
   * farmer's double doubles what that farmer and the landlord settle; the landlord's doubles it
   * with every farmer. Default false. docs/DOUDIZHU.md, "Doubling and show-hand".
   */
  readonly doubling: boolean;
  /**
   * 明牌: the landlord may show its hand face up before its first play, doubling the whole
   * hand's score (the online rooms' "明牌 ×2" after the kitty). Default false.
   */
  readonly showHand: boolean;
}

/**
 * The default rules (DouZero-compatible; see {@link DoudizhuRules}).
 *
 * @example
 * ```ts
 * DEFAULT_RULES.fourWithTwo; // true
 * ```
 */
export const DEFAULT_RULES: DoudizhuRules = Object.freeze({
  variant: 'doudizhu',
  fourWithTwo: true,
  wingsMayContainBomb: false,
  kickersMayContainRocket: false,
  distinctKickers: false,
  robLandlord: false,
  doubling: false,
  showHand: false,
});

const FLAGS = [
  'fourWithTwo',
  'wingsMayContainBomb',
  'kickersMayContainRocket',
  'distinctKickers',
  'robLandlord',
  'doubling',
  'showHand',
] as const;

/**
 * Completes partial rules with the defaults and checks them.
 *
 * @example
 * ```ts
 * resolveRules({ fourWithTwo: false }).wingsMayContainBomb; // false
 * ```
 * @throws {TypeError} if a flag is not a boolean.
 * @throws {FairdealError} `BAD_OPTION` for an unknown rule name or variant.
 */
export function resolveRules(rules?: Partial<DoudizhuRules>): DoudizhuRules {
  if (rules === undefined) return DEFAULT_RULES;
  if (rules === null || typeof rules !== 'object') throw new TypeError('rules must be an object');
  if (Object.isFrozen(rules) && isComplete(rules)) return rules;
  for (const key of Object.keys(rules)) {
    if (key !== 'variant' && !(FLAGS as readonly string[]).includes(key)) {
      throw new FairdealError('BAD_OPTION', `unknown Dou Dizhu rule '${key}'`, { option: key });
    }
  }
  for (const flag of FLAGS) {
    const value = rules[flag];
    if (value !== undefined && typeof value !== 'boolean') {
      throw new TypeError(`rule ${flag} must be true or false, got ${String(value)}`);
    }
  }
  const variant = rules.variant ?? DEFAULT_RULES.variant;
  if (variant !== 'doudizhu' && variant !== 'doudizhu-4p') {
    throw new FairdealError('BAD_OPTION', `variant must be 'doudizhu' or 'doudizhu-4p'`, {
      option: 'variant',
    });
  }
  return Object.freeze({ ...DEFAULT_RULES, ...rules, variant });
}

function isComplete(rules: Partial<DoudizhuRules>): rules is DoudizhuRules {
  return (
    (rules.variant === 'doudizhu' || rules.variant === 'doudizhu-4p') &&
    FLAGS.every((f) => typeof rules[f] === 'boolean')
  );
}
