// The published test vectors of fairdeal-v2 (test/vectors/fair-v2.json, docs/FAIR.md §11). They
// are value-stability snapshots on purpose: generated once by this file (UPDATE_VECTORS=1) and
// then pinned, so any change to the header, commitments, roster, key, shuffle, patterns or hash
// fails here. What makes them more than a copy of our own output: the independent Python
// verifier (tools/verify-fair.py, written from docs/FAIR.md alone, sharing no code) rebuilds
// every preset's canonical options, deck and route and recomputes every value; the last tests
// run it (required under CI=true, reported as skipped when python3 is missing elsewhere).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { deriveDeckKeyV2 } from '../src/fair/deck-key-v2.ts';
import {
  canonicalFairOptions,
  commitClientSeed,
  encodeDeckKeyInput,
  type FairOptions,
  FairRound,
  type FairTranscript,
  fairDeal,
  rosterHash,
  type Seating,
  verify,
  verifyChain,
} from '../src/fair/index.ts';
import { presetDeal } from '../src/fair/preset-deal.ts';
import { PRESET_NAMES } from '../src/games/index.ts';
import { chacha20 } from '../src/random/chacha20.ts';

const FILE = fileURLToPath(new URL('./vectors/fair-v2.json', import.meta.url));
const TOOL = fileURLToPath(new URL('../tools/verify-fair.py', import.meta.url));
const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
const unhex = (s: string) => Uint8Array.from(s.match(/../g) ?? [], (h) => Number.parseInt(h, 16));

/** Preset options whose canonical form, deck and route the vectors pin (beyond the defaults). */
const OPTION_CASES: { preset: string; options: FairOptions }[] = [
  ...PRESET_NAMES.map((preset) => ({ preset, options: {} })),
  { preset: 'doudizhu', options: { seats: 3, dealer: 0 } },
  { preset: 'big-two', options: { seats: 3 } },
  { preset: 'hearts', options: { seats: 3 } },
  { preset: 'hearts', options: { seats: 5, dealer: 1 } },
  { preset: 'rummy', options: { seats: 2 } },
  { preset: 'rummy', options: { seats: 6 } },
  { preset: 'shengji', options: { level: '10', trump: 'H' } },
  { preset: 'guandan', options: { level: 'A' } },
  { preset: 'blackjack', options: { seats: 8, decks: 8, penetration: 1 } },
  { preset: 'bridge', options: { boardNumber: 6 } },
  { preset: 'euchre', options: { trump: 'S', dealer: 1 } },
  { preset: 'skat', options: { trump: 'null' } },
  { preset: 'holdem', options: { seats: 10 } },
  {
    preset: 'custom',
    options: { deck: 'double-108', seats: 5, kitty: 8, boardCards: 3, sort: 'doudizhu' },
  },
  { preset: 'custom', options: { deck: 'euchre-24', seats: 1, handSize: 0, kitty: 2 } },
];

function presetCases() {
  return OPTION_CASES.map((c) => {
    const options = canonicalFairOptions(c.preset, c.options);
    const plan = presetDeal(c.preset, options);
    const dealt = plan.deal([...plan.deck]);
    return {
      preset: c.preset,
      given: c.options,
      options,
      canonicalDeck: [...plan.deck],
      route: dealt.cards.map((x) => x.to),
    };
  });
}

interface HandCase {
  preset: string;
  options: FairOptions;
  seating: Seating | 'unbound';
  /** Committed players (in commit order); `missing` ones never reveal. */
  committed?: string[];
  missing?: string[];
  plain?: string;
}

