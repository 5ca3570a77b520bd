// The published test vectors of fairdeal-v1 (test/vectors/fair-v1.json), frozen since v2. They
// are value-stability snapshots: generated once by this file (before v2) and then pinned, so any
// change to commitments, key derivation, the ChaCha20 stream, the bounded integers, the shuffle
// or the dealing patterns fails here. They are not merely copied from our own output: the
// independent Python verifier (tools/verify-fair.py, written from docs/FAIR.md alone)
// recomputes every one of them, and the last test runs it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildTranscript } from '../src/fair/build-transcript.ts';
import { clientCommitment, serverCommitment } from '../src/fair/commitments.ts';
import { deriveDeckKey, encodeDeckKeyInput } from '../src/fair/derive-key.ts';
import { type FairOptions, shuffleDeck, verify, verifyChain } from '../src/fair/index.ts';
import { presetDeal } from '../src/fair/preset-deal.ts';
import type { FairTranscriptV1 } from '../src/fair/transcript.ts';

const FILE = fileURLToPath(new URL('./vectors/fair-v1.json', import.meta.url));
const TOOL = fileURLToPath(new URL('../tools/verify-fair.py', import.meta.url));
const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
const unhex = (s: string) => Uint8Array.from(s.match(/../g) ?? [], (h) => Number.parseInt(h, 16));

interface DeckCase {
  name: string;
  serverSeed: string;
  table: string;
  hand: number;
  preset: string;
  options: FairOptions;
  clients: { player: string; seed: string }[];
}

/** Inputs chosen to exercise every corner of the encoding and the shuffle. */
const DECK_CASES: DeckCase[] = [
  {
    name: 'no client seed',
    serverSeed: '00'.repeat(32),
    table: 't',
    hand: 0,
    preset: 'doudizhu',
    options: {},
    clients: [],
  },
  {
    name: 'one client seed',
    serverSeed: '01'.repeat(32),
    table: 'club-7',
    hand: 12,
    preset: 'doudizhu',
    options: {},
    clients: [{ player: 'alice', seed: 'lucky7' }],
  },
  {
    name: 'seeds a:1 and 2',
    serverSeed: '02'.repeat(32),
    table: 't',
    hand: 1,
    preset: 'bridge',
    options: {},
    clients: [
      { player: 'p1', seed: 'a:1' },
      { player: 'p2', seed: '2' },
    ],
  },
  {
    name: 'seeds a and 1:2 (must differ from the previous)',
    serverSeed: '02'.repeat(32),
    table: 't',
    hand: 1,
    preset: 'bridge',
    options: {},
    clients: [
      { player: 'p1', seed: 'a' },
      { player: 'p2', seed: '1:2' },
    ],
  },
  {
    name: 'unicode ids, canonical order by UTF-8 bytes',
    serverSeed: 'ff'.repeat(32),
    table: '斗地主-桌1',
    hand: 2 ** 53 - 1,
    preset: 'doudizhu',
    options: {},
    clients: [
      { player: '🂡 ace', seed: 'x' },
      { player: 'ｚ', seed: 'y' },
      { player: 'Z', seed: '春天 🀄' },
    ],
  },
  {
    name: 'options of every type',
    serverSeed: hex(new Uint8Array(32).map((_, i) => i)),
    table: 'casino',
    hand: 3,
    preset: 'blackjack',
    options: { decks: 2, penetration: 0.5, seats: 3 },
    clients: [{ player: 'p', seed: 's' }],
  },
  {
    name: 'bridge board 5',
    serverSeed: 'a5'.repeat(32),
    table: 'club',
    hand: 5,
    preset: 'bridge',
    options: { boardNumber: 5 },
    clients: [],
  },
  {
    name: 'holdem with burns and board',
    serverSeed: '5a'.repeat(32),
    table: 'poker',
    hand: 99,
    preset: 'holdem',
    options: { seats: 9 },
    clients: [{ player: 'a', seed: 'b' }],
  },
  {
    name: 'two decks of 54 (108 cards)',
    serverSeed: '77'.repeat(32),
    table: 't',
    hand: 8,
    preset: 'shengji',
    options: { level: '5', trump: 'H' },
    clients: [
      { player: 'n', seed: '1' },
      { player: 'e', seed: '2' },
      { player: 's', seed: '3' },
      { player: 'w', seed: '4' },
    ],
  },
];

