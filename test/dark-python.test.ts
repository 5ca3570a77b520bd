// tools/verify-dark.py (Python over libsodium, written from docs/DARK.md) reproduces the dark
// vectors and gives the library's verdict — the same code and the same seat blamed — on an
// honest hand, a void one and tampered ones. python3 and libsodium are required under CI=true
// (.ci/run installs libsodium23); elsewhere the tests report themselves skipped without them.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestContext, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { type DarkTranscript, verifyDarkTranscript } from '../src/dark/index.ts';
import type { FairdealError } from '../src/errors.ts';
import { copy, darkHand } from './support/dark-hand.ts';

const TOOL = fileURLToPath(new URL('../tools/verify-dark.py', import.meta.url));
const VECTORS = fileURLToPath(new URL('./vectors/dark-v1.json', import.meta.url));

function canRun(t: TestContext): boolean {
  const probe = spawnSync('python3', [
    '-c',
    'import ctypes, ctypes.util; ctypes.CDLL(ctypes.util.find_library("sodium") or "libsodium.so.23")',
  ]);
  if (probe.error === undefined && probe.status === 0) return true;
  if (process.env.CI === 'true') assert.fail('python3 with libsodium is missing under CI=true');
  t.skip('python3 or libsodium not found: the independent dark verifier was not run');
  return false;
}

const python = (...args: string[]) => spawnSync('python3', [TOOL, ...args], { encoding: 'utf8' });

test('verify-dark.py reproduces every dark vector from docs/DARK.md alone', (t) => {
  if (!canRun(t)) return;
  const r = python('--vectors', VECTORS);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /^ok: 54 card elements/);
});

test('verify-dark.py and the library agree on honest, void and tampered hands, seat by seat', async (t) => {
  if (!canRun(t)) return;
  const { transcript } = await darkHand({ label: 'python', plays: 2 });
  const cases: [string, (t: DarkTranscript) => void][] = [
    ['honest', () => {}],
    [
      'swapped ciphertexts',
      (x) => {
        const d = x.steps[1]!.deck as [string, string][];
        [d[3], d[4]] = [d[4]!, d[3]!];
      },
    ],
    [
      'wrong share',
      (x) => {
        (x.shares[7] as { share: string }).share = x.shares[8]!.share;
      },
    ],
    [
      'share as another seat',
      (x) => {
        const s = x.shares.find((s) => s.seat === 2 && s.position === 0)!;
        const i = x.shares.findIndex((s) => s.seat === 1 && s.position === 0);
        (x.shares as object[])[i] = { ...s, seat: 1 };
      },
    ],
    [
      'other seed',
      (x) => {
        (x.reveals[2] as { seed: string }).seed = 'ab'.repeat(32);
      },
    ],
    [
      'rogue key',
      (x) => {
        (x.keys[2] as { key: string }).key = x.keys[1]!.key;
      },
    ],
    [
      'bad play',
      (x) => {
        (x.plays[1] as { card: string }).card = x.plays[0]!.card;
      },
    ],
    [
      'own unplayed share',
      (x) => {
        (x.plays as unknown[]).splice(0, 1);
      },
    ],
    [
      'void',
      (x) => {
        const y = x as { -readonly [K in keyof DarkTranscript]: DarkTranscript[K] };
        y.shares = x.shares.filter(
          (s) => s.seat !== 2 && s.position < 51 && s.position % 3 !== s.seat,
        );
        y.plays = [];
        y.kittyTo = null;
        y.reveals = x.reveals.slice(0, 1);
        y.void = { seat: 2, stage: 'share' };
      },
    ],
  ];
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-dark-'));
  for (const [name, tamper] of cases) {
    const x = copy(transcript);
    tamper(x);
    const file = join(dir, `${name.replaceAll(' ', '-')}.json`);
    writeFileSync(file, JSON.stringify(x));
    let expected: string;
    try {
      const verdict = await verifyDarkTranscript(x);
      expected = verdict.status === 'verified' ? 'VERIFIED' : `VOID (seat ${verdict.void?.seat}`;
    } catch (e) {
      const error = e as FairdealError;
      expected = `NOT VERIFIED ${error.code} (seat ${error.detail?.seat})`;
    }
    const r = python(file);
    assert.ok(
      r.stdout.includes(expected),
      `${name}: library says ${expected}; Python says ${r.stdout}${r.stderr}`,
    );
    assert.equal(r.status, expected.startsWith('NOT') ? 1 : 0, name);
  }
});
