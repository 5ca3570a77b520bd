/**
 * The rule for option names (docs/FAIR.md §3): an ASCII letter, then up to 63 letters, digits,
 * `_` or `-`. ASCII so that every language sorts and encodes them alike; and it leaves out every
 * name JavaScript gives a meaning on plain objects (`__proto__`, whose assignment sets an
 * object's prototype instead of a key — so a copied `"__proto__": "x"` used to vanish, and a
 * transcript carrying it verified while the Python verifier refused it).
 */
const OPTION_KEY = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/**
 * Whether a string is a valid option name (docs/FAIR.md §3). Names such as `constructor` or
 * `toString` pass: they are well-formed and are refused later, like any other unknown option.
 *
 * @example
 * ```ts
 * isOptionKey('boardNumber'); // true
 * isOptionKey('__proto__'); // false
 * ```
 * @throws never.
 */
export function isOptionKey(key: string): boolean {
  return OPTION_KEY.test(key);
}
