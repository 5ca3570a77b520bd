// A verification problem in the page's words (docs/WEB.md, "Languages"): the library gives each
// problem a stable code and the values it names (docs/FAIR.md §10, "Problem codes"); the page
// words it from those in its language, names cards as it labels them and seats as it names them.
import type { VerifyProblem, VerifyProblemCode } from '../fair/index.ts';
import { cardName } from './card-names.ts';
import { fill, isKey, type Key, type Lang, label } from './i18n.ts';
import { seatName } from './seat-name.ts';

// The compiler refuses a problem code without its words (`Missing` names the key to add).
type Missing = Exclude<`problem.${VerifyProblemCode}`, Key>;
const everyCodeWorded: [Missing] extends [never] ? true : Missing = true;
void everyCodeWorded;

/** A problem as the page says it. */
export interface ProblemWords {
  /** The page's words. */
  readonly text: string;
  /**
   * What a record that cannot be read says about itself (`malformed`: the parser's English line,
   * "missing field 'cards'"), shown as code; the page has words for everything else.
   */
  readonly detail?: string;
}

const PLACES: Readonly<Record<string, Key>> = {
  kitty: 'deal.kitty',
  board: 'deal.board',
  burns: 'deal.burns',
  burn: 'deal.burns',
  stock: 'deal.stock',
};

/**
 * Where a card went, in `language`: `hand:0` → "Seat 1", `kitty` → "Kitty"; anything else as
 * written.
 *
 * @example
 * ```ts
 * destination('hand:0', 'zh'); // '座位 1'
 * ```
 */
export function destination(to: string, language: Lang): string {
  const seat = /^hand:(\d+)$/.exec(to);
  if (seat !== null) return fill(label(language, 'seat.n'), { n: Number(seat[1]) + 1 });
  const key = PLACES[to];
  return key === undefined ? to : label(language, key);
}

/**
 * The words for `p` in `language`.
 *
 * @example
 * ```ts
 * problemWords({ field: 'cards[5]', code: 'card', message: '…', params: { position: 5, listed: '3H', dealt: 'BJ' } }, 'zh').text;
 * // '第 5 个位置记录的是 红桃3，种子放在那里的是 小王。'
 * ```
 */
export function problemWords(p: VerifyProblem, language: Lang): ProblemWords {
  const params = p.params ?? {};
  const vars: Record<string, string | number> = { ...params };
  const player = typeof params.player === 'string' ? params.player : undefined;
  const seat = typeof params.seat === 'number' ? params.seat : undefined;
  vars.who =
    seat !== undefined
      ? seatName(player, seat, language)
      : (player ?? fill(label(language, 'seat.n'), { n: '?' }));
  if (p.code === 'card') {
    vars.listed = cardName(String(params.listed), language);
    vars.dealt = cardName(String(params.dealt), language);
  } else if (p.code === 'card-destination') {
    vars.card = cardName(String(params.card), language);
    vars.listed = destination(String(params.listed), language);
    vars.dealt = destination(String(params.dealt), language);
  }
  const step = String(params.step ?? '');
  const stepKey = `problem.step.${step}`;
  const thingKey = `problem.thing.${step}`;
  if (isKey(stepKey)) vars.step = label(language, stepKey);
  if (isKey(thingKey)) vars.thing = label(language, thingKey);
  const text = fill(label(language, `problem.${p.code}`), vars);
  return p.code === 'malformed' ? { text, detail: p.message } : { text };
}
