import { UsageError } from '../io.ts';

/**
 * A whole-number option as typed on the command line, checked against its range and named in the
 * CLI's own words: `--count must be a whole number, got '1e3'`, `--n must be at least 1, got 0`,
 * `--bytes is too large (at most 274,877,906,944), got 300000000000`. Digits only (no sign,
 * exponent, hex or spaces), so what is accepted is exactly what was meant.
 *
 * @example
 * ```ts
 * wholeNumber('--take', '3', 0, 10); // 3
 * ```
 * @throws {UsageError} for anything but digits, or a value outside [min, max].
 */
export function wholeNumber(flag: string, text: string, min: number, max: number): number {
  if (!/^[0-9]+$/.test(text)) throw new UsageError(`${flag} must be a whole number, got '${text}'`);
  const value = Number(text);
  if (value < min) throw new UsageError(`${flag} must be at least ${min}, got ${text}`);
  if (value > max) {
    throw new UsageError(
      `${flag} is too large (at most ${max.toLocaleString('en-US')}), got ${text}`,
    );
  }
  return value;
}

/**
 * {@link wholeNumber} for an option that may be absent.
 *
 * @example
 * ```ts
 * optionalWholeNumber('--n', values.n, 1, 4096); // undefined when --n was not given
 * ```
 * @throws {UsageError} as {@link wholeNumber}.
 */
export function optionalWholeNumber(
  flag: string,
  text: string | undefined,
  min: number,
  max: number,
): number | undefined {
  return text === undefined ? undefined : wholeNumber(flag, text, min, max);
}
