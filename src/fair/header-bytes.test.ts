import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { bytesToHex } from '../random/hex.ts';
import { rosterHash, serverCommitmentOfHeader, serverCommitmentV2 } from './commit-v2.ts';
import { fairDeal } from './fair-deal.ts';
import { type FairHeader, headerBytes } from './header.ts';
import { fromHex } from './hex.ts';
import { transcriptHashOfBytes, transcriptHashV2 } from './transcript-hash-v2.ts';
import { verify } from './verify.ts';

// Issue 25: FairRound and verify write a header's bytes once and copy them into C_s and the
// transcript hash, where each wrote the header itself. The same messages, so the same hashes:
// checked here against the functions that still write the header.
const header = fc.record({
  table: fc.stringMatching(/^[a-z][a-z0-9-]{0,11}$/),
  hand: fc.nat(1_000_000),
  prev: fc.option(fc.uint8Array({ minLength: 32, maxLength: 32 }).map(bytesToHex), { nil: null }),
  preset: fc.constant('doudizhu'),
  options: fc.constantFrom({ dealer: 2, seats: 3 }, { dealer: 0, seats: 3 }),
  seating: fc.constantFrom<FairHeader['seating']>('roster', [null, null, null], ['a', null, 'b']),
}) as fc.Arbitrary<FairHeader>;

test('property: C_s of the header bytes is C_s of the header', () => {
  fc.assert(
    fc.property(header, fc.uint8Array({ minLength: 32, maxLength: 32 }), (h, seed) => {
      assert.deepEqual(serverCommitmentOfHeader(headerBytes(h), seed), serverCommitmentV2(h, seed));
    }),
    { seed: 25, numRuns: 300 },
  );
  assert.throws(() => serverCommitmentOfHeader(new Uint8Array(3), new Uint8Array(31)), {
    code: 'BAD_SEED',
  });
});

test('property: a fair deal hashes as the transcript hash that writes its own header, and verifies', () => {
  fc.assert(
    fc.property(header, fc.string({ minLength: 1, maxLength: 12 }), (h, clientSeed) => {
      const { transcript } = fairDeal('doudizhu', {
        table: h.table,
        hand: h.hand,
        prev: h.prev,
        options: h.options,
        clientSeed,
      });
      const cs = fromHex(transcript.server.commitment, 32, 'c');
      const r = rosterHash(cs, transcript.roster);
      assert.equal(bytesToHex(transcriptHashV2(transcript, r)), transcript.hash);
      const seed = fromHex(transcript.server.seed, 32, 's');
      const bytes = { commitment: cs, seed, salts: [] };
      assert.deepEqual(
        transcriptHashOfBytes(transcript, r, { ...bytes, header: headerBytes(transcript) }),
        transcriptHashOfBytes(transcript, r, bytes),
      );
      assert.equal(verify(JSON.parse(JSON.stringify(transcript))).ok, true);
    }),
    { seed: 26, numRuns: 100 },
  );
});

test('a transcript whose header was changed after the deal fails verify on C_s and the hash', () => {
  const { transcript } = fairDeal('doudizhu', { clientSeed: 'alice' });
  const moved = { ...transcript, table: 'another-table' };
  const result = verify(JSON.parse(JSON.stringify(moved)));
  assert.equal(result.ok, false);
  const codes = result.ok ? [] : result.problems.map((p) => p.code);
  assert.ok(codes.includes('server-commitment'), codes.join(', '));
});
