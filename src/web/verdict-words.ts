// A verdict in the page's words. Which verdict is green is the library's decision alone
// (describeVerdict: only `proven-fair`), and the English sentence is the library's own, as the CLI
// and /v1/verify print it; the Chinese page says the same in Chinese (words-zh.ts), checked against
// the English by verdict-words.test.ts. A seat is named as the page names it (seat-name.ts).
import { describeVerdict, type FairVerdict } from '../fair/index.ts';
import { fill, type Key, type Lang, label } from './i18n.ts';
import { isDefaultName } from './seat-name.ts';

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

/** The detail of a v1 or v2 verdict (no seats of its own: players only). */
function legacyDetail(v: FairVerdict & { version: 'fairdeal-v1' | 'fairdeal-v2' }, language: Lang) {
  const say = (key: Key, vars: Readonly<Record<string, string | number>> = {}) =>
    fill(label(language, key), vars);
  if (v.fairness === 'dealer-alone') return say('verdict.detail.dealer-alone');
  if (v.contributors === 1) return say('verdict.detail.single-party', { version: v.version });
  const sep = label(language, 'list.sep');
  const missing =
    v.missing.length > 0 ? say('verdict.detail.missing', { names: v.missing.join(sep) }) : '';
  return say('verdict.detail.unsigned', { n: v.contributors, missing, version: v.version });
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
    return { green: d.green, status: d.status, title, detail: legacyDetail(v, language) };
  }
  const seats = (list: readonly number[]) =>
    list
      .map((k) => {
        const name = v.seats[k];
        return isDefaultName(name, k)
          ? fill(label(language, 'verdict.seatOnly'), { n: k + 1 })
          : fill(label(language, 'verdict.seat'), { n: k + 1, name: name as string });
      })
      .join(label(language, 'list.sep'));
  // The house's bot seats (describeVerdict's houseSeats): "seat 2", "seats 2 and 3".
  const house = d.houseSeats;
  const houseWords =
    house.length === 1
      ? fill(label(language, 'verdict.houseSeat'), { n: house[0]! + 1 })
      : fill(label(language, 'verdict.houseSeats'), {
          list: house
            .slice(0, -1)
            .map((k) => k + 1)
            .join(label(language, 'list.sep')),
          last: (house.at(-1) ?? 0) + 1,
        });
  const detailKey = `verdict.detail.${d.status}` as Key;
  const why = v.void?.reason === 'kicked' ? 'verdict.why.kicked' : 'verdict.why.withheld';
  const note =
    d.status !== 'proven-fair' || house.length === 0
      ? ''
      : fill(label(language, house.length === 1 ? 'verdict.house.one' : 'verdict.house.other'), {
          seats: houseWords,
        });
  const detail =
    fill(label(language, detailKey), {
      n: v.contributors,
      seats:
        d.status === 'house-alone'
          ? houseWords
          : seats(d.status === 'void' ? (v.void?.seats ?? []) : [0]),
      why: label(language, why),
    }) + note;
  return { green: d.green, status: d.status, title, detail };
}
