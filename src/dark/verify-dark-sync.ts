import type { DarkGroup } from './load-group.ts';
import { parseDarkTranscript } from './transcript.ts';
import { type DarkVerdict, verifyParsed } from './verify-dark.ts';

/**
 * {@link verifyDarkTranscript} without awaiting: for a caller that loaded the group already
 * (`loadDarkGroup`) and must verify inside a synchronous step — the service's table change,
 * which runs in one store transaction, checks a dark hand's transcript as its last reveal
 * arrives. The checks, their order and their errors are verifyDarkTranscript's own.
 *
 * @example
 * ```ts
 * const group = await loadDarkGroup();
 * verifyDarkTranscriptSync(group, JSON.parse(text)).status; // 'verified'
 * ```
 * @throws {FairdealError} as verifyDarkTranscript.
 */
export function verifyDarkTranscriptSync(group: DarkGroup, input: unknown): DarkVerdict {
  return verifyParsed(group, parseDarkTranscript(input));
}
