// What may stay in Latin letters on the Chinese page (docs/WEB.md, "Languages"): the few names
// that are not translated, and single letters that are card ranks or a formula's variables.
// Everything else the page shows in Chinese; machine text (a transcript, a hex key, a field name,
// code from the founding documents or the user) is shown in <code>/<pre>/<textarea> and is not
// words. Player names are the players' own (the service takes [A-Za-z0-9_.-]): a test names its
// players with digits, or passes the names it used as `extra`.

/** Whole words allowed in Latin letters, each for a stated reason. */
export const ALLOWED_WORDS: ReadonlySet<string> = new Set([
  'fairdeal', // the project's name (and its protocol, fairdeal-v2, fairdeal-v3)
  'API', // the footer's link to the dealer API
  'OpenAPI', // the footer's link to the API's OpenAPI document
  'JSON', // the transcript's format, by name
  'Web', // Web Crypto, Web Worker: the browser features, by name
  'Crypto',
  'Worker',
  'JavaScript', // the title of founding document 001
  'Fisher', // people a method or a test is named for
  'Yates',
  'Knuth',
  'Durstenfeld',
  'Bonferroni',
  'Pearson',
  'MiB', // a unit
]);

/**
 * Single letters allowed: card ranks (J, Q, K, A: 黑桃A) and the variables and names of the
 * audit's formulas (n, i, k, p, z, e, T, X², O(n), P(…)), a version's v (fairdeal-v3), V8.
 */
export const ALLOWED_LETTERS: ReadonlySet<string> = new Set([
  'J',
  'Q',
  'K',
  'A',
  'n',
  'i',
  'k',
  'p',
  'z',
  'e',
  'T',
  'X',
  'O',
  'P',
  'v',
  'V',
]);

/**
 * The Latin-letter words of `text` that the Chinese page must not show: every run of ASCII
 * letters that is neither an allowed word, an allowed letter nor one of `extra` (names the test
 * itself typed or loaded).
 *
 * @example
 * ```ts
 * foreignWords('座位 1 — 17 cards'); // ['cards']
 * ```
 */
export function foreignWords(text: string, extra: readonly string[] = []): string[] {
  let rest = text;
  for (const name of extra) rest = rest.replaceAll(name, ' ');
  return (rest.match(/[A-Za-z]+/g) ?? []).filter(
    (w) => !ALLOWED_WORDS.has(w) && !ALLOWED_LETTERS.has(w),
  );
}