function computeDeckCase(c: DeckCase) {
  const plan = presetDeal(c.preset, c.options);
  const input = {
    table: c.table,
    hand: c.hand,
    preset: c.preset,
    options: c.options,
    deck: plan.deck,
    clients: c.clients,
  };
  const key = deriveDeckKey(unhex(c.serverSeed), input);
  const dealt = plan.deal(shuffleDeck(key, plan.deck));
  return {
    ...c,
    canonicalDeck: [...plan.deck],
    serverCommitment: hex(serverCommitment(c, unhex(c.serverSeed))),
    keyMessage: hex(encodeDeckKeyInput(input)),
    key: hex(key),
    deck: dealt.cards.map((x) => x.card),
    route: dealt.cards.map((x) => x.to),
  };
}

function computeClientCommitments() {
  const cases = [
    { table: 't', hand: 1, player: 'alice', salt: '00'.repeat(32), seed: 'lucky7' },
    { table: '桌', hand: 2 ** 32, player: 'ｚ', salt: 'ab'.repeat(32), seed: 'a:1' },
  ];
  return cases.map((c) => ({
    ...c,
    commitment: hex(clientCommitment(c, c.player, unhex(c.salt), c.seed)),
  }));
}

/**
 * The pinned v1 transcripts (a chain of three hands: three committed players revealing in reverse
 * order, a single plain seed, no client seed) were produced by the v1 FairRound, which no longer
 * exists: new hands are v2. v1 is frozen, so they are rebuilt here from their own inputs by the v1
 * dealer code that verify still uses, and must come out byte for byte the same.
 */
function rebuildTranscripts(pinned: FairTranscriptV1[]): FairTranscriptV1[] {
  return pinned.map((t) =>
    buildTranscript({
      serverSeed: unhex(t.server.seed),
      table: t.table,
      hand: t.hand,
      prev: t.prev,
      preset: t.preset,
      options: t.options,
      clients: t.clients,
    }),
  );
}

function compute() {
  return {
    algorithm: 'fairdeal-v1',
    about:
      'Test vectors of fairdeal-v1 (docs/FAIR.md). Hex is lowercase. decks: inputs -> server commitment, deck-key message, key, shuffled deck (top first) and route. transcripts: a chain of three complete transcripts.',
    clientCommitments: computeClientCommitments(),
    decks: DECK_CASES.map(computeDeckCase),
  };
}

const vectors = JSON.parse(readFileSync(FILE, 'utf8'));

test('vectors: commitments, deck keys and decks are value-stable (snapshot)', () => {
  const now = compute();
  assert.deepEqual(now.clientCommitments, vectors.clientCommitments);
  assert.equal(now.decks.length, vectors.decks.length);
  for (const [i, d] of now.decks.entries()) assert.deepEqual(d, vectors.decks[i], d.name);
});

test('vectors: the transcripts are value-stable (snapshot) and verify as one chain', () => {
  assert.deepEqual(rebuildTranscripts(vectors.transcripts), vectors.transcripts);
  for (const t of vectors.transcripts) assert.deepEqual(verify(t).ok, true);
  // v1 bound neither seats nor options, and the third hand had no client seed at all:
  const verdicts = vectors.transcripts.map((t: unknown) => {
    const r = verify(t);
    return r.ok ? r.verdict.fairness : 'failed';
  });
  assert.deepEqual(verdicts, ['players-contributed', 'players-contributed', 'dealer-alone']);
  assert.deepEqual(verifyChain(vectors.transcripts), { ok: true });
});

test('vectors: length prefixes make "a:1","2" and "a","1:2" different keys', () => {
  const [x, y] = [vectors.decks[2], vectors.decks[3]];
  assert.notEqual(x.keyMessage, y.keyMessage);
  assert.notEqual(x.key, y.key);
});

test('vectors: the independent Python verifier reproduces every vector', (t) => {
  const probe = spawnSync('python3', ['--version']);
  if (probe.error !== undefined) {
    if (process.env.CI === 'true') assert.fail('python3 is missing under CI=true');
    t.skip('python3 not found: the independent verifier was not run');
    return;
  }
  const run = spawnSync('python3', [TOOL, FILE], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  assert.match(run.stdout, /all \d+ checks passed/);
});
