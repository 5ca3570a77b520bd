// tools/verify-fair.py --transcript says what `fairdeal verify` says (docs/FAIR.md §V3.9): the
// same headline, detail and seats lines, the same chain line and verdict line, the same exit
// status — for every vector hand of v1, v2 and v3, each vector chain, a chain passing from v2 to
// v3, a single-seat v3 hand and a chain of void records only. And without pyca/cryptography it
// refuses v3 (exit 1, saying why) instead of calling anything verified, while v1 and v2 still
// verify with the standard library alone. python3 is required under CI=true; elsewhere the tests
// report themselves skipped when python3 is missing.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestContext, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { main } from '../src/cli/main.ts';
import {
  type AnyRecordV3,
  canonicalFairOptions,
  commitAsSeat,
  commitClientSeed,
  dealerSigner,
  FairRound,
  revealAsSeat,
  SignedRound,
} from '../src/fair/index.ts';
import { fakeIo } from './support/fake-io.ts';

const TOOL = fileURLToPath(new URL('../tools/verify-fair.py', import.meta.url));
const vectors = (name: string) =>
  JSON.parse(readFileSync(new URL(`./vectors/${name}`, import.meta.url), 'utf8'));
const V1 = vectors('fair-v1.json');
const V2 = vectors('fair-v2.json');
const V3 = vectors('fair-v3.json');
const unhex = (s: string) => Uint8Array.from(s.match(/../g) ?? [], (h) => Number.parseInt(h, 16));

function hasPython(t: TestContext): boolean {
  if (spawnSync('python3', ['--version']).error === undefined) return true;
  if (process.env.CI === 'true') assert.fail('python3 is missing under CI=true');
  t.skip('python3 not found: the independent verifier was not run');
  return false;
}

/** A v3 hand dealt by SignedRound among the vectors' seat keys. */
async function v3Hand(opts: {
  table: string;
  hand: number;
  prev: string | null;
  preset: string;
  seats?: number;
  /** Player ids in place of the vectors' (e.g. the house's bots, `house-bot-N`). */
  players?: readonly string[];
}): Promise<AnyRecordV3> {
  const options = canonicalFairOptions(
    opts.preset,
    opts.seats === undefined ? {} : { seats: opts.seats },
  );
  const keys = V3.seats.slice(0, options.seats as number);
  const round = SignedRound.open({
    table: opts.table,
    hand: opts.hand,
    prev: opts.prev,
    preset: opts.preset,
    options,
    seats: keys.map((s: { player: string; publicKey: string }, k: number) => ({
      player: opts.players?.[k] ?? s.player,
      key: s.publicKey,
    })),
    dealer: dealerSigner(unhex(V3.dealer.privateKey)),
    at: 1_767_225_600_000,
  });
  const mine = [];
  for (const [k, key] of keys.entries()) {
    const c = await commitAsSeat(round.announcement, k, `seed ${k}`, key);
    mine.push(c);
    round.commit(k, c, 1_767_225_601_000 + k);
  }
  const roster = round.closeRoster(1_767_225_602_000);
  for (const [k, key] of keys.entries())
    round.reveal(k, await revealAsSeat(mine[k]!, roster, key), 1_767_225_603_000 + k);
  return round.deal().transcript as AnyRecordV3;
}

