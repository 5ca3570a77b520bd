// A card id as whole text: a rank and a suit, or a joker, with a copy suffix (`3S`, `TH`, `BJ`,
// `AS#2`). Whole means no letter, digit, `_`, `-` or `#` on either side, so that base64url and
// hex around it (a sealed value, a hash) never count.
const CARD = /(?<![A-Za-z0-9_#-])(?:[2-9TJQKA][SHDC]|BJ|RJ)(?:#\d+)?(?![A-Za-z0-9_#-])/g;
// In a file's raw bytes, between arbitrary binary bytes, only a JSON string counts: `"3S"`.
const QUOTED_CARD = /"((?:[2-9TJQKA][SHDC]|BJ|RJ)(?:#\d+)?)"/g;

/**
 * The card ids that `text` names, as whole tokens (or, with `quoted`, only as JSON strings —
 * for raw file bytes read as latin1, where a token's neighbours are arbitrary bytes).
 *
 * @example
 * ```ts
 * cardIdsIn('{"hand":["3S","AS#2"]} v2.ab12.x3Sy'); // Set { '3S', 'AS#2' }
 * ```
 * @throws never.
 */
export function cardIdsIn(text: string, quoted = false): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(quoted ? QUOTED_CARD : CARD)) out.add(m[1] ?? m[0]);
  return out;
}
