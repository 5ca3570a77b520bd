// What a player types and reads at a Dou Dizhu game in the terminal, the same offline
// (`fairdeal play doudizhu`, against bots) and online (`--join`, at a service's table): bids,
// the ranks of a play, and how a bid or a play is said.
import type { Card } from '../../index.ts';
import type {
  Bid,
  DoubleChoice,
  DoudizhuRules,
  DoudizhuScore,
  Play,
} from '../../rules/doudizhu/index.ts';
import {
  classifyCounts,
  DEFAULT_RULES,
  formatPlay,
  legalPlays,
  PLAY_TYPE_NAMES,
  RANK_COUNT,
  RANK_LABELS,
  rankCounts,
  resolveRules,
} from '../../rules/doudizhu/index.ts';

/** Reads one line of input; null at the end of input. */
export type ReadLine = () => Promise<string | null>;

/**
 * A typed bid: 1, 2, 3, pass (p, 0), call or rob; null for anything else.
 *
 * @example
 * ```ts
 * parseBid(' P '); // 'pass'
 * ```
 */
export function parseBid(text: string): Bid | null {
  const word = text.trim().toLowerCase();
  if (word === 'pass' || word === 'p' || word === '0') return 'pass';
  if (word === '1' || word === '2' || word === '3') return Number(word) as 1 | 2 | 3;
  if (word === 'call' || word === 'rob') return word;
  return null;
}

/**
 * A bid as the player says it, after their name and a colon: words that read right for "You"
 * as for "Bot 2" (`You: bid 3`, `Bot 2: bid 3`).
 *
 * @example
 * ```ts
 * bidWords(3); // 'bid 3'
 * ```
 */
export function bidWords(b: Bid | string | number): string {
  if (b === 'call') return 'call the landlord (叫地主)';
  if (b === 'rob') return 'rob the landlord (抢地主)';
  return b === 'pass' ? 'pass' : `bid ${b}`;
}

/**
 * A typed doubling choice: double (d, yes, y, 加倍) or no-double (no, n, pass, p, 不加倍); null
 * for anything else.
 *
 * @example
 * ```ts
 * parseDouble('d'); // 'double'
 * ```
 */
export function parseDouble(text: string): DoubleChoice | null {
  const word = text.trim().toLowerCase();
  if (['double', 'd', 'yes', 'y', '加倍'].includes(word)) return 'double';
  if (['no-double', 'no', 'n', 'pass', 'p', '不加倍'].includes(word)) return 'no-double';
  return null;
}

/**
 * A doubling choice as the player says it, after their name and a colon.
 *
 * @example
 * ```ts
 * doubleWords('double'); // 'double (加倍)'
 * ```
 */
export function doubleWords(choice: DoubleChoice): string {
  return choice === 'double' ? 'double (加倍)' : 'no double (不加倍)';
}

/**
 * A typed answer to "show your hand?": true for show (s, yes, y, 明牌), false for no (n, pass,
 * p); null for anything else.
 *
 * @example
 * ```ts
 * parseShow('no'); // false
 * ```
 */
export function parseShow(text: string): boolean | null {
  const word = text.trim().toLowerCase();
  if (['show', 's', 'yes', 'y', '明牌'].includes(word)) return true;
  if (['no', 'n', 'pass', 'p'].includes(word)) return false;
  return null;
}

/**
 * The prompt for a bid: classic bidding offers the points above the highest bid; rob the
 * landlord offers call until someone called, then rob.
 *
 * @example
 * ```ts
 * bidPrompt({ robLandlord: false, highestBid: 1, called: false }); // 'Your bid (2, 3 or pass): '
 * ```
 */
export function bidPrompt(o: {
  readonly robLandlord: boolean;
  readonly highestBid: number;
  readonly called: boolean;
}): string {
  if (o.robLandlord) {
    return o.called ? 'Rob the landlord? (rob / pass): ' : 'Call the landlord? (call / pass): ';
  }
  const options = [1, 2, 3].filter((b) => b > o.highestBid).join(', ');
  return `Your bid (${options} or pass): `;
}

