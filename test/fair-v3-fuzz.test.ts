// Both verifiers, one corpus, fairdeal-v3 (docs/FAIR.md §V3.7–V3.9): the library's verify and the
// independent Python verifier (tools/verify-fair.py, written from the spec alone) must give the
// same verdict — refused, or the same `fairness` — on every text: the vector records, fresh records
// of every shape (dealt among 1–10 keyed seats, practice, voided while committing or revealing,
// kicked), harmless re-spellings, and forgeries. Most forgeries are re-sealed by a dealer who holds
// the dealer key (new hash, new signature) so that they reach the step of §V3.8 they attack instead
// of failing at the hash; each one is asserted refused. python3 (with pyca/cryptography) is
// required under CI=true; elsewhere the test reports itself skipped when python3 is missing.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  type AnyRecordV3,
  canonicalFairOptions,
  commitAsSeat,
  dealerSigner,
  ed25519Sign,
  recordHashV3,
  revealAsSeat,
  type SeatKeyPair,
  SignedRound,
  verify,
} from '../src/fair/index.ts';
import { PRESET_NAMES } from '../src/games/index.ts';
import { chacha20 } from '../src/random/chacha20.ts';
import { sha256 } from '../src/random/sha256.ts';

const TOOL = fileURLToPath(new URL('../tools/verify-fair.py', import.meta.url));
const V3 = JSON.parse(readFileSync(new URL('./vectors/fair-v3.json', import.meta.url), 'utf8'));
const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
const unhex = (s: string) => Uint8Array.from(s.match(/../g) ?? [], (h) => Number.parseInt(h, 16));

const rng = chacha20('fairdeal-v3 fuzz corpus');
const below = (n: number) => rng.nextUint32() % n; // tiny modulo bias is harmless for a corpus
const pick = <T>(xs: readonly T[]): T => xs[below(xs.length)]!;

const DEALER_PRIVATE = unhex(V3.dealer.privateKey);
const dealer = dealerSigner(DEALER_PRIVATE);
const seatKey = (k: number): SeatKeyPair => ({
  privateKey: V3.seats[k].privateKey,
  publicKey: V3.seats[k].publicKey,
});
// biome-ignore lint/suspicious/noExplicitAny: records are mutated freely, field by field
type Rec = any;

// The forger's own encoder (docs/FAIR.md §3, §V3.4, §V3.6), enough to re-seal a record and to
// re-bind a changed header to a new C_s — what a dealer holding the server seed can do.
const cat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const u8 = (v: number) => Uint8Array.of(v);
const u32 = (v: number) => {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, v);
  return out;
};
const u64 = (v: number) => {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt(v));
  return out;
};
const field = (b: Uint8Array) => cat(u32(b.length), b);
const str = (s: string) => field(new TextEncoder().encode(s));

function optionsBytes(options: Record<string, unknown>): Uint8Array {
  const keys = Object.keys(options).sort(); // option names are ASCII: code units = UTF-8 bytes
  return cat(
    u32(keys.length),
    ...keys.map((k) => {
      const v = options[k];
      if (typeof v === 'boolean') return cat(str(k), u8(0x62), u8(v ? 1 : 0));
      if (typeof v === 'string') return cat(str(k), u8(0x73), str(v));
      if (Number.isInteger(v)) return cat(str(k), u8(0x69), str(String(v)));
      const f = new Uint8Array(8);
      new DataView(f.buffer).setFloat64(0, v as number);
      return cat(str(k), u8(0x66), f);
    }),
  );
}

function headerV3(t: Rec): Uint8Array {
  return cat(
    str('fairdeal-v3'),
    str(t.mode),
    str(t.table),
    u64(t.hand),
    field(t.prev === null ? new Uint8Array(0) : unhex(t.prev)),
    str(t.preset),
    optionsBytes(t.options),
    field(unhex(t.dealer)),
    u32(t.seats.length),
    ...t.seats.map((s: Rec) =>
      cat(str(s.player), field(s.key === null ? new Uint8Array(0) : unhex(s.key))),
    ),
  );
}

/** The cheating dealer re-seals what it altered: the hash of the new content, signed with its key. */
function reseal(t: Rec): Rec {
  const hash = recordHashV3(t);
  const message = cat(str('fairdeal-v3/sign/transcript'), field(hash));
  return { ...t, hash: hex(hash), signature: hex(ed25519Sign(DEALER_PRIVATE, message)) };
}

