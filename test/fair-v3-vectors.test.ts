// The published test vectors of fairdeal-v3 (test/vectors/fair-v3.json, docs/FAIR.md §V3.11).
// Value-stability snapshots: generated once by this file (UPDATE_VECTORS=1), then pinned, so any
// change to the header, a message, a signature, the key, the shuffle or the hash fails here.
// Every key is derived from a label and Ed25519 signatures are deterministic (RFC 8032 §5.1.6),
// so the file is reproducible byte for byte. The independent Python verifier
// (tools/verify-fair.py, written from docs/FAIR.md) verifies every record, signatures included
// (with pyca/cryptography: the Python standard library has no Ed25519), recomputes every
// signature from the published private keys, and checks the announcements, rosters, receipts and
// the chain; the last test runs it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  type AnyRecordV3,
  canonicalFairOptions,
  commitAsSeat,
  dealerSigner,
  ed25519PublicKey,
  ed25519Sign,
  ed25519SignAsync,
  ed25519Verify,
  ed25519VerifyAsync,
  revealAsSeat,
  type SeatKeyPair,
  SignedRound,
  verify,
  verifyAsync,
  verifyChain,
} from '../src/fair/index.ts';
import { PRESET_NAMES } from '../src/games/index.ts';
import { chacha20 } from '../src/random/chacha20.ts';
import { sha256 } from '../src/random/sha256.ts';

const FILE = fileURLToPath(new URL('./vectors/fair-v3.json', import.meta.url));
const TOOL = fileURLToPath(new URL('../tools/verify-fair.py', import.meta.url));
const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
const unhex = (s: string) => Uint8Array.from(s.match(/../g) ?? [], (h) => Number.parseInt(h, 16));
const label = (s: string) => sha256(new TextEncoder().encode(s));

const NAMES = ['alice', 'bob', '春', 'dave', 'erin', 'Zoë', 'grace', 'heidi', 'ivan', 'judy'];
const TABLE = 'vector-table-v3';
const dealerSeed = label('fairdeal-v3 vector dealer');
const dealer = dealerSigner(dealerSeed);
const seatKey = (k: number): SeatKeyPair => {
  const privateKey = label(`fairdeal-v3 vector seat ${k}`);
  return { privateKey: hex(privateKey), publicKey: hex(ed25519PublicKey(privateKey)) };
};

// RFC 8032 §7.1, TEST 1 and TEST 2: anchors the platform's Ed25519 to the standard.
const RFC8032 = [
  {
    secret: '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60',
    public: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    message: '',
    signature:
      'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
  },
  {
    secret: '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb',
    public: '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
    message: '72',
    signature:
      '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
  },
];

interface Plan {
  preset: string;
  mode?: 'practice';
  /** Seats that never commit (void before the roster) or never reveal (void after it). */
  withholdCommit?: number[];
  withholdReveal?: number[];
  kick?: number[];
}

const PLANS: Plan[] = [
  ...PRESET_NAMES.map((preset) => ({ preset })),
  { preset: 'doudizhu', withholdCommit: [1] },
  { preset: 'doudizhu', withholdReveal: [0, 2] },
  { preset: 'doudizhu', kick: [2] },
  { preset: 'doudizhu', mode: 'practice' },
];

/** Plays one hand by the plan; times advance by a second per step from `t0`. */
async function play(plan: Plan, hand: number, prev: string | null, t0: number) {
  const options = canonicalFairOptions(plan.preset, {});
  const seats = Array.from({ length: options.seats as number }, (_, k) => ({
    player: NAMES[k]!,
    key: plan.mode === 'practice' ? null : seatKey(k).publicKey,
  }));
  let at = t0;
  const tick = () => {
    at += 1000;
    return at;
  };
  const round = SignedRound.open({
    ...(plan.mode === undefined ? {} : { mode: plan.mode }),
    table: TABLE,
    hand,
    prev,
    preset: plan.preset,
    options,
    seats,
    dealer,
    at,
    testOnlyServerSeed: label(`fairdeal-v3 vector server seed ${hand}`),
  });
  const detail: Record<string, unknown> = { announcement: round.announcement, receipts: [] };
  const receipts = detail.receipts as unknown[];
  if (plan.mode === 'practice') {
    return { record: round.deal().transcript as AnyRecordV3, detail };
  }
  const a = round.announcement;
  const mine = [];
  for (let k = 0; k < seats.length; k++) {
    const c = await commitAsSeat(
      a,
      k,
      `seed ${k} of hand ${hand}`,
      seatKey(k),
      chacha20(`salt ${hand}/${k}`),
    );
    mine.push(c);
    if (plan.withholdCommit?.includes(k)) continue;
    receipts.push(round.commit(k, c, tick()));
  }
  if (plan.withholdCommit !== undefined) {
    return { record: round.voidHand({ reason: 'withheld', at: tick() }), detail };
  }
  const roster = round.closeRoster(tick());
  detail.roster = roster;
  for (let k = 0; k < seats.length; k++) {
    if (plan.withholdReveal?.includes(k)) continue;
    receipts.push(round.reveal(k, await revealAsSeat(mine[k]!, roster, seatKey(k)), tick()));
  }
  if (plan.withholdReveal !== undefined) {
    return { record: round.voidHand({ reason: 'withheld', at: tick() }), detail };
  }
  if (plan.kick !== undefined) {
    return {
      record: round.voidHand({ reason: 'kicked', seats: plan.kick, at: tick() }),
      detail,
    };
  }
  return { record: round.deal().transcript as AnyRecordV3, detail };
}

