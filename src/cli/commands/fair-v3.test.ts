import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { fakeIo } from '../../../test/support/fake-io.ts';
import { commitAsSeat, revealAsSeat, verify } from '../../fair/index.ts';
import { main } from '../main.ts';

// fairdeal-v3 from the command line, as its people use it: every file in a temporary folder,
// every step through `main`, a dealer and three players each with a key made by `fair keygen`.
// Each cheating party (the host, a seat, whoever replays an old message) tries its trick and is
// refused with a clear line, the state file left byte for byte as it was.

const PLAYERS = ['alice', 'bob', 'carol'];
const mode = (path: string) => statSync(path).mode & 0o777;
const VERIFIER = fileURLToPath(new URL('../../../tools/verify-fair.py', import.meta.url));

/** A folder and a way to run `fairdeal …` in it that keeps everything ever printed. */
function session() {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-fair-v3-'));
  const printed: string[] = [];
  const fairdeal = async (...args: string[]) => {
    const io = fakeIo(dir);
    const code = await main(args, io);
    printed.push(io.stdout, io.stderr);
    return { code, out: io.stdout, err: io.stderr };
  };
  const fair = (...args: string[]) => fairdeal('fair', ...args);
  const file = (name: string) => join(dir, name);
  const read = (name: string) => readFileSync(file(name), 'utf8');
  const json = (name: string) => JSON.parse(read(name));
  const save = (name: string, text: string) => writeFileSync(file(name), text);
  /** No private key of any key file in the folder ever reached standard output or error. */
  const noPrivateKeyPrinted = () => {
    const keys = readdirSync(dir)
      .filter((f) => f.endsWith('.key'))
      .map((f) => json(f).privateKey as string);
    assert.ok(keys.length > 0);
    for (const key of keys) {
      for (const text of printed) assert.ok(!text.includes(key), 'a private key was printed');
    }
  };
  return { dir, fair, fairdeal, file, read, json, save, noPrivateKeyPrinted };
}
type Session = ReturnType<typeof session>;

/** Keys for the dealer and each player, each made on "their own machine" (fair keygen). */
async function keys(s: Session, players = PLAYERS) {
  for (const who of ['dealer', ...players]) {
    const k = await s.fair('keygen', '--out', `${who}.key`);
    assert.equal(k.code, 0, k.err);
    assert.match(k.out, /^[0-9a-f]{64}\n$/, 'only the public key is printed');
    assert.equal(mode(s.file(`${who}.key`)), 0o600);
    assert.equal(s.json(`${who}.key`).publicKey, k.out.trim());
    s.save(`${who}.pub`, k.out);
  }
}

/** The dealer opens a doudizhu hand for alice, bob and carol; the announcement in ann.json. */
async function open(s: Session, state = 'round.json', ann = 'ann.json', more: string[] = []) {
  const o = await s.fair(
    'open',
    'doudizhu',
    '--state',
    state,
    '--dealer-key',
    'dealer.key',
    ...PLAYERS.flatMap((p) => ['--seat', `${p}=${p}.pub`]),
    ...more,
  );
  assert.equal(o.code, 0, o.err);
  assert.equal(mode(s.file(state)), 0o600, 'the state holds the server seed');
  s.save(ann, o.out);
  return JSON.parse(o.out);
}

/** A player commits on their machine (client) and the dealer takes it (join). */
async function commit(s: Session, p: string, state = 'round.json', ann = 'ann.json', tag = '') {
  const c = await s.fair(
    'client',
    '--announcement',
    ann,
    '--seat',
    p,
    '--key',
    `${p}.key`,
    '--seed',
    `${p}'s lucky seed${tag}`,
    '--dealer-pub',
    'dealer.pub',
    '--out',
    `${p}${tag}.json`,
  );
  assert.equal(c.code, 0, c.err);
  assert.equal(mode(s.file(`${p}${tag}.json`)), 0o600, 'seed and salt are secret until the reveal');
  assert.deepEqual(Object.keys(JSON.parse(c.out)).sort(), ['commitment', 'seat', 'signature']);
  assert.ok(!c.out.includes('lucky seed'), 'the seed is not in what is sent');
  s.save(`${p}${tag}-commit.json`, c.out);
  const j = await s.fair('join', '--state', state, '--message', `${p}${tag}-commit.json`);
  assert.equal(j.code, 0, j.err);
  s.save(`${p}${tag}-commit-receipt.json`, j.out);
}