/** One hand of every preset, as one chain: every path of the protocol appears at least once. */
const HANDS: HandCase[] = [
  { preset: 'doudizhu', options: {}, seating: 'roster', committed: ['春', 'Zoë', 'alice'] },
  {
    preset: 'doudizhu-4p',
    options: { dealer: 0 },
    seating: ['w1', 'w2', 'w3', 'w4'],
    committed: ['w3', 'w1'],
  },
  {
    preset: 'shengji',
    options: { level: '10', trump: 'H' },
    seating: ['n', 'e', 's', 'w'],
    committed: ['n', 'e', 's', 'w'],
    missing: ['s'],
  },
  { preset: 'guandan', options: { level: 'K' }, seating: ['me', null, null, null], plain: 'me' },
  { preset: 'big-two', options: { seats: 3 }, seating: 'unbound' },
  {
    preset: 'holdem',
    options: { seats: 9, dealer: 4 },
    seating: [null, 'ann', null, null, 'bob', null, null, null, null],
    committed: ['bob', 'ann'],
  },
  { preset: 'omaha', options: { seats: 2 }, seating: ['solo', null], plain: 'solo' },
  {
    preset: 'blackjack',
    options: { decks: 2, penetration: 0.5, seats: 3 },
    seating: ['p1', 'p2', 'house'],
    plain: 'p1',
  },
  {
    preset: 'bridge',
    options: { boardNumber: 6 },
    seating: 'roster',
    committed: ['N', 'E', 'S', 'W'],
  },
  { preset: 'hearts', options: { seats: 5 }, seating: 'unbound', plain: 'a:1' },
  { preset: 'spades', options: {}, seating: 'unbound', plain: '1:2' },
  {
    preset: 'euchre',
    options: { trump: 'S', dealer: 1 },
    seating: ['x', 'y', 'z', 'q'],
    committed: ['q'],
  },
  { preset: 'skat', options: { trump: 'null' }, seating: 'roster', committed: ['🂡', 'ｚ', 'Z'] },
  { preset: 'pinochle', options: {}, seating: 'unbound', plain: 'p' },
  { preset: 'gin-rummy', options: {}, seating: ['g1', 'g2'], committed: ['g1', 'g2'] },
  { preset: 'rummy', options: { seats: 6 }, seating: 'unbound' },
  {
    preset: 'custom',
    options: { deck: 'standard-54', seats: 3, handSize: 5, kitty: 2, boardCards: 1, sort: 'none' },
    seating: ['c1', 'c2', 'c3'],
    committed: ['c2'],
  },
];

function computeHands() {
  const source = chacha20('fairdeal-v2 test vectors');
  const transcripts: FairTranscript[] = [];
  const details: Record<string, unknown>[] = [];
  let prev: string | null = null;
  HANDS.forEach((h, i) => {
    const seats = canonicalFairOptions(h.preset, h.options).seats as number;
    const round = FairRound.open({
      table: 'vector-table',
      hand: i + 1,
      prev,
      preset: h.preset,
      options: h.options,
      seating: h.seating === 'unbound' ? Array.from({ length: seats }, () => null) : h.seating,
      testOnlySource: source, // vectors must be reproducible: never a way to make a real seed
    });
    const commits = (h.committed ?? []).map((p) =>
      commitClientSeed(round.announcement, p, `seed of ${p}`, source),
    );
    for (const c of commits) round.commit(c.player, c.commitment);
    if (h.plain !== undefined) round.addPlainSeed(h.plain, `plain seed of ${h.plain}`);
    else round.closeRoster();
    for (const c of [...commits].reverse()) {
      if (!(h.missing ?? []).includes(c.player)) round.reveal(c.player, c.seed, c.salt);
    }
    const { transcript } = round.deal({ allowMissing: h.missing !== undefined });
    const plan = presetDeal(transcript.preset, transcript.options);
    const cs = unhex(transcript.server.commitment);
    const r = rosterHash(cs, transcript.roster);
    const keyInput = {
      serverCommitment: cs,
      rosterHash: r,
      deck: plan.deck,
      roster: transcript.roster,
      reveals: transcript.reveals,
      plain: transcript.plain,
    };
    details.push({
      hand: transcript.hand,
      rosterHash: hex(r),
      keyMessage: hex(encodeDeckKeyInput(keyInput)),
      key: hex(deriveDeckKeyV2(unhex(transcript.server.seed), keyInput)),
    });
    transcripts.push(transcript);
    prev = transcript.hash;
  });
  return { transcripts, details };
}

/** Edge cases outside the chain: the largest hand number, non-ASCII table, integer penetration. */
function computeExtras(): FairTranscript[] {
  const source = chacha20('fairdeal-v2 extras');
  const a = fairDeal('hearts', {
    table: '桌 7',
    hand: 2 ** 53 - 1,
    prev: 'ab'.repeat(32),
    options: { seats: 3 },
    clientSeed: 'é 🂡',
    player: 'ñ',
    testOnlySource: source,
  }).transcript;
  const b = fairDeal('blackjack', {
    table: 't',
    hand: 0,
    options: { decks: 1, penetration: 1 },
    testOnlySource: source,
  }).transcript;
  return [a, b];
}

function compute() {
  const { transcripts, details } = computeHands();
  return {
    algorithm: 'fairdeal-v2',
    about:
      'Test vectors of fairdeal-v2 (docs/FAIR.md). Hex is lowercase. presets: options as given -> canonical options, canonical deck and the route of the unshuffled deck. transcripts: one chain of complete hands, one per preset; details: their roster hash, deck-key message and key. extras: single transcripts at the edges.',
    presets: presetCases(),
    transcripts,
    details,
    extras: computeExtras(),
  };
}

