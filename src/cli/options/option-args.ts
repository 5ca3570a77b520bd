/**
 * The command-line words that give option `flag` the value `value`, as node:util parseArgs (every
 * command's option parser) reads them back: `--flag value`, or `--flag=value` when the value
 * starts with `-` — parseArgs takes a separate word starting with `-` for an option and refuses
 * `--seed -x` ("--seed needs a value"), which is how a printed replay line once failed to replay.
 *
 * @example
 * ```ts
 * optionArgs('--seed', 'table 7'); // ['--seed', 'table 7']
 * optionArgs('--seed', '-x');      // ['--seed=-x']
 * ```
 * @throws never.
 */
export function optionArgs(flag: string, value: string): string[] {
  return value.startsWith('-') ? [`${flag}=${value}`] : [flag, value];
}
