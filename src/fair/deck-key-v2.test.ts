import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { rosterHash, sortedRosterHash } from './commit-v2.ts';
import { encodeDeckKeyV2 } from './deck-key-v2.ts';
import { fromHex } from './hex.ts';
import { transcriptHashOfBytes, transcriptHashV2 } from './transcript-hash-v2.ts';
import type { FairTranscript } from './transcript-v2.ts';

const cs = new Uint8Array(32).fill(1);
const r = new Uint8Array(32).fill(2);
const input = (deck: readonly string[]) => ({
  serverCommitment: cs,
  rosterHash: r,
  deck,
  roster: [],
  reveals: [],
  plain: null,
});
const cardId = fc.string({ minLength: 1, maxLength: 6, unit: 'grapheme' });

test('a frozen deck (encoded once, then reused) gives the bytes of the same deck unfrozen', () => {
  fc.assert(
    fc.property(fc.array(cardId, { maxLength: 60 }), (cards) => {
      const want = encodeDeckKeyV2(input([...cards]));
      const frozen = Object.freeze([...cards]);
      assert.deepEqual(encodeDeckKeyV2(input(frozen)), want);
      assert.deepEqual(encodeDeckKeyV2(input(frozen)), want); // from the stored encoding
    }),
    { numRuns: 200 },
  );
});

test('a frozen deck with a bad card id is refused every time, and nothing of it is kept', () => {
  const bad = Object.freeze(['AS', '']);
  for (let i = 0; i < 2; i++)
    assert.throws(() => encodeDeckKeyV2(input(bad)), { code: 'BAD_OPTION' });
});

const hex32 = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((b) => Buffer.from(b).toString('hex'));
const id = fc.stringMatching(/^[a-z]{1,8}$/);

test('the hashes from parsed bytes equal the hashes from hex (roster and transcript)', () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.record({ player: id, commitment: hex32 }), {
        selector: (e) => e.player,
        maxLength: 5,
      }),
      fc.uniqueArray(fc.record({ player: id, seed: id, salt: hex32 }), {
        selector: (e) => e.player,
        maxLength: 5,
      }),
      hex32,
      hex32,
      (entries, revealed, commitment, seed) => {
        const roster = [...entries].sort((a, b) => (a.player < b.player ? -1 : 1));
        const bytes = roster.map((e) => fromHex(e.commitment, 32, 'c'));
        const csBytes = fromHex(commitment, 32, 'cs');
        const R = rosterHash(csBytes, roster);
        assert.deepEqual(sortedRosterHash(csBytes, roster, bytes), R);
        const t: Omit<FairTranscript, 'hash'> = {
          algorithm: 'fairdeal-v2',
          table: 't',
          hand: 3,
          prev: null,
          preset: 'doudizhu',
          options: { dealer: 2, seats: 3 },
          seating: 'roster',
          server: { commitment, seed },
          roster,
          reveals: revealed,
          plain: null,
          cards: [{ card: 'AS', to: 'hand:0' }],
        };
        assert.deepEqual(
          transcriptHashOfBytes(t, R, {
            commitment: csBytes,
            seed: fromHex(seed, 32, 'seed'),
            salts: revealed.map((x) => fromHex(x.salt, 32, 'salt')),
          }),
          transcriptHashV2(t, R),
        );
      },
    ),
    { numRuns: 100 },
  );
});
