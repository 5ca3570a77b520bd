// The audit's details in the page's words (docs/WEB.md, "Languages"): the tests' names, how each
// statistic was made or why a test could not run, and why a shuffle is broken. The auditor
// (fairdeal/audit) writes these as English notes; the page recognises each note it can write
// and says it in its own words (src/web/audit-words.test.ts runs the auditor over every case
// and holds each of its notes to having words). What a user's code said (its error, its output)
// is shown as code, as it was.
import type { BrokenReason } from '../audit/browser.ts';
import { fill, isKey, type Key, type Lang, label } from './i18n.ts';

/**
 * A test's name in `language` (`card-position` → "card × position" / "牌 × 位置").
 *
 * @example
 * ```ts
 * testName('adjacent-pairs', 'zh'); // '相邻牌对'
 * ```
 */
export function testName(name: string, language: Lang): string {
  const key = `audit.test.${name}`;
  return isKey(key) ? label(language, key) : name;
}

/** The auditor's notes, each as a pattern and the page's key for it. */
const NOTES: readonly { readonly match: RegExp; readonly key: Key; readonly slots: string[] }[] = [
  {
    match: /^\(n−1\)\/n · Pearson X² over (\d+)×\d+ cells, expectation ([\d.]+) each$/,
    key: 'audit.note.card-position',
    slots: ['n', 'e'],
  },
  {
    match: /^whitened Pearson X² over (\d+) ordered pairs, expectation ([\d.]+) each$/,
    key: 'audit.note.adjacent-pairs',
    slots: ['pairs', 'e'],
  },
  {
    match: /^Pearson X² over all (\d+) orders of (\d+) cards, expectation ([\d.]+) each$/,
    key: 'audit.note.permutations',
    slots: ['orders', 'n', 'e'],
  },
  {
    match: /^exact Eulerian law, (\d+) cells \(≤(\d+) and ≥(\d+) rising sequences pooled\)$/,
    key: 'audit.note.rising-sequences',
    slots: ['cells', 'low', 'high'],
  },
  { match: /^every card reached every position$/, key: 'audit.note.reached-all', slots: [] },
  {
    match: /^(\d+) card×position cells never reached; /,
    key: 'audit.note.unreached',
    slots: ['empty'],
  },
  { match: /^needs at least (\d+) cards$/, key: 'audit.note.min-cards', slots: ['k'] },
  {
    match: /^needs T\/n ≥ 5 per cell \(have ([\d.]+)\)$/,
    key: 'audit.note.per-cell',
    slots: ['have'],
  },
  { match: /^only for 3 ≤ n ≤ 6$/, key: 'audit.note.perm-range', slots: [] },
  { match: /^needs T\/n! ≥ 5 \(have ([\d.]+)\)$/, key: 'audit.note.perm-cells', slots: ['have'] },
  {
    match: /^too few trials: empty cells are expected even if fair$/,
    key: 'audit.note.reach-trials',
    slots: [],
  },
  {
    match: /^too few trials for two cells expecting ≥ 5$/,
    key: 'audit.note.rising-trials',
    slots: [],
  },
];

/**
 * A test's note (how its statistic was made, or why it could not run) in `language`; undefined
 * for a note the page does not know (the view then shows the auditor's own, as code).
 *
 * @example
 * ```ts
 * noteWords('needs at least 3 cards', 'zh'); // '至少需要 3 张牌'
 * ```
 */
export function noteWords(note: string, language: Lang): string | undefined {
  for (const n of NOTES) {
    const m = n.match.exec(note);
    if (m === null) continue;
    const vars = Object.fromEntries(n.slots.map((slot, i) => [slot, m[i + 1]!]));
    return fill(label(language, n.key), vars);
  }
  return undefined;
}

/** Why a shuffle is broken, as the page says it. */
export interface BrokenWords {
  /** The page's words; a `{what}` slot, if any, is filled with `what` shown as code. */
  readonly text: string;
  /** What the user's function returned, shown as code in `{what}`. */
  readonly what?: string;
  /** What the user's code or the browser said (an error's message), shown as code after. */
  readonly detail?: string;
}

const PERMUTATION: readonly {
  readonly match: RegExp;
  readonly key: Key;
  readonly slots: string[];
}[] = [
  { match: /^returned (.*) instead of an array$/s, key: 'audit.perm.not-array', slots: ['what'] },
  {
    match: /^returned (\d+) items instead of (\d+)$/,
    key: 'audit.perm.length',
    slots: ['got', 'n'],
  },
  {
    match: /^position (\d+) holds (.*), not one of the cards 0…(\d+)$/s,
    key: 'audit.perm.foreign',
    slots: ['position', 'what', 'max'],
  },
  {
    match: /^card (\d+) appears twice; card (\d+) is missing$/,
    key: 'audit.perm.twice',
    slots: ['card', 'missing'],
  },
];

// The auditor describes a value as `undefined`, `null`, `number 5`, `an object ([object Map])`:
// shown as code, without the English article.
function value(described: string): string {
  return described.replace(/^an object \((.*)\)$/s, '$1');
}

/**
 * Why the shuffle under audit is broken, in `language`; `seconds` is the page's silence limit
 * (a shuffle that stops answering does not terminate).
 *
 * @example
 * ```ts
 * brokenWords({ kind: 'not-a-permutation', message: 'returned 51 items instead of 52', trial: 0 }, 'zh', 5).text;
 * // '第 1 次试验没有把牌洗好交回：它返回了 51 项，而不是 52 项'
 * ```
 */
export function brokenWords(b: BrokenReason, language: Lang, seconds: number): BrokenWords {
  const trial = (b.trial ?? 0) + 1;
  switch (b.kind) {
    case 'did-not-terminate':
      return { text: fill(label(language, 'audit.broken.did-not-terminate'), { seconds }) };
    case 'not-a-permutation': {
      const head = fill(label(language, 'audit.broken.not-a-permutation'), { trial });
      for (const p of PERMUTATION) {
        const m = p.match.exec(b.message);
        if (m === null) continue;
        const vars: Record<string, string> = Object.fromEntries(
          p.slots.map((slot, i) => [slot, m[i + 1]!]),
        );
        const what = vars.what === undefined ? undefined : value(vars.what);
        delete vars.what;
        // Chinese needs no space after its full-width colon.
        const text = `${head}${language === 'zh' ? '' : ' '}${fill(label(language, p.key), vars)}`;
        return what === undefined ? { text } : { text, what };
      }
      return { text: head, detail: b.message };
    }
    case 'threw':
      return {
        text: fill(label(language, 'audit.broken.threw'), { trial }),
        detail: b.message,
      };
    case 'crashed':
    case 'not-loadable':
      return { text: label(language, `audit.broken.${b.kind}`), detail: b.message };
  }
}