async function build() {
  const transcripts: AnyRecordV3[] = [];
  const details: unknown[] = [];
  let prev: string | null = null;
  for (const [i, plan] of PLANS.entries()) {
    const { record, detail } = await play(plan, i + 1, prev, 1_767_225_600_000 + i * 600_000);
    transcripts.push(record);
    details.push(detail);
    prev = record.hash;
  }
  return {
    about:
      'fairdeal-v3 test vectors (docs/FAIR.md §V3.11): every key is SHA-256 of its label, every signature is deterministic Ed25519 (RFC 8032).',
    ed25519: RFC8032,
    dealer: {
      label: 'fairdeal-v3 vector dealer',
      privateKey: hex(dealerSeed),
      publicKey: dealer.publicKey,
    },
    seats: NAMES.map((player, k) => ({
      player,
      label: `fairdeal-v3 vector seat ${k}`,
      ...seatKey(k),
    })),
    transcripts,
    details,
  };
}

test('the platform Ed25519 matches RFC 8032 §7.1, synchronously and with Web Crypto', async () => {
  for (const v of RFC8032) {
    const secret = unhex(v.secret);
    assert.equal(hex(ed25519PublicKey(secret)), v.public);
    assert.equal(hex(ed25519Sign(secret, unhex(v.message))), v.signature);
    assert.equal(hex(await ed25519SignAsync(secret, unhex(v.message))), v.signature);
    assert.equal(ed25519Verify(unhex(v.public), unhex(v.message), unhex(v.signature)), true);
    assert.equal(
      await ed25519VerifyAsync(unhex(v.public), unhex(v.message), unhex(v.signature)),
      true,
    );
    const flipped = unhex(v.signature);
    flipped[0]! ^= 1;
    assert.equal(ed25519Verify(unhex(v.public), unhex(v.message), flipped), false);
    assert.equal(await ed25519VerifyAsync(unhex(v.public), unhex(v.message), flipped), false);
  }
});

test('the v3 vectors are pinned (UPDATE_VECTORS=1 rewrites them)', async () => {
  const built = JSON.parse(JSON.stringify(await build()));
  if (process.env.UPDATE_VECTORS === '1')
    writeFileSync(FILE, `${JSON.stringify(built, null, 2)}\n`);
  assert.deepEqual(JSON.parse(readFileSync(FILE, 'utf8')), built);
});

test('every v3 vector verifies, sync and async, with its verdict; the whole chain links', async () => {
  const v = JSON.parse(readFileSync(FILE, 'utf8'));
  const counts: Record<string, number> = {};
  for (const t of v.transcripts) {
    const r = verify(JSON.stringify(t), { dealer: v.dealer.publicKey });
    assert.ok(r.ok, `${t.hand}: ${JSON.stringify(!r.ok && r.problems)}`);
    assert.deepEqual(
      await verifyAsync(t, { dealer: v.dealer.publicKey }),
      verify(t, { dealer: v.dealer.publicKey }),
    );
    counts[r.verdict.fairness] = (counts[r.verdict.fairness] ?? 0) + 1;
  }
  assert.deepEqual(counts, { 'proven-fair': PRESET_NAMES.length, void: 3, practice: 1 });
  assert.deepEqual(verifyChain(v.transcripts), { ok: true });
});

test('tools/verify-fair.py recomputes the v3 vectors from the spec', {
  skip: spawnSync('python3', ['--version']).status !== 0 && process.env.CI !== 'true',
}, () => {
  const r = spawnSync('python3', [TOOL, '--vectors', FILE], { encoding: 'utf8' });
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
});
