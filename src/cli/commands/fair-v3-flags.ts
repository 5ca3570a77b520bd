import { parseArgs } from 'node:util';

/** Every flag of the fairdeal-v3 steps of `fairdeal fair`; each step takes some (fair-v3.ts). */
export const V3_FLAGS = {
  state: { type: 'string' },
  'dealer-key': { type: 'string' },
  'dealer-pub': { type: 'string' },
  key: { type: 'string' },
  seat: { type: 'string', multiple: true },
  table: { type: 'string' },
  hand: { type: 'string' },
  prev: { type: 'string' },
  'prev-file': { type: 'string' },
  option: { type: 'string', multiple: true },
  practice: { type: 'boolean' },
  announcement: { type: 'string' },
  seed: { type: 'string' },
  salt: { type: 'string' },
  commitment: { type: 'string' },
  signature: { type: 'string' },
  message: { type: 'string' },
  secret: { type: 'string' },
  roster: { type: 'string' },
  withheld: { type: 'boolean' },
  kick: { type: 'string', multiple: true },
  receipt: { type: 'string', multiple: true },
  record: { type: 'string' },
  out: { type: 'string' },
  force: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * The command line of a v3 step, parsed strictly (an unknown flag is a usage error).
 *
 * @example
 * ```ts
 * const { values, positionals } = parseV3Flags(['close', '--state', 'round.json']);
 * ```
 * @throws the parseArgs errors, which the CLI turns into one line and exit 2.
 */
export function parseV3Flags(args: string[]) {
  return parseArgs({ args, allowPositionals: true, options: V3_FLAGS });
}

/** The parsed flags every v3 step receives. */
export type V3Values = ReturnType<typeof parseV3Flags>['values'];