if (process.env.UPDATE_VECTORS === '1') {
  writeFileSync(FILE, `${JSON.stringify(compute(), null, 1)}\n`);
}
const vectors = JSON.parse(readFileSync(FILE, 'utf8'));

test('v2 vectors: every preset is pinned with its canonical options, deck and route', () => {
  const now = presetCases();
  assert.deepEqual(now, vectors.presets);
  for (const name of PRESET_NAMES) {
    assert.ok(
      vectors.presets.some((p: { preset: string }) => p.preset === name),
      `preset ${name} has a vector`,
    );
  }
  assert.deepEqual(
    new Set(vectors.transcripts.map((t: FairTranscript) => t.preset)),
    new Set(PRESET_NAMES),
    'the chain holds one hand of every preset',
  );
});

test('v2 vectors: the chain and the extras are value-stable and verify', () => {
  const now = compute();
  assert.deepEqual(now.transcripts, vectors.transcripts);
  assert.deepEqual(now.details, vectors.details);
  assert.deepEqual(now.extras, vectors.extras);
  assert.deepEqual(verifyChain(vectors.transcripts), { ok: true });
  for (const t of vectors.extras) assert.equal(verify(t).ok, true);
  const fairness = vectors.transcripts.map((t: FairTranscript) => {
    const r = verify(t);
    return r.ok ? r.verdict.fairness : 'failed';
  });
  assert.equal(fairness[4], 'dealer-alone', 'big-two: no client seed');
  assert.equal(fairness[0], 'players-contributed');
  const shengji = verify(vectors.transcripts[2]);
  assert.ok(shengji.ok && shengji.verdict.missing.join() === 's');
});

function python(t: { skip: (why: string) => void }): boolean {
  if (spawnSync('python3', ['--version']).error !== undefined) {
    if (process.env.CI === 'true') assert.fail('python3 is missing under CI=true');
    t.skip('python3 not found: the independent verifier was not run');
    return false;
  }
  return true;
}

test('v2 vectors: the independent Python verifier reproduces every vector', (t) => {
  if (!python(t)) return;
  const run = spawnSync('python3', [TOOL, FILE], { encoding: 'utf8', timeout: 120_000 });
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  assert.match(run.stdout, /all \d+ checks passed/);
});

test('the Python verifier checks fresh v2 transcripts (secure seeds) and rejects tampering', (t) => {
  if (!python(t)) return;
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-py-'));
  const one = fairDeal('holdem', {
    table: 'py',
    hand: 1,
    options: { seats: 5 },
    clientSeed: 'é 🂡',
  });
  const two = fairDeal('blackjack', {
    table: 'py',
    hand: 2,
    prev: one.transcript.hash,
    options: { decks: 3, penetration: 0.6 },
  });
  writeFileSync(join(dir, 'one.json'), JSON.stringify(one.transcript));
  writeFileSync(join(dir, 'two.json'), JSON.stringify(two.transcript));
  const good = spawnSync(
    'python3',
    [TOOL, '--transcript', join(dir, 'one.json'), join(dir, 'two.json')],
    {
      encoding: 'utf8',
    },
  );
  // §V3.9: a chain exits with its least proven hand, here hand 2 (no client seed: exit 3)
  assert.equal(good.status, 3, good.stdout + good.stderr);
  assert.match(good.stdout, /ONE PARTY ONLY .*one\.json/, 'hand 1 had one client seed');
  assert.match(good.stdout, /DEALER ALONE .*two\.json/, 'hand 2 had no client seed');
  assert.match(good.stdout, /CHAIN OK/);
  const bad = structuredClone(two.transcript) as unknown as { cards: { to: string }[] };
  bad.cards[0]!.to = 'hand:0';
  writeFileSync(join(dir, 'bad.json'), JSON.stringify(bad));
  const run = spawnSync('python3', [TOOL, '--transcript', join(dir, 'bad.json')], {
    encoding: 'utf8',
  });
  assert.equal(run.status, 1);
  assert.match(run.stdout, /FAIL .*destination/);
  // The --json output of `deal --fair` is read as is, its transcript held to its commitment.
  const wrapped = { commitment: one.commitment, deal: {}, transcript: one.transcript };
  writeFileSync(join(dir, 'wrapped.json'), JSON.stringify(wrapped));
  writeFileSync(
    join(dir, 'wrong.json'),
    JSON.stringify({ ...wrapped, commitment: two.commitment }),
  );
  const py = (f: string) =>
    spawnSync('python3', [TOOL, '--transcript', join(dir, f)], { encoding: 'utf8' });
  assert.equal(py('wrapped.json').status, 4, 'one party only');
  assert.equal(py('wrong.json').status, 1);
});
