// Property tests of the fairdeal-v2 protocol (issues 5 and 9): tampering with any input is detected,
// every client seed matters, and the key encoding is injective. Seeded fast-check runs, so they
// never flake; each property would fail on the obvious wrong implementation (a separator-joined
// encoding, a verifier that trusts the transcript's own cards or hash, an ignored seed).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { type DeckKeyInput, encodeDeckKeyInput } from '../src/fair/derive-key.ts';
import {
  commitClientSeed,
  deriveDeckKey,
  FairRound,
  type FairTranscript,
  shuffleDeck,
  verify,
} from '../src/fair/index.ts';
import { chacha20 } from '../src/random/chacha20.ts';

const RUNS = { seed: 20260522, numRuns: 150 };

function base(): FairTranscript {
  const round = FairRound.open({
    table: 'prop',
    hand: 41,
    preset: 'doudizhu',
    seating: 'roster',
    testOnlySource: chacha20('p'),
  });
  const src = chacha20('players');
  const commits = ['ann', 'bo', 'cy'].map((p) =>
    commitClientSeed(round.announcement, p, `seed-${p}`, src),
  );
  for (const c of commits) round.commit(c.player, c.commitment);
  round.closeRoster();
  for (const c of commits) round.reveal(c.player, c.seed, c.salt);
  return round.deal().transcript;
}
const BASE = base();
/** A transcript whose fields a test may overwrite. */
interface Tamperable {
  algorithm: string;
  hand: number;
  prev: string | null;
  hash: string;
  server: { seed: string; commitment: string };
  reveals: { player: string; seed: string }[];
  plain: { player: string; seed: string } | null;
  cards: { card: string; to: string }[];
}
const mutable = () => structuredClone(BASE) as unknown as Tamperable;

function flipHexBit(hex: string, bit: number): string {
  const i = Math.floor(bit / 4) % hex.length;
  const v = Number.parseInt(hex[i]!, 16) ^ (1 << (bit % 4));
  return hex.slice(0, i) + v.toString(16) + hex.slice(i + 1);
}

function flipStringBit(s: string, pos: number, bit: number): string {
  const i = pos % s.length;
  // Flip one of the low 7 bits of an ASCII character, staying a non-empty valid string.
  const c = s.charCodeAt(i) ^ (1 << (bit % 7));
  return s.slice(0, i) + String.fromCharCode(c === 0 ? 1 : c) + s.slice(i + 1);
}

test('base transcript verifies', () => {
  assert.equal(verify(BASE).ok, true);
});

test('flipping any bit of the server seed makes verify fail', () => {
  fc.assert(
    fc.property(fc.nat(255), (bit) => {
      const t = mutable();
      t.server.seed = flipHexBit(t.server.seed, bit);
      const r = verify(t);
      return !r.ok && r.problems.some((p) => p.field === 'server.commitment');
    }),
    RUNS,
  );
});

test('flipping any bit of any client seed makes verify fail (naming the player)', () => {
  fc.assert(
    fc.property(fc.nat(2), fc.nat(20), fc.nat(6), (who, pos, bit) => {
      const t = mutable();
      t.reveals[who]!.seed = flipStringBit(t.reveals[who]!.seed, pos, bit);
      const r = verify(t);
      return !r.ok && r.problems.some((p) => p.field === `reveals[${who}].commitment`);
    }),
    RUNS,
  );
});

test('an uncommitted client seed that is altered still fails verify (cards and hash)', () => {
  const round = FairRound.open({
    table: 't',
    hand: 1,
    preset: 'bridge',
    seating: ['solo', null, null, null],
    testOnlySource: chacha20('u'),
  });
  round.addPlainSeed('solo', 'my words');
  const good = round.deal().transcript;
  fc.assert(
    fc.property(fc.nat(20), fc.nat(6), (pos, bit) => {
      const t = structuredClone(good) as unknown as Tamperable;
      t.plain!.seed = flipStringBit(t.plain!.seed, pos, bit);
      const r = verify(t);
      return (
        !r.ok &&
        r.problems.some((p) => p.field.startsWith('cards[')) &&
        r.problems.some((p) => p.field === 'hash')
      );
    }),
    { ...RUNS, numRuns: 60 },
  );
});

test('flipping any bit of the hand number makes verify fail', () => {
  fc.assert(
    fc.property(fc.nat(52), (bit) => {
      const t = mutable();
      t.hand = Number(BigInt(t.hand) ^ (1n << BigInt(bit)));
      return !verify(t).ok;
    }),
    RUNS,
  );
});

test('flipping any bit of the algorithm id makes verify fail', () => {
  fc.assert(
    fc.property(fc.nat(10), fc.nat(6), (pos, bit) => {
      const t = mutable();
      t.algorithm = flipStringBit(t.algorithm, pos, bit);
      const r = verify(t);
      // '2' and '3' differ in one bit: a v2 transcript relabelled fairdeal-v3 fails as a v3 record
      // (it lacks v3's fields), any other id as an unknown algorithm.
      const known = ['fairdeal-v1', 'fairdeal-v2', 'fairdeal-v3'].includes(t.algorithm);
      return !r.ok && (known || r.problems[0]?.field === 'algorithm');
    }),
    RUNS,
  );
});

