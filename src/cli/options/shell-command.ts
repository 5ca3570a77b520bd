/** Characters no POSIX shell treats specially anywhere in a word (after the command's name). */
const BARE = /^[A-Za-z0-9_.,:/+=@%-]+$/;

/**
 * The one way the CLI prints a command line (a replay line, a next step, a report's "Reproduce"):
 * a line that a POSIX shell splits back into exactly `words`. A word is left bare when it holds
 * only characters no shell treats specially, otherwise it goes in single quotes, inside which only
 * `'` needs care (close, escaped quote, reopen). Quoting is about the shell only: whether the
 * command's own option parser reads the words as meant (a value starting with `-`) is for the
 * words to get right — see {@link optionArgs}.
 *
 * @example
 * ```ts
 * shellCommand(['fairdeal', 'deal', 'doudizhu', '--seed', 'table 7']);
 * // "fairdeal deal doudizhu --seed 'table 7'"
 * shellCommand(['x', "it's", '']); // "x 'it'\\''s' ''"
 * ```
 * @throws never.
 */
export function shellCommand(words: readonly string[]): string {
  return words
    .map((word) => (BARE.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`))
    .join(' ');
}