// What a person may type for a rank: the rules' own labels (3 … 10 J Q K A 2, BJ, RJ), with T
// and 0 for ten as well.
const RANK_TOKENS: Readonly<Record<string, number>> = Object.fromEntries([
  ...RANK_LABELS.map((label, index) => [label, index] as const),
  ['T', RANK_LABELS.indexOf('10')],
  ['0', RANK_LABELS.indexOf('10')],
]);

/**
 * The play named by typed ranks (`3 3 3 4`, `10 J Q K A`, `334455`, `BJ RJ`; suits do not
 * matter), checked against the cards held: the play, or the reason it is refused in words ('' for
 * empty input). Whether it beats the lead is the rules' call.
 *
 * @example
 * ```ts
 * parseRanks('3 3', hand, rules); // { type: 'pair', … } or "you do not hold 3 3"
 * ```
 */
export function parseRanks(
  text: string,
  hand: readonly Card[],
  rules: Partial<DoudizhuRules>,
): Play | string {
  const word = text.trim().toUpperCase();
  if (word === '') return '';
  const counts = new Array<number>(RANK_COUNT).fill(0);
  const typed = word.replace(/[\s,]+/g, '');
  for (let i = 0; i < typed.length; ) {
    const two = RANK_TOKENS[typed.slice(i, i + 2)]; // 10, BJ, RJ
    if (two !== undefined) {
      counts[two]!++;
      i += 2;
    } else if (RANK_TOKENS[typed[i]!] !== undefined) {
      counts[RANK_TOKENS[typed[i]!]!]!++;
      i += 1;
    } else {
      return `I don't know '${typed[i]}': type ranks such as 3 3 4 4 5 5, 10 J Q K A, BJ RJ, or pass`;
    }
  }
  const move = classifyCounts(counts, resolveRules(rules));
  if (move === null) return `${word} is not a Dou Dizhu combination`;
  if (move.type === 'pass') return move;
  const have = rankCounts(hand);
  const want = new Array<number>(RANK_COUNT).fill(0);
  for (const r of move.ranks) want[r]!++;
  if (want.some((k, r) => k > have[r]!)) return `you do not hold ${formatPlay(move)}`;
  return move;
}

/**
 * How a play is said: its cards (as rendered) and the names of its type in English and Chinese.
 *
 * @example
 * ```ts
 * describePlay(play, '3♠ 3♥'); // '3♠ 3♥  pair 对子'
 * ```
 */
export function describePlay(p: Play | { readonly type: string }, cards: string): string {
  const name = PLAY_TYPE_NAMES[p.type as Play['type']];
  return name === undefined ? `${cards}  ${p.type}` : `${cards}  ${name.en} ${name.zh}`;
}

const isBomb = (p: Play) => p.type === 'bomb' || p.type === 'rocket';

/**
 * A play to suggest (`hint`): leading, the lowest rank, as many cards of it as one play takes
 * (bombs last); following, the smallest play that beats (bombs last); null when none beats.
 *
 * @example
 * ```ts
 * suggestPlay(hand, lead, rules); // a Play, or null: pass
 * ```
 */
export function suggestPlay(
  hand: readonly Card[],
  lead: Play | null,
  rules: Partial<DoudizhuRules>,
): Play | null {
  const moves = legalPlays(hand, lead, rules).filter((m) => m.type !== 'pass');
  if (moves.length === 0) return null;
  if (lead !== null) return moves.reduce((best, m) => (smaller(m, best) ? m : best));
  const calm = moves.filter((m) => !isBomb(m));
  const pool = calm.length > 0 ? calm : moves;
  return pool.reduce((best, m) =>
    m.rank < best.rank || (m.rank === best.rank && m.size > best.size) ? m : best,
  );
}

/** Whether play a is the smaller answer: no bomb before a bomb, then fewer cards, then rank. */
export function smaller(a: Play, b: Play): boolean {
  if (isBomb(a) !== isBomb(b)) return !isBomb(a);
  if (a.size !== b.size) return a.size < b.size;
  return a.rank < b.rank;
}

/**
 * The bombs and rockets of a hand in words, with what they multiply by (×2 each).
 *
 * @example
 * ```ts
 * bombWords(2, 1); // '1 bomb and the rocket (×4)'
 * bombWords(0, 0); // 'no bombs (×1)'
 * ```
 */