/** A player checks the roster and signs a reveal; the dealer takes it. Returns reveal's result. */
async function reveal(s: Session, p: string, state = 'round.json', more: string[] = []) {
  const check = await s.fair('check-roster', '--roster', 'roster.json', '--secret', `${p}.json`);
  assert.equal(check.code, 0, check.err);
  const r = await s.fair(
    'sign-reveal',
    '--roster',
    'roster.json',
    '--secret',
    `${p}.json`,
    '--key',
    `${p}.key`,
  );
  assert.equal(r.code, 0, r.err);
  s.save(`${p}-reveal.json`, r.out);
  const d = await s.fair('reveal', '--state', state, '--message', `${p}-reveal.json`, ...more);
  if (d.code === 0 || d.code === 3) s.save(`${p}-reveal-receipt.json`, d.out);
  return d;
}

async function closeRoster(s: Session, state = 'round.json') {
  const c = await s.fair('close', '--state', state);
  assert.equal(c.code, 0, c.err);
  s.save('roster.json', c.out);
}

test('fair v3: the whole protocol, three seats with their own keys: PROVEN FAIR', async (t) => {
  const s = session();
  await keys(s);
  const ann = await open(s, 'round.json', 'ann.json', ['--table', 'club-7', '--hand', '12']);
  assert.equal(ann.algorithm, 'fairdeal-v3');
  assert.deepEqual(
    ann.seats.map((x: { player: string; key: string }) => [x.player, x.key]),
    PLAYERS.map((p) => [p, s.read(`${p}.pub`).trim()]),
  );
  assert.equal(ann.dealer, s.read('dealer.pub').trim());
  for (const p of PLAYERS) await commit(s, p);
  await closeRoster(s);
  for (const p of PLAYERS.slice(0, 2)) {
    const r = await reveal(s, p);
    assert.equal(r.code, 3, r.err);
    assert.match(r.err, /waiting for seat/);
  }
  const last = await reveal(s, 'carol', 'round.json', ['--out', 'hand.json']);
  assert.equal(last.code, 0, last.err);
  assert.equal(JSON.parse(last.out).kind, 'reveal', "standard output is carol's receipt");

  // Anyone: the record alone, then held to what a player kept.
  const v = await s.fairdeal('verify', 'hand.json');
  assert.equal(v.code, 0, v.out);
  assert.match(v.out, /PROVEN FAIR/);
  const kept = await s.fairdeal(
    'verify',
    'hand.json',
    '--announcement',
    'ann.json',
    '--roster',
    'roster.json',
  );
  assert.equal(kept.code, 0, kept.out);
  assert.match(kept.out, /PROVEN FAIR/);
  const r = verify(s.read('hand.json'), { dealer: ann.dealer, commitment: ann.commitment });
  assert.ok(r.ok && r.verdict.fairness === 'proven-fair' && r.verdict.contributors === 3);

  // Every receipt is the dealer's signature, for this hand.
  for (const p of PLAYERS) {
    for (const kind of ['commit', 'reveal']) {
      const rc = await s.fair(
        'receipt',
        '--receipt',
        `${p}-${kind}-receipt.json`,
        '--announcement',
        'ann.json',
      );
      assert.equal(rc.code, 0, rc.err);
      assert.match(rc.out, new RegExp(`receipt OK: .* the ${kind} of seat \\d \\(${p}\\)`));
    }
  }
  // The record again, from the state file: the very same text.
  const again = await s.fair('transcript', '--state', 'round.json');
  assert.equal(again.code, 0, again.err);
  assert.equal(again.out, s.read('hand.json'));
  // A dealt hand has nothing to dispute.
  const dealt = await s.fair(
    'dispute',
    '--record',
    'hand.json',
    '--receipt',
    'alice-reveal-receipt.json',
  );
  assert.equal(dealt.code, 1);
  assert.match(dealt.err, /hand\.json is not a void record/);
  // Nothing more is taken once dealt.
  assert.equal((await s.fair('void', '--state', 'round.json', '--withheld')).code, 1);
  assert.equal((await reveal(s, 'alice')).code, 1);

  // The independent verifier agrees (python3 with pyca/cryptography; required under CI=true).
  if (spawnSync('python3', ['--version']).status === 0 || process.env.CI === 'true') {
    const py = spawnSync('python3', [VERIFIER, '--transcript', s.file('hand.json')], {
      encoding: 'utf8',
    });
    assert.equal(py.status, 0, py.stdout + py.stderr);
    assert.match(py.stdout, /^PROVEN FAIR +\S*hand\.json/m);
  } else t.diagnostic('python3 not found: the independent verifier was not run');
  s.noPrivateKeyPrinted();
});

