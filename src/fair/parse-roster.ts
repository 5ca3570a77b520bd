import { FairdealError } from '../errors.ts';
import { sortedRosterHash } from './commit-v2.ts';
import { constantTimeEqual } from './constant-time-equal.ts';
import type { FairRoster } from './fair-round.ts';
import { fromHex } from './hex.ts';
import { jsonInput } from './json-input.ts';
import { array, bad, hex, id, object } from './parse-fields.ts';
import { compareUtf8 } from './validate.ts';

const KEYS = ['commitment', 'roster', 'rosterHash'];
const ENTRY = ['player', 'commitment'];

/**
 * Reads a roster a player kept (docs/FAIR.md §13, "Files"): exactly what
 * `FairRound.closeRoster()` returns and `fairdeal fair close` prints — `commitment` (C_s),
 * `roster` (entries `{player, commitment}` in canonical order, ids unique) and `rosterHash` —
 * with a transcript's rules for each field (§9). Its `rosterHash` must be the hash of its own
 * roster under its own commitment (§5): a roster that does not hash to what it claims proves
 * nothing about any transcript.
 *
 * @example
 * ```ts
 * const roster = parseRoster(text); // the roster as it was published, kept
 * verify(saved, { rosterHash: roster.rosterHash }); // saved: the transcript's text
 * ```
 * @throws {FairdealError} `BAD_TRANSCRIPT` naming the field (`roster <field> …`).
 */
export function parseRoster(input: unknown): FairRoster {
  try {
    return read(jsonInput(input, 'roster'));
  } catch (error) {
    if (error instanceof FairdealError && error.code === 'BAD_TRANSCRIPT') {
      throw new FairdealError(
        'BAD_TRANSCRIPT',
        error.message.replace(/^transcript /, 'roster '),
        error.detail,
      );
    }
    throw error;
  }
}

function read(value: unknown): FairRoster {
  const r = object(value, 'file', KEYS, KEYS);
  const commitment = hex(r.commitment, 'commitment');
  const entries = array(r.roster, 'roster').map((v, i) => {
    const e = object(v, `roster[${i}]`, ENTRY, ENTRY);
    return {
      player: id(e.player, `roster[${i}].player`),
      commitment: hex(e.commitment, `roster[${i}].commitment`),
    };
  });
  entries.forEach((e, i) => {
    if (i > 0 && compareUtf8(entries[i - 1]!.player, e.player) >= 0) {
      bad(`roster[${i}]`, 'is not in canonical order (sorted by player id, no duplicates)');
    }
  });
  const rosterHash = hex(r.rosterHash, 'rosterHash');
  const actual = sortedRosterHash(
    fromHex(commitment, 32, 'commitment'),
    entries,
    entries.map((e) => fromHex(e.commitment, 32, 'commitment')),
  );
  if (!constantTimeEqual(actual, fromHex(rosterHash, 32, 'rosterHash'))) {
    bad('rosterHash', 'is not the hash of this roster under this commitment');
  }
  return { commitment, roster: entries, rosterHash };
}