/** … and, having changed the header, commits to it again from the same server seed. */
function rebind(t: Rec): Rec {
  const seed = unhex(t.server.seed);
  const cs = sha256(cat(str('fairdeal-v3/commit/server'), headerV3(t), field(seed)));
  return reseal({ ...t, server: { ...t.server, commitment: hex(cs) } });
}

interface Plan {
  preset: string;
  seats?: number | undefined;
  mode?: 'practice';
  keyedPractice?: boolean;
  withholdCommit?: number[];
  withholdReveal?: number[];
  kick?: { seats: number[]; after: 'announce' | 'commits' | 'reveals' };
}

/** One hand played by the plan through SignedRound (the library as a black box), times rising. */
async function play(plan: Plan, hand: number): Promise<AnyRecordV3> {
  const options = canonicalFairOptions(
    plan.preset,
    plan.seats === undefined ? {} : { seats: plan.seats },
  );
  const n = options.seats as number;
  const keyed = plan.mode !== 'practice' || plan.keyedPractice === true;
  const seats = Array.from({ length: n }, (_, k) => ({
    player: V3.seats[k].player as string,
    key: keyed ? seatKey(k).publicKey : null,
  }));
  let at = 1_767_225_600_000 + below(1000) * 1000;
  const round = SignedRound.open({
    ...(plan.mode === undefined ? {} : { mode: plan.mode }),
    table: 'fuzz-v3',
    hand,
    prev: null,
    preset: plan.preset,
    options,
    seats,
    dealer,
    at,
  });
  const tick = () => (at += 1 + below(5000));
  if (plan.kick?.after === 'announce')
    return round.voidHand({ reason: 'kicked', ...plan.kick, at: tick() });
  if (plan.mode === 'practice') return round.deal().transcript as AnyRecordV3;
  const mine = [];
  for (let k = 0; k < n; k++) {
    const c = await commitAsSeat(round.announcement, k, `seed ${below(1e6)} ✓`, seatKey(k));
    mine.push(c);
    if (!plan.withholdCommit?.includes(k)) round.commit(k, c, tick());
  }
  if (plan.withholdCommit !== undefined) return round.voidHand({ reason: 'withheld', at: tick() });
  if (plan.kick?.after === 'commits')
    return round.voidHand({ reason: 'kicked', ...plan.kick, at: tick() });
  const roster = round.closeRoster(tick());
  for (let k = 0; k < n; k++) {
    if (!plan.withholdReveal?.includes(k))
      round.reveal(k, await revealAsSeat(mine[k]!, roster, seatKey(k)), tick());
  }
  if (plan.withholdReveal !== undefined) return round.voidHand({ reason: 'withheld', at: tick() });
  if (plan.kick !== undefined)
    return round.voidHand({ reason: 'kicked', ...plan.kick, at: tick() });
  return round.deal().transcript as AnyRecordV3;
}

const SEAT_CHOICES: Record<string, readonly number[]> = {
  holdem: [2, 3, 6, 10],
  omaha: [2, 5],
  blackjack: [2, 8],
  hearts: [3, 5],
  'big-two': [3],
  rummy: [2, 6],
  custom: [1, 2, 7],
};

async function genuine(): Promise<Rec[]> {
  const plans: Plan[] = [
    ...PRESET_NAMES.map((preset) => ({ preset, seats: pick(SEAT_CHOICES[preset] ?? [undefined]) })),
    { preset: 'custom', seats: 1 }, // single-seat
    { preset: 'holdem', mode: 'practice' },
    { preset: 'bridge', mode: 'practice', keyedPractice: true },
    { preset: 'doudizhu', mode: 'practice', kick: { seats: [1], after: 'announce' } },
    { preset: 'holdem', seats: 4, withholdCommit: [0, 3] },
    { preset: 'spades', withholdReveal: [2] },
    { preset: 'skat', kick: { seats: [0], after: 'announce' } },
    { preset: 'euchre', kick: { seats: [1, 3], after: 'commits' } },
    { preset: 'hearts', kick: { seats: [2], after: 'reveals' } },
  ];
  const out: Rec[] = [...V3.transcripts];
  for (const [i, plan] of plans.entries()) out.push(await play(plan, i + 1));
  return out;
}

