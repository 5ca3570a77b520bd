/**
 * UTF-8 facts about JavaScript strings computed from their UTF-16 code units, without encoding
 * them. Issue 11: `TextEncoder` in the per-card text check once cost 45 of the 79 µs of a deck
 * key — an allocation and a copy per card, to learn a length. Both functions agree exactly with
 * `TextEncoder`, which writes a lone surrogate as U+FFFD (3 bytes); utf8.test.ts checks them
 * against it on arbitrary strings.
 */

/**
 * The number of bytes `new TextEncoder().encode(text)` would produce.
 *
 * @example
 * ```ts
 * utf8Length('AS'); // 2
 * utf8Length('é🂡'); // 6
 * ```
 * @throws never (a string is assumed).
 */
export function utf8Length(text: string): number {
  const n = text.length;
  let bytes = n;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) {
      bytes += 1;
      continue;
    }
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        bytes += 2; // two code units, four bytes
        i++;
        continue;
      }
    }
    bytes += 2; // three bytes: U+0800…U+FFFF, or U+FFFD for a lone surrogate
  }
  return bytes;
}

/**
 * Compares two strings by their UTF-8 bytes (= by code point), the canonical order of player
 * ids. JavaScript's default sort compares UTF-16 code units, which orders astral characters
 * differently than Python, Go or a byte-wise C verifier would. A lone surrogate compares as
 * U+FFFD, as its UTF-8 encoding would. Only the sign of the result is meaningful.
 *
 * @example
 * ```ts
 * ['b', 'a'].sort(compareUtf8); // ['a', 'b']
 * compareUtf8('\uFFFF', '🂡') < 0; // true (UTF-16 order says the opposite)
 * ```
 * @throws never.
 */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x < 0xd800 && y < 0xd800) {
      if (x !== y) return x - y;
      i++;
      continue;
    }
    const p = codePointAt(a, i);
    const q = codePointAt(b, i);
    if (p !== q) return p - q;
    // Equal code points take equal numbers of code units (a pair is the only way past U+FFFF).
    i += p > 0xffff ? 2 : 1;
  }
  return a.length - b.length; // one is a prefix of the other
}

/** The code point at `i` as UTF-8 sees it: a pair combined, a lone surrogate as U+FFFD. */
function codePointAt(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c < 0xd800 || c > 0xdfff) return c;
  if (c <= 0xdbff && i + 1 < s.length) {
    const d = s.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
  }
  return 0xfffd;
}

/** Longer lists go to Array.prototype.sort: insertion sort's n² is cheap only while n is small. */
const INSERTION_MAX = 16;

/**
 * Sorts `items` in place by the UTF-8 bytes of `keyOf(item)` ({@link compareUtf8}), stably, and
 * returns them. Why not `items.sort(…)` alone: V8's sort with a comparator allocates its work
 * arrays on every call, about 0.8 KB even for two option names, and a fair deal and its verify
 * sort option names and (mostly empty) rosters several times each (issue 25: garbage collection
 * was a fifth of verify in Node). Short lists, the usual case, are insertion-sorted, which
 * allocates nothing; the order is the same either way (both are stable).
 *
 * @example
 * ```ts
 * sortByUtf8(['b', 'a', '🂡', '\uFFFF'], (s) => s); // ['a', 'b', '\uFFFF', '🂡']
 * ```
 * @throws never (but what `keyOf` throws).
 */
export function sortByUtf8<T>(items: T[], keyOf: (item: T) => string): T[] {
  const n = items.length;
  if (n > INSERTION_MAX) return items.sort((a, b) => compareUtf8(keyOf(a), keyOf(b)));
  for (let i = 1; i < n; i++) {
    const item = items[i]!;
    const key = keyOf(item);
    let j = i - 1;
    while (j >= 0 && compareUtf8(keyOf(items[j]!), key) > 0) {
      items[j + 1] = items[j]!;
      j--;
    }
    items[j + 1] = item;
  }
  return items;
}