test('replacing one card, or its destination, makes verify fail at that position', () => {
  fc.assert(
    fc.property(fc.nat(53), fc.nat(53), (i, j) => {
      fc.pre(BASE.cards[i]!.card !== BASE.cards[j]!.card);
      const t = mutable();
      t.cards[i]!.card = BASE.cards[j]!.card;
      const r = verify(t);
      return !r.ok && r.problems.some((p) => p.field === `cards[${i}]`);
    }),
    RUNS,
  );
  const t = mutable();
  t.cards[0]!.to = t.cards[0]!.to === 'kitty' ? 'hand:0' : 'kitty';
  const r = verify(t);
  assert.ok(!r.ok && r.problems.some((p) => p.field === 'cards[0].to'));
});

test('a transcript hash that does not match its content fails; so does a bit of prev', () => {
  fc.assert(
    fc.property(fc.nat(255), (bit) => {
      const t = mutable();
      t.hash = flipHexBit(t.hash, bit);
      const r = verify(t);
      return !r.ok && r.problems.length === 1 && r.problems[0]?.field === 'hash';
    }),
    RUNS,
  );
  const t = mutable();
  t.prev = '00'.repeat(32);
  assert.equal(verify(t).ok, false);
});

const seedArb = fc.string({ minLength: 1, maxLength: 12 });

test('changing any one client seed changes the deck', () => {
  const deck = Array.from({ length: 54 }, (_, i) => `c${i}`);
  const serverSeed = new Uint8Array(32).fill(9);
  fc.assert(
    fc.property(
      fc.uniqueArray(
        fc.record({
          player: fc.stringMatching(/^[a-z0-9]{1,6}$/),
          seed: seedArb,
        }),
        {
          minLength: 1,
          maxLength: 5,
          selector: (c) => c.player,
        },
      ),
      fc.nat(),
      seedArb,
      (clients, which, replacement) => {
        const k = which % clients.length;
        fc.pre(clients[k]!.seed !== replacement);
        const zero = '00'.repeat(32);
        const input = {
          serverCommitment: new Uint8Array(32),
          rosterHash: new Uint8Array(32),
          deck,
          roster: clients.map((c) => ({ player: c.player, commitment: zero })),
          plain: null,
        };
        const reveals = clients.map((c) => ({ ...c, salt: zero }));
        const changed = reveals.map((c, i) => (i === k ? { ...c, seed: replacement } : c));
        const a = shuffleDeck(deriveDeckKey(serverSeed, { ...input, reveals }), deck);
        const b = shuffleDeck(deriveDeckKey(serverSeed, { ...input, reveals: changed }), deck);
        return a.join() !== b.join();
      },
    ),
    RUNS,
  );
});

// Tiny alphabets with the separator-like characters make collisions likely if the encoding had
// any ambiguity: "a:1","2" vs "a","1:2", an option "2" vs 2, a card moved between fields.
const tiny = fc.string({
  unit: fc.constantFrom('a', ':', '1', '2', ',', '\u0000'),
  minLength: 1,
  maxLength: 4,
});
const inputArb: fc.Arbitrary<DeckKeyInput> = fc.record({
  table: tiny,
  hand: fc.oneof(fc.nat(3), fc.constant(2 ** 32), fc.constant(2 ** 53 - 1)),
  preset: tiny,
  options: fc.dictionary(
    fc.constantFrom('a', 'b', 'a1'),
    fc.oneof(fc.nat(2), fc.constantFrom('1', '2', 'true'), fc.boolean(), fc.constant(0.5)),
    { maxKeys: 3 },
  ),
  deck: fc.array(tiny, { maxLength: 3 }),
  clients: fc.uniqueArray(fc.record({ player: tiny, seed: tiny }), {
    maxLength: 3,
    selector: (c) => c.player,
  }),
});

function canonical(x: DeckKeyInput): string {
  const options = Object.keys(x.options)
    .sort()
    .map((k) => [k, typeof x.options[k], x.options[k]]);
  const clients = [...x.clients].sort((a, b) =>
    a.player < b.player ? -1 : a.player > b.player ? 1 : 0,
  );
  return JSON.stringify([x.table, x.hand, x.preset, options, x.deck, clients]);
}

test('the v1 deck-key encoding is injective: equal bytes only for equal (canonical) inputs', () => {
  fc.assert(
    fc.property(inputArb, inputArb, (x, y) => {
      const same = Buffer.from(encodeDeckKeyInput(x)).equals(Buffer.from(encodeDeckKeyInput(y)));
      return same === (canonical(x) === canonical(y));
    }),
    { seed: 7, numRuns: 3000 },
  );
  // Canonically equal inputs (clients in another order) do encode to the same bytes:
  fc.assert(
    fc.property(inputArb, (x) => {
      const y = { ...x, clients: [...x.clients].reverse() };
      return Buffer.from(encodeDeckKeyInput(x)).equals(Buffer.from(encodeDeckKeyInput(y)));
    }),
    { seed: 8, numRuns: 300 },
  );
  // And the pairs that a separator-joined encoding confuses are told apart:
  const a = { table: 't', hand: 1, preset: 'p', options: {}, deck: [] };
  const e1 = encodeDeckKeyInput({
    ...a,
    clients: [
      { player: 'x', seed: 'a:1' },
      { player: 'y', seed: '2' },
    ],
  });
  const e2 = encodeDeckKeyInput({
    ...a,
    clients: [
      { player: 'x', seed: 'a' },
      { player: 'y', seed: '1:2' },
    ],
  });
  assert.notDeepEqual(e1, e2);
  assert.notDeepEqual(
    encodeDeckKeyInput({ ...a, options: { a: 2 }, clients: [] }),
    encodeDeckKeyInput({ ...a, options: { a: '2' }, clients: [] }),
  );
});