const flipHex = (s: string, at = 0) =>
  s.slice(0, at) + (Number.parseInt(s[at]!, 16) ^ 1).toString(16) + s.slice(at + 1);
const clone = (t: Rec): Rec => structuredClone(t);

/** Named forgeries of one record: every one must be refused by both verifiers. */
function forgeries(t: Rec): { why: string; value: Rec | string }[] {
  const out: { why: string; value: Rec | string }[] = [];
  const add = (why: string, f: (x: Rec) => void, seal: 'reseal' | 'rebind' | 'raw' = 'reseal') => {
    const x = clone(t);
    f(x);
    const value = seal === 'raw' ? x : seal === 'rebind' ? rebind(x) : reseal(x);
    out.push({ why: `${why} (${t.kind} ${t.mode} ${t.preset})`, value });
  };
  const fair = t.mode === 'fair';
  const lastCommit = t.commits.findLastIndex((c: Rec) => c !== null);
  const lastReveal = t.reveals.findLastIndex((r: Rec) => r !== null);
  if (lastCommit >= 0) {
    add('a flipped commit signature byte', (x) => {
      x.commits[lastCommit].signature = flipHex(x.commits[lastCommit].signature, 2);
    });
    add('a commit moved before the announcement', (x) => {
      x.commits[lastCommit].at = x.server.at - 1;
    });
  }
  if (lastReveal >= 0) {
    add('a flipped reveal signature byte', (x) => {
      x.reveals[lastReveal].signature = flipHex(x.reveals[lastReveal].signature, 100);
    });
    add('a reveal moved before the roster', (x) => {
      x.reveals[lastReveal].at = x.roster.at - 1;
    });
    add('another seed for a revealed seat', (x) => {
      x.reveals[lastReveal].seed += '!';
    });
  }
  add(
    'a flipped record signature byte',
    (x) => {
      x.signature = flipHex(x.signature, 5);
    },
    'raw',
  );
  add(
    'a wrong hash',
    (x) => {
      x.hash = flipHex(x.hash, 63);
    },
    'raw',
  );
  // A header nobody signed and nothing was dealt from (a hand voided at its announcement) may be
  // rebound to any seats that keep the rules: that is another genuine record, not a forgery.
  const bindable =
    lastCommit >= 0 || t.kind === 'dealt' ? (['reseal', 'rebind'] as const) : (['reseal'] as const);
  if (t.seats.length >= 2 && t.seats[0].key !== null && t.seats[1].key !== null) {
    for (const seal of bindable) {
      add(
        `two seat keys swapped (${seal})`,
        (x) => {
          [x.seats[0].key, x.seats[1].key] = [x.seats[1].key, x.seats[0].key];
        },
        seal,
      );
    }
  }
  for (const seal of bindable) {
    add(
      `a seat added, keyed by the dealer (${seal})`,
      (x) => {
        x.seats.push({ player: 'mallory', key: seatKey(9).publicKey });
        x.options.seats += 1;
        if (fair) x.commits.push(x.commits.find((c: Rec) => c !== null) ?? null);
        if (x.roster !== null) x.reveals.push(x.reveals.find((r: Rec) => r !== null) ?? null);
      },
      seal,
    );
  }
  for (const seal of ['reseal', 'rebind'] as const) {
    // Records with no seat signature (voided at the announcement, practice) reach step 2 of §V3.8
    // only when rebound: then the key rules alone stand between the dealer and a seat of its own.
    add(
      `a seat holding the dealer's key (${seal})`,
      (x) => {
        x.seats[0].key = x.dealer;
      },
      seal,
    );
    if (t.seats.length >= 2) {
      add(
        `two seats sharing a key (${seal})`,
        (x) => {
          x.seats[1].key = x.seats[0].key ?? seatKey(0).publicKey;
          x.seats[0].key = x.seats[1].key;
        },
        seal,
      );
    }
    if (fair) {
      add(
        `a fair seat without a key (${seal})`,
        (x) => {
          x.seats[0].key = null;
        },
        seal,
      );
    }
  }
  if (t.roster !== null) {
    add('a roster hash changed', (x) => {
      x.roster.hash = flipHex(x.roster.hash, 10);
    });
    add('the roster closed before a commit', (x) => {
      x.roster.at = x.commits[lastCommit].at - 1;
    });
  }
  if (t.kind === 'dealt' && fair) {
    add('a dropped reveal in a dealt record', (x) => {
      x.reveals[x.reveals.length - 1] = null;
    });
    add('a dealt record relabelled practice', (x) => {
      x.mode = 'practice';
    });
    add('a dealt record relabelled void', (x) => {
      x.kind = 'void';
      delete x.cards;
      x.void = { reason: 'withheld', seats: [0], at: x.reveals.at(-1).at + 1 };
    });
    add('two cards swapped', (x) => {
      [x.cards[0], x.cards[1]] = [x.cards[1], x.cards[0]];
    });
  }
  if (t.kind === 'void') {
    if (t.void.reason === 'withheld') {
      // a kicked record may name any seat; a withheld one exactly the seats that are missing
      add('a withheld void naming a seat that did its part', (x) => {
        const done = x.seats.findIndex((_: Rec, k: number) => !x.void.seats.includes(k));
        x.void.seats = [...x.void.seats, done].sort();
      });
      add('a withheld void leaving a missing seat out', (x) => {
        x.void.seats = x.void.seats.length > 1 ? x.void.seats.slice(1) : [];
      });
    }
    add('a void record naming a seat that does not exist', (x) => {
      x.void.seats = [x.seats.length];
    });
    add('a void record naming nobody', (x) => {
      x.void.seats = [];
    });
    add('a void record dated before a step', (x) => {
      x.void.at = x.server.at - 1;
    });
    add('a void record with cards', (x) => {
      x.cards = [];
    });
  }
  if (t.mode === 'practice') {
    const donor = V3.transcripts[0]; // doudizhu, 3 seats, like the practice vectors
    add('a practice record with commits', (x) => {
      x.commits = donor.commits.slice(0, x.seats.length);
    });
    add('a practice record with a roster', (x) => {
      x.roster = { hash: donor.roster.hash, at: x.server.at };
    });
    if (t.seats.every((s: Rec) => s.key !== null)) {
      // signatures that verify: only the practice rule itself (§V3.8 step 4) refuses this one
      add('a practice record with commits its seats signed', (x) => {
        const cs = unhex(x.server.commitment);
        x.commits = x.seats.map((s: Rec, k: number) => {
          const ck = sha256(str(`not a commitment ${k}`));
          const message = cat(str('fairdeal-v3/sign/commit'), field(cs), u32(k), field(ck));
          const key = V3.seats.find((v: Rec) => v.publicKey === s.key).privateKey;
          return {
            commitment: hex(ck),
            signature: hex(ed25519Sign(unhex(key), message)),
            at: x.server.at,
          };
        });
      });
    }
  }
  add(
    'an unknown field',
    (x) => {
      x.winner = 'me';
    },
    'raw',
  );
  add('an unknown field in server', (x) => {
    x.server.note = 1;
  });
  add(
    'a missing field',
    (x) => {
      delete x[pick(['roster', 'reveals', 'commits', 'dealer', 'signature', 'mode', 'kind'])];
    },
    'raw',
  );
  add(
    'uppercase hex',
    (x) => {
      x.dealer = x.dealer.toUpperCase();
    },
    'raw',
  );
  add(
    'uppercase hex in server',
    (x) => {
      x.server.seed = x.server.seed.toUpperCase();
    },
    'raw',
  );
  add(
    'a time as a string',
    (x) => {
      x.server.at = String(x.server.at);
    },
    'raw',
  );
  add(
    'an unknown mode',
    (x) => {
      x.mode = 'fairish';
    },
    'raw',
  );
  return out;
}