export function bombWords(bombs: number, rockets: number): string {
  const plain = bombs - rockets;
  const parts = [
    ...(plain > 0 ? [`${plain} bomb${plain === 1 ? '' : 's'}`] : []),
    ...(rockets === 1 ? ['the rocket'] : rockets > 1 ? [`${rockets} rockets`] : []),
  ];
  return `${parts.length === 0 ? 'no bombs' : parts.join(' and ')} (×${2 ** bombs})`;
}

/** The fields a service's older records may lack (they scored as if absent: none, not shown). */
type Newer = 'rockets' | 'shown' | 'doubled' | 'stakes';

/**
 * A score as the terminal reads it: a service's records made before these fields existed lack
 * them (their rocket is then counted among the bombs, as it was scored; nobody doubled).
 */
export type ScoreToSay = Omit<DoudizhuScore, Newer> & Partial<Pick<DoudizhuScore, Newer>>;

/**
 * The score of a finished hand: what it was worth, who doubled and what each farmer played for
 * (only when someone doubled), and each seat's points (named by `names`, seat order).
 *
 * @example
 * ```ts
 * scoreLines(score, ['You', 'Bot 2', 'Bot 3']); // 'Score: base 3, no bombs (×1) = 3 a farmer\nYou +6, Bot 2 -3, Bot 3 -3\n'
 * ```
 */
export function scoreLines(score: ScoreToSay, names: readonly string[]): string {
  const extras = [
    `base ${score.base}`,
    bombWords(score.bombs, score.rockets ?? 0),
    ...(score.spring ? ['spring 春天 (×2)'] : []),
    ...(score.antiSpring ? ['anti-spring 反春 (×2)'] : []),
    ...(score.shown === true ? ["the landlord's hand shown 明牌 (×2)"] : []),
  ];
  const doubled = score.doubled ?? [];
  const anyDouble = doubled.some((d) => d);
  let text = `Score: ${extras.join(', ')} = ${score.unit} a farmer${anyDouble ? ' before doubling' : ''}\n`;
  if (anyDouble) {
    const seats = names.slice(0, score.deltas.length);
    const who = seats.filter((_, i) => doubled[i]).join(', ');
    const landlordFactor = doubled[score.landlord] ? 2 : 1;
    const stakes = seats
      .map((name, i) => [name, i] as const)
      .filter(([, i]) => i !== score.landlord)
      .map(([name, i]) => `${name} ${score.unit * landlordFactor * (doubled[i] ? 2 : 1)}`);
    text += `Doubled 加倍 (×2): ${who}; at stake with the landlord: ${stakes.join(', ')}\n`;
  }
  const deltas = score.deltas.map((d, i) => `${names[i]} ${d > 0 ? '+' : ''}${d}`).join(', ');
  return `${text}${deltas}\n`;
}

// The rule flags `--rule` may set: every boolean of DoudizhuRules (the variant is the game's).
const RULE_FLAGS = Object.keys(DEFAULT_RULES).filter((k) => k !== 'variant');

/**
 * The house rules named by `--rule` words: `doubling` turns a flag on, `fourWithTwo=false` off
 * (names as in docs/DOUDIZHU.md, "Rule flags"); the reason in words for an unknown name or value.
 *
 * @example
 * ```ts
 * parseRuleFlags(['doubling', 'showHand']); // { doubling: true, showHand: true }
 * parseRuleFlags(['double']);               // "unknown rule 'double': …"
 * ```
 */
export function parseRuleFlags(words: readonly string[]): Partial<DoudizhuRules> | string {
  const rules: Record<string, boolean> = {};
  for (const word of words) {
    const [name = '', value = 'true', ...rest] = word.split('=');
    if (!RULE_FLAGS.includes(name)) {
      return `unknown rule '${name}': the rules are ${RULE_FLAGS.join(', ')}`;
    }
    if (rest.length > 0 || (value !== 'true' && value !== 'false')) {
      return `--rule ${name} takes =true or =false, got '${word}'`;
    }
    rules[name] = value === 'true';
  }
  return rules as Partial<DoudizhuRules>;
}