test('fair v3: the host cannot seat one key twice, nor its own key, nor seat without a key', async () => {
  const s = session();
  await keys(s);
  const tries: [string[], RegExp][] = [
    [
      ['--seat', 'alice=alice.pub', '--seat', 'bob=alice.pub', '--seat', 'carol=carol.pub'],
      /--seat bob: that key already holds seat 1 \(alice\): each seat holds its own key/,
    ],
    [
      // the same key, once as a file and once typed in hex
      [
        '--seat',
        'alice=alice.pub',
        '--seat',
        'bob=bob.pub',
        '--seat',
        `carol=${s.read('bob.pub').trim()}`,
      ],
      /--seat carol: that key already holds seat 2 \(bob\)/,
    ],
    [
      ['--seat', 'alice=alice.pub', '--seat', 'bob=dealer.pub', '--seat', 'carol=carol.pub'],
      /--seat bob: that key is the dealer's own/,
    ],
  ];
  for (const [seats, why] of tries) {
    const r = await s.fair(
      'open',
      'doudizhu',
      '--state',
      'r.json',
      '--dealer-key',
      'dealer.key',
      ...seats,
    );
    assert.equal(r.code, 1, r.err);
    assert.match(r.err, why);
    assert.equal(r.err.trim().split('\n').length, 1);
    assert.equal(existsSync(s.file('r.json')), false, 'no round was opened');
  }
  const keyless = await s.fair(
    'open',
    'doudizhu',
    '--state',
    'r.json',
    '--dealer-key',
    'dealer.key',
    '--seat',
    'alice=alice.pub',
    '--seat',
    'bob',
    '--seat',
    'carol=carol.pub',
  );
  assert.equal(keyless.code, 2);
  assert.match(keyless.err, /--seat bob needs its player's public key/);
  // Holding a seat's private key file is allowed (a demo on one machine), and said out loud.
  const held = await s.fair(
    'open',
    'doudizhu',
    '--state',
    'r.json',
    '--dealer-key',
    'dealer.key',
    '--seat',
    'alice=alice.key',
    '--seat',
    'bob=bob.pub',
    '--seat',
    'carol=carol.pub',
  );
  assert.equal(held.code, 0, held.err);
  assert.match(
    held.err,
    /warning: alice\.key holds a private key: whoever holds it holds seat 'alice'/,
  );
  s.noPrivateKeyPrinted();
});

test('fair v3: a commitment signed by another key, or replayed from another hand, is refused', async () => {
  const s = session();
  await keys(s);
  const ann1 = await open(s, 'hand1.json', 'ann1.json', ['--hand', '1']);
  await commit(s, 'alice', 'hand1.json', 'ann1.json', '-h1');
  await commit(s, 'bob', 'hand1.json', 'ann1.json', '-h1');
  const ann2 = await open(s, 'hand2.json', 'ann2.json', ['--hand', '2']);
  const before = s.read('hand2.json');
  const bob = s.json('bob-h1-commit.json');
  const alice = s.json('alice-h1-commit.json');
  const refused = async (args: string[], why: RegExp) => {
    const r = await s.fair('join', '--state', 'hand2.json', ...args);
    assert.equal(r.code, 1, r.err);
    assert.match(r.err, why);
    assert.equal(r.out, '', 'no receipt');
    assert.equal(s.read('hand2.json'), before, 'the state did not change');
  };
  // Alice's signed commit from hand 1, replayed at hand 2: its signature covers hand 1's C_s.
  await refused(
    ['--message', 'alice-h1-commit.json'],
    /not signed by the key of seat 1 \(alice\) for this hand/,
  );
  // The host seats bob's commitment at alice's seat.
  await refused(
    ['--seat', 'alice', '--commitment', bob.commitment, '--signature', bob.signature],
    /not signed by the key of seat 1 \(alice\)/,
  );
  // A commitment for seat 1, signed by bob's key (a client that is not alice's).
  const forged = await commitAsSeat(ann2, 0, 'x', s.json('bob.key'));
  await refused(
    ['--seat', 'alice', '--commitment', forged.commitment, '--signature', forged.signature],
    /not signed by the key of seat 1 \(alice\) for this hand/,
  );
  // A seat the hand does not have.
  await refused(
    ['--seat', 'mallory', '--commitment', alice.commitment, '--signature', alice.signature],
    /there is no seat 'mallory' at this hand: its seats are 'alice', 'bob', 'carol'/,
  );
  // Bob's key cannot even commit for alice through the tool.
  const c = await s.fair(
    'client',
    '--announcement',
    'ann2.json',
    '--seat',
    'alice',
    '--key',
    'bob.key',
    '--seed',
    'x',
    '--out',
    'bob-as-alice.json',
  );
  assert.equal(c.code, 1);
  assert.match(
    c.err,
    /seat 1 \(alice\) of this announcement does not hold the key of bob\.key: someone else sits there \(your key is at seat 2 \(bob\)\)/,
  );
  assert.equal(existsSync(s.file('bob-as-alice.json')), false);
  // A player who trusts another dealer's key refuses the announcement.
  const other = await s.fair(
    'client',
    '--announcement',
    'ann2.json',
    '--seat',
    'alice',
    '--key',
    'alice.key',
    '--seed',
    'x',
    '--dealer-pub',
    'carol.pub',
    '--out',
    'a2.json',
  );
  assert.equal(other.code, 1);
  assert.match(other.err, /not from the dealer you trust/);
  // One commitment per seat: the second join of alice at hand 1 is refused, hand 1 unchanged.
  const h1 = s.read('hand1.json');
  const twice = await s.fair('join', '--state', 'hand1.json', '--message', 'alice-h1-commit.json');
  assert.equal(twice.code, 1);
  assert.match(twice.err, /seat 1 \(alice\) has committed already/);
  assert.equal(s.read('hand1.json'), h1);
  assert.notEqual(ann1.commitment, ann2.commitment);
  s.noPrivateKeyPrinted();
});

test('fair v3: a reveal signed for another roster is refused, and no seat signs an unchecked roster', async () => {
  const s = session();
  await keys(s);
  await open(s);
  for (const p of PLAYERS) await commit(s, p);
  await closeRoster(s);
  const before = s.read('round.json');
  const roster = s.json('roster.json');
  const mine = s.json('alice.json');
  // A seat's reveal signed over a roster that is not this hand's (a client the dealer fooled,
  // or a signature the dealer kept from another roster): its seed opens the commitment, its
  // signature does not cover this R.
  const elsewhere = await revealAsSeat(
    mine,
    { ...roster, hash: 'ab'.repeat(32) },
    s.json('alice.key'),
  );
  const r = await s.fair(
    'reveal',
    '--state',
    'round.json',
    '--seat',
    'alice',
    '--seed',
    elsewhere.seed,
    '--salt',
    elsewhere.salt,
    '--signature',
    elsewhere.signature,
  );
  assert.equal(r.code, 1, r.err);
  assert.match(
    r.err,
    /that reveal is not signed by the key of seat 1 \(alice\) over this hand's roster/,
  );
  assert.equal(r.out, '', 'no receipt');
  assert.equal(s.read('round.json'), before, 'the state did not change');
  // A wrong seed under alice's real signature: it does not open her commitment.
  const real = await revealAsSeat(mine, roster, s.json('alice.key'));
  const wrong = await s.fair(
    'reveal',
    '--state',
    'round.json',
    '--seat',
    'alice',
    '--seed',
    'another seed',
    '--salt',
    real.salt,
    '--signature',
    real.signature,
  );
  assert.equal(wrong.code, 1);
  assert.match(wrong.err, /that seed and salt do not open the commitment of seat 1 \(alice\)/);
  assert.equal(s.read('round.json'), before);

  // The dealer shows alice a roster with bob's commitment swapped: she will not sign over it.
  const swapped = structuredClone(roster);
  swapped.commits[1] = swapped.commits[2];
  s.save('swapped.json', JSON.stringify(swapped));
  for (const step of [
    ['check-roster', '--roster', 'swapped.json', '--secret', 'alice.json'],
    ['sign-reveal', '--roster', 'swapped.json', '--secret', 'alice.json', '--key', 'alice.key'],
  ]) {
    const x = await s.fair(...step);
    assert.equal(x.code, 1, step[0]);
    assert.match(x.err, /the commitment of seat 1 is not signed by that seat's key/);
    assert.equal(x.out, '', 'no reveal');
  }
  // A roster with one field more is not the roster that was published.
  s.save('extra.json', JSON.stringify({ ...roster, note: 'hi' }));
  const extra = await s.fair('check-roster', '--roster', 'extra.json', '--secret', 'alice.json');
  assert.equal(extra.code, 1);
  assert.match(extra.err, /extra\.json: roster has an unknown field 'note'/);
  // Signing with another seat's key: refused before anything is signed.
  const bobKey = await s.fair(
    'sign-reveal',
    '--roster',
    'roster.json',
    '--secret',
    'alice.json',
    '--key',
    'bob.key',
  );
  assert.equal(bobKey.code, 1);
  assert.match(bobKey.err, /bob\.key is not the key of seat 1 \(alice\)/);
  s.noPrivateKeyPrinted();
});

test('fair v3: a key file other users can read is refused, and the private key is never printed', async () => {
  const s = session();
  await keys(s);
  chmodSync(s.file('dealer.key'), 0o644);
  const o = await s.fair(
    'open',
    'doudizhu',
    '--state',
    'round.json',
    '--dealer-key',
    'dealer.key',
    ...PLAYERS.flatMap((p) => ['--seat', `${p}=${p}.pub`]),
  );
  assert.equal(o.code, 1);
  assert.match(
    o.err,
    /key file dealer\.key is open to other users \(mode 0644\): a private key must be mode 0600 \(chmod 600 dealer\.key\)/,
  );
  assert.equal(existsSync(s.file('round.json')), false);
  chmodSync(s.file('dealer.key'), 0o600);
  await open(s);
  for (const bits of [0o644, 0o640, 0o660, 0o604]) {
    chmodSync(s.file('alice.key'), bits);
    const c = await s.fair(
      'client',
      '--announcement',
      'ann.json',
      '--seat',
      'alice',
      '--key',
      'alice.key',
      '--seed',
      'x',
      '--out',
      'alice.json',
    );
    assert.equal(c.code, 1, bits.toString(8));
    assert.match(c.err, /open to other users/);
    assert.equal(existsSync(s.file('alice.json')), false);
  }
  chmodSync(s.file('alice.key'), 0o600);
  // The state keeps where the dealer's key is, not the key; a moved key is named with --dealer-key.
  assert.ok(!s.read('round.json').includes(s.json('dealer.key').privateKey));
  renameSync(s.file('dealer.key'), s.file('moved.key'));
  const gone = await s.fair('transcript', '--state', 'round.json');
  assert.equal(gone.code, 1);
  assert.match(gone.err, /cannot read key file .*dealer\.key: no such file/);
  const moved = await s.fair('transcript', '--state', 'round.json', '--dealer-key', 'moved.key');
  assert.equal(moved.code, 1, 'loaded, but not dealt yet');
  assert.match(moved.err, /is not dealt or void yet \(phase 'committing'\)/);
  const wrong = await s.fair('close', '--state', 'round.json', '--dealer-key', 'alice.key');
  assert.equal(wrong.code, 1);
  assert.match(wrong.err, /alice\.key is not the dealer key this hand was announced with/);
  // A broken key file: refused without quoting it.
  const text = s.read('bob.key');
  s.save('bob.key', text.replace(/"privateKey": "([0-9a-f]{63})[0-9a-f]"/, '"privateKey": "$1g"'));
  chmodSync(s.file('bob.key'), 0o600);
  const broken = await s.fair(
    'client',
    '--announcement',
    'ann.json',
    '--seat',
    'bob',
    '--key',
    'bob.key',
    '--seed',
    'x',
    '--out',
    'bob.json',
  );
  assert.equal(broken.code, 1);
  assert.match(
    broken.err,
    /bob\.key is not a key file of 'fairdeal fair keygen': privateKey must be 64 lowercase hex digits/,
  );
  assert.ok(!broken.err.includes(JSON.parse(text).privateKey.slice(0, 63)));
  s.save('bob.key', text);
  // keygen has nowhere to print the private key.
  const nowhere = await s.fair('keygen');
  assert.equal(nowhere.code, 2);
  assert.match(nowhere.err, /missing --out/);
  assert.equal(nowhere.out, '');
  s.noPrivateKeyPrinted();
});

test('fair v3: a seat withholds: the hand is void (verify exits 5) and the next hand chains to it', async () => {
  const s = session();
  await keys(s);
  await open(s);
  for (const p of PLAYERS) await commit(s, p);
  await closeRoster(s);
  assert.equal((await reveal(s, 'alice')).code, 3);
  assert.equal((await reveal(s, 'bob')).code, 3);
  // carol has seen two seeds and says nothing. The dealer cannot deal without her …
  const deal = await s.fair('deal', '--state', 'round.json');
  assert.equal(deal.code, 1);
  assert.match(deal.err, /a fair hand is dealt by its last reveal .* waiting for seat 3 \(carol\)/);
  // … and past the deadline voids the hand.
  const v = await s.fair('void', '--state', 'round.json', '--withheld', '--out', 'void.json');
  assert.equal(v.code, 0, v.err);
  assert.match(v.err, /the hand is void \(withheld: seat 3 \(carol\)\)/);
  const verdict = await s.fairdeal('verify', 'void.json');
  assert.equal(verdict.code, 5, verdict.out);
  assert.match(verdict.out, /^VOID/);
  assert.match(verdict.out, /seat 3 \(carol\) withheld its seed/);
  assert.equal((await s.fair('transcript', '--state', 'round.json')).out, s.read('void.json'));
  // The seats' receipts do not contradict it.
  const fine = await s.fair(
    'dispute',
    '--record',
    'void.json',
    '--receipt',
    'alice-reveal-receipt.json',
    '--receipt',
    'bob-reveal-receipt.json',
  );
  assert.equal(fine.code, 0, fine.out + fine.err);
  assert.match(fine.out, /no receipt contradicts void\.json: 2 receipt\(s\) of this hand checked/);
  // carol's late reveal changes nothing now.
  assert.equal((await reveal(s, 'carol')).code, 1);
  // Next hand, chained to the void record; a kicked seat voids it too.
  const next = await open(s, 'next.json', 'ann2.json', ['--hand', '2', '--prev-file', 'void.json']);
  assert.equal(next.prev, s.json('void.json').hash);
  const kick = await s.fair('void', '--state', 'next.json', '--kick', 'bob');
  assert.equal(kick.code, 0, kick.err);
  s.save('void2.json', kick.out);
  const chain = await s.fairdeal('verify', 'void.json', 'void2.json');
  assert.equal(chain.code, 5, chain.out);
  assert.match(chain.out, /seat 2 \(bob\) was kicked by the host/);
  assert.match(chain.out, /CHAIN OK/);
  s.noPrivateKeyPrinted();
});

test('fair v3: a dealer that rewinds its state to drop a revealed seat is caught by its receipt', async () => {
  const s = session();
  await keys(s);
  await open(s);
  for (const p of PLAYERS) await commit(s, p);
  await closeRoster(s);
  copyFileSync(s.file('round.json'), s.file('before-reveals.json'));
  assert.equal((await reveal(s, 'alice')).code, 3);
  assert.equal((await reveal(s, 'bob')).code, 3);
  // Two seeds in, the dealer knows what carol's seed would make of them, dislikes it, and
  // rewinds to before alice's reveal, takes bob's again, and voids: "alice withheld".
  copyFileSync(s.file('before-reveals.json'), s.file('round.json'));
  const bob = await s.fair('reveal', '--state', 'round.json', '--message', 'bob-reveal.json');
  assert.equal(bob.code, 3, bob.err);
  const v = await s.fair('void', '--state', 'round.json', '--withheld', '--out', 'void.json');
  assert.equal(v.code, 0, v.err);
  // To a stranger the record is a valid void record …
  const verdict = await s.fairdeal('verify', 'void.json');
  assert.equal(verdict.code, 5, verdict.out);
  assert.match(verdict.out, /seat 1 \(alice\), seat 3 \(carol\) withheld/);
  // … but alice kept the receipt the dealer signed for her reveal.
  const caught = await s.fair(
    'dispute',
    '--record',
    'void.json',
    '--receipt',
    'alice-reveal-receipt.json',
  );
  assert.equal(caught.code, 1, caught.out + caught.err);
  assert.match(
    caught.out,
    /DEALER CAUGHT {2}reveals\[0\] \(seat 1 \(alice\)\): the dealer signed a receipt for the reveal of seat 0 at .*, yet recorded that seat as withheld: the dealer dropped it/,
  );
  // Her commit receipt, and bob's reveal receipt, prove nothing against it; a receipt of
  // another hand, or one whose signature was edited, is not counted.
  await open(s, 'other.json', 'other-ann.json', ['--hand', '9']);
  await commit(s, 'alice', 'other.json', 'other-ann.json', '-other');
  const forged = s.json('bob-reveal-receipt.json');
  forged.seat = 0;
  s.save('forged-receipt.json', JSON.stringify(forged));
  const none = await s.fair(
    'dispute',
    '--record',
    'void.json',
    '--receipt',
    'alice-commit-receipt.json',
    '--receipt',
    'bob-reveal-receipt.json',
    '--receipt',
    'alice-other-commit-receipt.json',
    '--receipt',
    'forged-receipt.json',
  );
  assert.equal(none.code, 0, none.out + none.err);
  assert.match(
    none.err,
    /alice-other-commit-receipt\.json is a receipt for another hand: not counted/,
  );
  assert.match(none.err, /forged-receipt\.json is not signed by this record's dealer: not counted/);
  const bad = await s.fair(
    'receipt',
    '--receipt',
    'forged-receipt.json',
    '--announcement',
    'ann.json',
  );
  assert.equal(bad.code, 1);
  assert.match(bad.err, /is NOT signed by the dealer's key of this announcement/);
  const elsewhere = await s.fair(
    'receipt',
    '--receipt',
    'alice-other-commit-receipt.json',
    '--announcement',
    'ann.json',
  );
  assert.equal(elsewhere.code, 1);
  assert.match(elsewhere.err, /is a receipt for another hand/);
  // A dispute is about a void record.
  const notRecord = await s.fair(
    'dispute',
    '--record',
    'ann.json',
    '--receipt',
    'alice-reveal-receipt.json',
  );
  assert.equal(notRecord.code, 1);
  assert.match(notRecord.err, /ann\.json does not verify/);
  s.noPrivateKeyPrinted();
});

test('fair v3: an --out that exists is refused before anything changes', async () => {
  const s = session();
  await keys(s);
  s.save('taken.json', 'keep me');
  const again = await s.fair('keygen', '--out', 'alice.key');
  assert.equal(again.code, 2);
  assert.match(again.err, /alice\.key exists; refusing to overwrite it \(use --force\)/);
  assert.equal(again.out, '');
  await open(s);
  const reopen = await s.fair(
    'open',
    'doudizhu',
    '--state',
    'round.json',
    '--dealer-key',
    'dealer.key',
    ...PLAYERS.flatMap((p) => ['--seat', `${p}=${p}.pub`]),
  );
  assert.equal(reopen.code, 2, 'an open round is not replaced without --force');
  const c = await s.fair(
    'client',
    '--announcement',
    'ann.json',
    '--seat',
    'alice',
    '--key',
    'alice.key',
    '--seed',
    'x',
    '--out',
    'taken.json',
  );
  assert.equal(c.code, 2);
  assert.equal(c.out, '', 'nothing to send: no commitment was made');
  for (const p of PLAYERS) await commit(s, p);
  await closeRoster(s);
  await reveal(s, 'alice');
  await reveal(s, 'bob');
  const state = s.read('round.json');
  for (const args of [
    ['reveal', '--state', 'round.json', '--message', 'carol-reveal.json', '--out', 'taken.json'],
    ['void', '--state', 'round.json', '--withheld', '--out', 'taken.json'],
    ['reveal', '--state', 'round.json', '--message', 'carol-reveal.json', '--out', 'round.json'],
  ]) {
    if (args[0] === 'reveal' && !existsSync(s.file('carol-reveal.json'))) {
      const r = await s.fair(
        'sign-reveal',
        '--roster',
        'roster.json',
        '--secret',
        'carol.json',
        '--key',
        'carol.key',
      );
      s.save('carol-reveal.json', r.out);
    }
    const r = await s.fair(...args);
    assert.equal(r.code, 2, args.join(' '));
    assert.equal(r.out, '', 'no receipt for a reveal that was not taken');
    assert.equal(s.read('round.json'), state, 'the round did not change');
    assert.equal(s.read('taken.json'), 'keep me');
  }
  const ok = await s.fair('reveal', '--state', 'round.json', '--message', 'carol-reveal.json');
  assert.equal(ok.code, 0, ok.err);
  assert.match(ok.err, /print its record with 'fairdeal fair transcript --state round\.json'/);
  const t = await s.fair('transcript', '--state', 'round.json', '--out', 'hand.json');
  assert.equal(t.code, 0, t.err);
  assert.equal((await s.fairdeal('verify', 'hand.json')).code, 0);
  s.noPrivateKeyPrinted();
});

test('fair v3: usage errors exit 2 with one line; a practice hand is never called fair', async () => {
  const s = session();
  await keys(s);
  await open(s);
  for (const args of [
    ['open', 'doudizhu', '--state', 'x.json', '--dealer-key', 'dealer.key'],
    ['open', '--state', 'x.json', '--dealer-key', 'dealer.key', '--seat', 'a=alice.pub'],
    ['join', '--state', 'round.json', '--message', 'm.json', '--seat', 'alice'],
    ['join', '--state', 'round.json', '--commitment', '00'],
    ['void', '--state', 'round.json'],
    ['void', '--state', 'round.json', '--withheld', '--kick', 'bob'],
    ['close', '--state', 'round.json', '--seed', 'x'],
    ['keygen', '--out', 'k.key', '--seat', 'x'],
    [
      'client',
      '--announcement',
      'ann.json',
      '--key',
      'alice.key',
      '--seed',
      'x',
      '--out',
      'q.json',
    ],
    ['receipt', '--announcement', 'ann.json'],
    ['dispute', '--record', 'void.json'],
  ]) {
    const r = await s.fair(...args);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.err}`);
    assert.equal(r.err.trim().split('\n').length, 1, r.err);
  }
  const short = await s.fair(
    'open',
    'doudizhu',
    '--state',
    'x.json',
    '--dealer-key',
    'dealer.key',
    '--seat',
    `alice=${s.read('alice.pub').trim().slice(1)}`,
  );
  assert.equal(short.code, 1);
  assert.match(short.err, /is not a public key: it has 63 hex digits, a key has 64/);
  const missing = await s.fair('join', '--state', 'gone.json', '--message', 'm.json');
  assert.equal(missing.code, 1);
  assert.match(missing.err, /cannot read state file gone\.json: no such file/);
  const early = await s.fair('close', '--state', 'round.json');
  assert.equal(early.code, 1);
  assert.match(
    early.err,
    /cannot close the roster: seat 1 \(alice\), seat 2 \(bob\), seat 3 \(carol\) has not committed/,
  );
  const help = await s.fair('--help');
  assert.equal(help.code, 0);
  assert.match(help.out, /fair commit/);
  assert.match(help.out, /fair keygen --out FILE/);

  const p = await s.fair(
    'open',
    'doudizhu',
    '--practice',
    '--state',
    'practice.json',
    '--dealer-key',
    'dealer.key',
    '--seat',
    'a',
    '--seat',
    'b',
    '--seat',
    'c=carol.pub',
  );
  assert.equal(p.code, 0, p.err);
  assert.equal(JSON.parse(p.out).mode, 'practice');
  const d = await s.fair('deal', '--state', 'practice.json', '--out', 'practice-hand.json');
  assert.equal(d.code, 0, d.err);
  const v = await s.fairdeal('verify', 'practice-hand.json');
  assert.equal(v.code, 3, v.out);
  assert.match(v.out, /PRACTICE/);
  s.noPrivateKeyPrinted();
});
