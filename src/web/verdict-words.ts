// A verdict in the page's words. Which verdict is green is the library's decision alone
// (describeVerdict: only `proven-fair`), and the English sentence is the library's own, as the CLI
// and /v1/verify print it; the Chinese page says the same in Chinese (i18n.ts), checked against
// the English by verdict-words.test.ts.
import { describeVerdict, type FairVerdict } from '../fair/index.ts';
import { fill, type Key, type Lang, label } from './i18n.ts';

/** What the badge of a verified hand shows. */
export interface VerdictWords {
  /** True only for `proven-fair` (describeVerdict). */
  readonly green: boolean;
  readonly status: string;
  /** A few words: "Proven fair among 3 independently keyed seats", "Void — never dealt". */
  readonly title: string;
  /** One sentence: exactly what was proven, and what was not. */
  readonly detail: string;
}

/**
 * The badge words of a verdict in `language`.
 *
 * @example
 * ```ts
 * const r = await verifyAsync(record);
 * if (r.ok) verdictWords(r.verdict, 'zh').title; // '在 3 个独立密钥的座位之间可证明公平'
 * ```
 */
export function verdictWords(v: FairVerdict, language: Lang): VerdictWords {
  const d = describeVerdict(v);
  const title = fill(label(language, `verdict.${d.status}` as Key), { n: v.contributors });
  if (v.version !== 'fairdeal-v3') {
    // A v1/v2 record never comes from a fairdeal-v3 table; shown in the library's words.
    return { green: d.green, status: d.status, title, detail: d.detail };
  }
  const seats = (list: readonly number[]) =>
    list
      .map((k) => fill(label(language, 'verdict.seat'), { n: k + 1, name: v.seats[k] ?? '—' }))
      .join(language === 'zh' ? '、' : ', ');
  const detailKey = `verdict.detail.${d.status}` as Key;
  const why = v.void?.reason === 'kicked' ? 'verdict.why.kicked' : 'verdict.why.withheld';
  const detail = fill(label(language, detailKey), {
    n: v.contributors,
    seats: seats(d.status === 'void' ? (v.void?.seats ?? []) : [0]),
    why: label(language, why),
  });
  return { green: d.green, status: d.status, title, detail };
}