function paths(v: unknown, at: (string | number)[] = [], out: (string | number)[][] = []) {
  if (v !== null && typeof v === 'object') {
    for (const k of Object.keys(v)) {
      const next = [...at, Array.isArray(v) ? Number(k) : k];
      out.push(next);
      if (!(at[at.length - 1] === 'cards' && Number(k) > 1))
        paths((v as Record<string, unknown>)[k], next, out);
    }
  }
  return out;
}

const REPLACEMENTS: readonly unknown[] = [
  null,
  0,
  -1,
  1.5,
  2 ** 53,
  'x',
  '',
  true,
  [],
  {},
  'a\u202eb',
  'e\u0301',
  '\ud800',
  'A'.repeat(64),
];

/** A random mutation of one field; resealed half of the time when it still hashes. */
function mutate(t: Rec): string {
  const x = clone(t);
  const p = pick(paths(x));
  let node = x;
  for (const k of p.slice(0, -1)) node = node[k];
  const last = p[p.length - 1]!;
  switch (below(5)) {
    case 0:
      if (Array.isArray(node)) node.splice(last as number, 1);
      else delete node[last];
      break;
    case 1:
      node[last] = pick(REPLACEMENTS);
      break;
    case 2:
      if (typeof node[last] === 'string') node[last] = node[last].toUpperCase();
      else node[last] = pick(REPLACEMENTS);
      break;
    case 3:
      if (typeof node[last] === 'number') node[last] += pick([-1, 1, 0.5]);
      else if (typeof node[last] === 'string') node[last] += pick(['0', ' ', '\u200b']);
      else node[last] = pick(REPLACEMENTS);
      break;
    default: {
      const text = JSON.stringify(x);
      const i = below(text.length);
      return text.slice(0, i) + pick(['0', 'a', '"', '}', ',', 'F', '\\']) + text.slice(i + 1);
    }
  }
  if (below(2) === 0) {
    try {
      return JSON.stringify(reseal(x));
    } catch {
      // a shape the hash cannot even encode: refused either way
    }
  }
  return JSON.stringify(x);
}