test('verify-fair.py --transcript prints and exits as fairdeal verify does', async (t) => {
  if (!hasPython(t)) return;
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-py-cli-'));
  try {
    const files: Record<string, string[]> = {};
    const put = (group: string, name: string, value: unknown) => {
      writeFileSync(join(dir, name), JSON.stringify(value));
      files[group] = [...(files[group] ?? []), name];
    };
    for (const [label, v] of [
      ['v1', V1],
      ['v2', V2],
      ['v3', V3],
    ] as const) {
      for (const [i, tr] of v.transcripts.entries()) put(label, `${label}-${i}.json`, tr);
    }
    const lastV2 = V2.transcripts.at(-1);
    const mixed = await v3Hand({
      table: lastV2.table,
      hand: lastV2.hand + 1,
      prev: lastV2.hash,
      preset: 'holdem',
    });
    put('v2 to v3', `v2-${V2.transcripts.length - 1}.json`, lastV2);
    put('v2 to v3', 'mixed.json', mixed);
    put(
      'single seat',
      'one-seat.json',
      await v3Hand({ table: 't', hand: 1, prev: null, preset: 'custom', seats: 1 }),
    );
    const voids = V3.transcripts.filter((r: AnyRecordV3) => r.kind === 'void').slice(0, 2);
    put('voids only', 'void-a.json', voids[0]);
    put('voids only', 'void-b.json', voids[1]);
    const runs: string[][] = [
      ...Object.values(files).flatMap((names) => names.map((n) => [n])),
      files.v1!,
      files.v2!,
      files.v3!,
      files['v2 to v3']!,
      files['voids only']!,
    ];
    const statuses = new Set<number>();
    for (const run of runs) {
      const io = fakeIo(dir);
      const tsStatus = await main(['verify', ...run], io);
      const py = spawnSync('python3', [TOOL, '--transcript', ...run], {
        cwd: dir,
        encoding: 'utf8',
      });
      assert.equal(py.stderr, '', run.join(' '));
      assert.equal(py.stdout, io.stdout, run.join(' '));
      assert.equal(py.status, tsStatus, run.join(' '));
      statuses.add(tsStatus);
    }
    // every exit status of §V3.9 but failure is exercised: 0, 3, 4, 5 and 6
    assert.deepEqual([...statuses].sort(), [0, 3, 4, 5, 6]);
    // a broken chain fails in both, with the same last line
    const broken = [files.v3![0]!, files.v3![2]!];
    const io = fakeIo(dir);
    assert.equal(await main(['verify', ...broken], io), 1);
    const py = spawnSync('python3', [TOOL, '--transcript', ...broken], {
      cwd: dir,
      encoding: 'utf8',
    });
    assert.equal(py.status, 1);
    assert.match(py.stdout, /FAIL chain .*does not follow/);
    assert.equal(py.stdout.trimEnd().split('\n').at(-1), 'verdict: NOT verified');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('verify-fair.py says what fairdeal verify says of the house’s bot seats: named when some seats are the house’s, never proven fair when every seat is', async (t) => {
  if (!hasPython(t)) return;
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-py-house-'));
  try {
    const hands: [string, string[], RegExp][] = [
      ['one.json', ['alice', 'house-bot-1', 'carol'], /seat 2 is the house's bot/],
      ['two.json', ['alice', 'house-bot-1', 'house-bot-2'], /seats 2 and 3 are the house's bots/],
      ['all.json', ['house-bot-0', 'house-bot-1', 'house-bot-2'], /^HOUSE ALONE/],
    ];
    for (const [name, players] of hands) {
      const record = await v3Hand({
        table: name,
        hand: 1,
        prev: null,
        preset: 'doudizhu',
        players,
      });
      writeFileSync(join(dir, name), JSON.stringify(record));
    }
    for (const [name, , words] of hands) {
      const io = fakeIo(dir);
      const tsStatus = await main(['verify', name], io);
      const py = spawnSync('python3', [TOOL, '--transcript', name], { cwd: dir, encoding: 'utf8' });
      assert.equal(py.stderr, '', name);
      assert.equal(py.stdout, io.stdout, name);
      assert.equal(py.status, tsStatus, name);
      assert.match(io.stdout, words);
      assert.equal(tsStatus, name === 'all.json' ? 3 : 0);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('verify-fair.py: one revealed seed among four committed players is one party only (§V3.9)', (t) => {
  if (!hasPython(t)) return;
  // The dealer may record any subset of an unsigned v2 roster as missing; with a single seed left
  // the deck rests on that one party, who may be the dealer itself.
  const round = FairRound.open({ table: 'fz', hand: 1, preset: 'bridge', seating: 'roster' });
  const cs = ['N', 'E', 'S', 'W'].map((p) => commitClientSeed(round.announcement, p, p));
  for (const c of cs) round.commit(c.player, c.commitment);
  round.closeRoster();
  round.reveal(cs[0]!.player, cs[0]!.seed, cs[0]!.salt);
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-py-cli-'));
  try {
    writeFileSync(
      join(dir, 'one.json'),
      JSON.stringify(round.deal({ allowMissing: true }).transcript),
    );
    const py = spawnSync('python3', [TOOL, '--transcript', 'one.json'], {
      cwd: dir,
      encoding: 'utf8',
    });
    assert.equal(py.status, 4, py.stdout + py.stderr);
    assert.match(py.stdout, /^ONE PARTY ONLY one\.json: .*\n.*never revealed: E, S, W\n/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without pyca/cryptography, verify-fair.py refuses v3 (exit 1) and still verifies v1 and v2', (t) => {
  if (!hasPython(t)) return;
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-py-noed-'));
  try {
    // a `cryptography` package that cannot be imported shadows the installed one
    mkdirSync(join(dir, 'cryptography'));
    writeFileSync(
      join(dir, 'cryptography', '__init__.py'),
      'raise ImportError("hidden by the test")\n',
    );
    const env = { ...process.env, PYTHONPATH: dir };
    writeFileSync(join(dir, 'v3.json'), JSON.stringify(V3.transcripts[0]));
    writeFileSync(join(dir, 'v2.json'), JSON.stringify(V2.transcripts[0]));
    writeFileSync(join(dir, 'corpus.json'), JSON.stringify([JSON.stringify(V3.transcripts[0])]));
    const py = (...args: string[]) =>
      spawnSync('python3', [TOOL, ...args], { cwd: dir, env, encoding: 'utf8' });
    for (const args of [
      ['--transcript', 'v3.json'],
      ['--transcript', 'v2.json', 'v3.json'],
      ['--verdicts', 'corpus.json'],
      ['--corpus', 'corpus.json'],
      ['--vectors', fileURLToPath(new URL('./vectors/fair-v3.json', import.meta.url))],
      [],
    ]) {
      const run = py(...args);
      assert.equal(run.status, 1, `${args.join(' ')}: ${run.stdout}${run.stderr}`);
      assert.match(run.stderr, /Ed25519 .*install pyca\/cryptography.*Nothing was verified/s);
      assert.doesNotMatch(run.stdout, /PROVEN FAIR|checks passed|\btrue\b|proven-fair/);
    }
    const v2 = py('--transcript', 'v2.json');
    assert.equal(v2.status, 6, v2.stdout + v2.stderr);
    const vec = py('--vectors', fileURLToPath(new URL('./vectors/fair-v2.json', import.meta.url)));
    assert.equal(vec.status, 0, vec.stdout + vec.stderr);
    assert.match(vec.stdout, /all \d+ checks passed/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
