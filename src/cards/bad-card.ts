import { FairdealError } from '../errors.ts';

/**
 * The BAD_CARD error for a token, naming it and, when it holds a character outside what the
 * notation allows, that character's code point — so a Cyrillic `с` typed for a Latin `c` is
 * visible in the message instead of a mysterious "unknown card".
 */
export function badCard(token: string, notation: string, allowed: RegExp): FairdealError {
  let hint = '';
  for (const ch of token) {
    if (!allowed.test(ch)) {
      const cp = ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
      hint = `: character U+${cp} is not allowed`;
      break;
    }
  }
  const shown = JSON.stringify(token);
  return new FairdealError('BAD_CARD', `bad card ${shown} in ${notation} notation${hint}`, {
    token,
    notation,
  });
}

/** Throws a TypeError unless the token is a string (before any parsing). */
export function checkToken(token: unknown): asserts token is string {
  if (typeof token !== 'string') {
    throw new TypeError(
      `card token must be a string, got ${token === null ? 'null' : typeof token}`,
    );
  }
}
