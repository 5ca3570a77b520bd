import { FairdealError } from '../errors.ts';
import { isPredictable } from '../random/predictable.ts';
import { secureRandom } from '../random/secure.ts';
import type { RandomSource } from '../random/source.ts';

/** Where a round's server seed may come from (FairRoundOptions, FairDealOptions). */
export interface ServerSeedSourceOptions {
  readonly source?: RandomSource | undefined;
  readonly testOnlySource?: RandomSource | undefined;
}

/**
 * The source to draw a server seed from (docs/FAIR.md §3: "the server seed always comes from a
 * secure source"): `secureRandom` by default; a `source` the caller gives, unless fairdeal knows
 * it to be predictable — `chacha20` seeded with a passphrase, `mathRandom`, `scriptedSource` —
 * because whoever guesses the server seed computes every hand the moment the players' seeds are
 * revealed (and before the deal, from the commitment alone, when nobody contributes a seed).
 * `testOnlySource` is the one way round that rule, named so that it stands out in a review: for
 * test vectors and tests that must reproduce a hand, never for play.
 *
 * @example
 * ```ts
 * serverSeedSource({}); // secureRandom
 * serverSeedSource({ testOnlySource: chacha20('vectors') }); // tests only
 * ```
 * @throws {FairdealError} `BAD_SEED` for a predictable `source`; `BAD_OPTION` when both are given.
 */
export function serverSeedSource(o: ServerSeedSourceOptions): RandomSource {
  if (o.source !== undefined && o.testOnlySource !== undefined) {
    throw new FairdealError('BAD_OPTION', 'give source or testOnlySource, not both', {
      field: 'testOnlySource',
    });
  }
  if (o.testOnlySource !== undefined) return o.testOnlySource;
  if (o.source === undefined) return secureRandom;
  if (isPredictable(o.source)) {
    throw new FairdealError(
      'BAD_SEED',
      'the server seed must come from a secure source (docs/FAIR.md §3), and this source is ' +
        'predictable (chacha20 seeded with a passphrase, mathRandom or scriptedSource): leave ' +
        'source out for secureRandom, or use testOnlySource in tests',
      { field: 'source' },
    );
  }
  return o.source;
}
