import type { CliIo } from '../io.ts';

/**
 * Whether to print ANSI colours. FORCE_COLOR wins (as in Node: `0` or `false` forces them off,
 * any other value on), then NO_COLOR (no-color.org: present and non-empty means off), then
 * colours only when stdout is a terminal — piped output stays plain.
 *
 * @example
 * ```ts
 * useColor({ ...io, env: { NO_COLOR: '1' } }); // false
 * ```
 * @throws never.
 */
export function useColor(io: Pick<CliIo, 'env' | 'stdoutIsTTY'>): boolean {
  const force = io.env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  const no = io.env.NO_COLOR;
  if (no !== undefined && no !== '') return false;
  return io.stdoutIsTTY;
}

/** Wraps text in ANSI red (SGR 31 … 39) when colour is on. */
export function red(text: string, color: boolean): string {
  return color ? `\x1b[31m${text}\x1b[39m` : text;
}

/** Wraps text in ANSI bold (SGR 1 … 22) when colour is on. */
export function bold(text: string, color: boolean): string {
  return color ? `\x1b[1m${text}\x1b[22m` : text;
}
