/**
 * The card notations fairdeal reads and writes:
 * - `code`: `AS`, `TH` / `10H` / `0H`, either case, suit letters or ♠♥♦♣; jokers `BJ` `RJ`
 *   (also `SJ`, `X1`, `X2` on input); `#n` names deck copy n (`AS#2`). Output: `AS`, `TH`, `BJ`.
 * - `id`: output only — the code plus `#n` for copies after the first (read it with `code`).
 * - `symbol`: output only — `A♠`, `10♥` (read it with `code`).
 * - `deckofcards`: the Deck of Cards API — `0S`, `AH`, `X1` (small), `X2` (big).
 * - `rlcard`: RLCard — `S3`, `HT`, `BJ`, `RJ`.
 * - `pokersolver`: `Td`, `As` (no jokers).
 * - `unicode`: playing-card glyphs U+1F0A1 … (`🂡`), jokers U+1F0BF (red) and U+1F0CF (black).
 * - `chinese`: `黑桃A`, `红桃10`, `大王`, `小王`.
 */
export type CardNotation =
  | 'code'
  | 'id'
  | 'symbol'
  | 'deckofcards'
  | 'rlcard'
  | 'pokersolver'
  | 'unicode'
  | 'chinese';

/**
 * Every notation name, for option validation and help texts.
 *
 * @example
 * ```ts
 * CARD_NOTATIONS.includes('rlcard'); // true
 * ```
 */
export const CARD_NOTATIONS: readonly CardNotation[] = Object.freeze([
  'code',
  'id',
  'symbol',
  'deckofcards',
  'rlcard',
  'pokersolver',
  'unicode',
  'chinese',
]);