/** Spellings that do not change a record: both verifiers must still accept. */
function respell(t: Rec): string {
  switch (below(3)) {
    case 0:
      return JSON.stringify(t, null, 2).replace(/"at": (\d+)/, (_m, n) => `"at": ${n}.0`);
    case 1:
      return JSON.stringify(Object.fromEntries(Object.entries(t).reverse()));
    default:
      return ` \n${JSON.stringify(t, null, '\t')}\r\n`;
  }
}

/** Python's verdict on each text: the `fairness` of a verified one, false for a refused one. */
function python(texts: string[]): (string | false)[] {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-v3-fuzz-'));
  try {
    writeFileSync(join(dir, 'corpus.json'), JSON.stringify(texts));
    const run = spawnSync('python3', [TOOL, '--verdicts', join(dir, 'corpus.json')], {
      encoding: 'utf8',
      timeout: 300_000,
    });
    assert.equal(
      run.status,
      0,
      `python crashed, hung or lacks Ed25519: ${run.stderr.slice(-2000)}`,
    );
    return JSON.parse(run.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ts = (text: string): string | false => {
  const r = verify(text);
  return r.ok ? r.verdict.fairness : false;
};

test('verify and tools/verify-fair.py give the same verdict on every v3 text of a seeded corpus', async (t) => {
  if (spawnSync('python3', ['--version']).error !== undefined) {
    if (process.env.CI === 'true') assert.fail('python3 is missing under CI=true');
    t.skip('python3 not found: the independent verifier was not run');
    return;
  }
  const good = await genuine();
  const items: { why: string; text: string; forged?: boolean }[] = [];
  for (const g of good) {
    items.push({ why: 'genuine', text: JSON.stringify(g) });
    items.push({ why: 'respelled', text: respell(g) });
    for (const f of forgeries(g))
      items.push({ why: f.why, text: JSON.stringify(f.value), forged: true });
    for (let i = 0; i < 3; i++) items.push({ why: 'mutated', text: mutate(g) });
  }
  const py = python(items.map((i) => i.text));
  assert.equal(py.length, items.length);
  const mine = items.map((i) => ts(i.text));
  const disagreements = items
    .map((item, i) => ({ ...item, ts: mine[i], py: py[i] }))
    .filter((d) => d.ts !== d.py)
    .map((d) => `${d.why}: ts ${d.ts}, python ${d.py}: ${d.text.slice(0, 200)}`);
  assert.deepEqual(disagreements, []);
  // Every genuine record verifies, every forgery is refused — by both, since they agree.
  for (const [i, item] of items.entries()) {
    if (item.why === 'genuine' || item.why === 'respelled')
      assert.notEqual(mine[i], false, `${item.why} #${i} verifies`);
    if (item.forged === true) assert.equal(mine[i], false, `forgery accepted: ${item.why}`);
  }
  const verdicts = new Set(mine.filter((v) => v !== false));
  assert.deepEqual([...verdicts].sort(), ['practice', 'proven-fair', 'single-seat', 'void']);
  const forged = items.filter((i) => i.forged === true).length;
  t.diagnostic(`${items.length} texts, ${forged} named forgeries, all agreed`);
  assert.ok(forged >= 600, `only ${forged} forgeries`);
});
