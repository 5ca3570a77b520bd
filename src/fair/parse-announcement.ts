import { FairdealError } from '../errors.ts';
import { canonicalFairOptions } from './canonical-options.ts';
import type { FairAnnouncement } from './fair-round.ts';
import { FAIR_V2, sameOptions } from './header.ts';
import { jsonInput } from './json-input.ts';
import { bad, hand, hex, id, object, options, prev, seating, str } from './parse-fields.ts';
import { checkSeating } from './seating.ts';

const KEYS = ['algorithm', 'table', 'hand', 'prev', 'preset', 'options', 'seating', 'commitment'];

/**
 * Reads an announcement a player kept (docs/FAIR.md §13, "Files"): exactly what
 * `FairRound.announcement` holds and `fairdeal fair commit` prints — `algorithm`
 * (`"fairdeal-v2"`), `table`, `hand`, `prev`, `preset`, `options` in canonical form, `seating`
 * and `commitment` — with a transcript's rules for each field (§9): no other field, no missing
 * one, no duplicate key, lowercase hex, at most 16 MiB of text. A player commits to this header,
 * so it must be one a transcript could carry.
 *
 * @example
 * ```ts
 * const announcement = parseAnnouncement(text); // the announcement as it was published, kept
 * verify(saved, { announcement }); // saved: the transcript's text
 * ```
 * @throws {FairdealError} `BAD_TRANSCRIPT` naming the field (`announcement <field> …`).
 */
export function parseAnnouncement(input: unknown): FairAnnouncement {
  try {
    return read(jsonInput(input, 'announcement'));
  } catch (error) {
    // The field readers speak of a transcript; the same rules, said of the announcement.
    if (error instanceof FairdealError && error.code === 'BAD_TRANSCRIPT') {
      throw new FairdealError(
        'BAD_TRANSCRIPT',
        error.message.replace(/^transcript /, 'announcement '),
        error.detail,
      );
    }
    throw error;
  }
}

function read(value: unknown): FairAnnouncement {
  const a = object(value, 'file', KEYS, KEYS);
  if (a.algorithm !== FAIR_V2) bad('algorithm', `must be '${FAIR_V2}'`);
  const preset = str(a.preset, 'preset');
  const given = options(a.options);
  const seats = seating(a.seating);
  let canonical: ReturnType<typeof canonicalFairOptions>;
  try {
    canonical = canonicalFairOptions(preset, given);
  } catch (error) {
    return bad('options', `are refused: ${(error as Error).message}`);
  }
  if (!sameOptions(canonical, given)) {
    bad('options', `are not in canonical form: expected ${JSON.stringify(canonical)}`);
  }
  try {
    checkSeating(seats, canonical.seats as number);
  } catch (error) {
    bad('seating', `is refused: ${(error as Error).message}`);
  }
  return {
    algorithm: FAIR_V2,
    table: id(a.table, 'table'),
    hand: hand(a.hand),
    prev: prev(a.prev),
    preset,
    options: given,
    seating: seats,
    commitment: hex(a.commitment, 'commitment'),
  };
}
