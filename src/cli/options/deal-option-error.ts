import { UsageError } from '../io.ts';

/** The library's names for deal options, and the flags the CLI calls them. */
const FLAGS: Record<string, string> = {
  seats: '--seats',
  dealer: '--dealer',
  boardNumber: '--board',
  decks: '--decks',
  penetration: '--penetration',
  level: '--level',
  trump: '--trump',
  deck: '--deck',
  handSize: '--hand-size',
  kitty: '--kitty',
  boardCards: '--board-cards',
  sort: '--sort',
  seed: '--seed',
};

/** Library error codes that a deal's typed options cause: usage errors, in the CLI's words. */
const OPTION_CODES = new Set([
  'BAD_OPTION',
  'BAD_SEED',
  'BAD_CARD',
  'BAD_DECK',
  'NOT_ENOUGH_CARDS',
  'UNKNOWN_PRESET',
]);

/**
 * Says a library error about deal options with the flags the user typed: "option 'boardNumber'
 * does not apply to holdem" becomes "--board does not apply to holdem", "handSize must be …"
 * "--hand-size must be …", "unknown sort order 'x'" "--sort: unknown sort order 'x'". Errors
 * that typed options cannot cause (a failing secure source) come back unchanged.
 *
 * @example
 * ```ts
 * try { deal(name, options); } catch (error) { throw inFlagWords(error); }
 * ```
 * @throws never: it returns the error to throw.
 */
export function inFlagWords(error: unknown): unknown {
  const code = (error as { code?: unknown })?.code;
  const fromOptions =
    error instanceof RangeError ||
    ((error as { name?: unknown })?.name === 'FairdealError' &&
      typeof code === 'string' &&
      OPTION_CODES.has(code));
  if (!fromOptions) return error;
  let message = (error as Error).message
    .replace(/option '(\w+)'/g, (all, key: string) => FLAGS[key] ?? all)
    .replace(/^(seats for \S+|\w+) must be/, (all, key: string) => {
      const name = key.startsWith('seats for ') ? key.replace('seats', '--seats') : FLAGS[key];
      return name === undefined ? all : `${name} must be`;
    })
    .replace(/ must be an integer from (\d+) to 9007199254740991,/, ' must be at least $1,')
    .replace(/ must be an integer from /, ' must be from ');
  if (/^bad level /.test(message)) message = `--level: ${message}`;
  else if (/^bad trump /.test(message)) message = `--trump: ${message}`;
  else if (/^unknown sort order /.test(message)) message = `--sort: ${message}`;
  else if (/^(unknown deck|bad card|card )/.test(message)) message = `--deck: ${message}`;
  return new UsageError(message);
}
