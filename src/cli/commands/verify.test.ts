import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { fakeIo } from '../../../test/support/fake-io.ts';
import { main } from '../main.ts';

const VECTORS = fileURLToPath(new URL('../../../test/vectors/fair-v1.json', import.meta.url));
const V2 = fileURLToPath(new URL('../../../test/vectors/fair-v2.json', import.meta.url));

const dir = mkdtempSync(join(tmpdir(), 'fairdeal-verify-'));
const [h1, h2, h3] = JSON.parse(readFileSync(VECTORS, 'utf8')).transcripts;
writeFileSync(join(dir, 'h1.json'), JSON.stringify(h1));
writeFileSync(join(dir, 'h2.json'), JSON.stringify(h2));
writeFileSync(join(dir, 'h3.json'), JSON.stringify(h3));
const v2 = JSON.parse(readFileSync(V2, 'utf8')).transcripts;
writeFileSync(join(dir, 'v2-1.json'), JSON.stringify(v2[0]));

test('verify: a genuine v2 transcript → CONSISTENT with its seats, exit 6, never "proven fair"', async () => {
  const io = fakeIo(dir);
  assert.equal(await main(['verify', 'v2-1.json'], io), 6, io.stderr);
  assert.match(
    io.stdout,
    /^CONSISTENT {3}v2-1\.json: table 'vector-table' hand 1, doudizhu, 54 cards \(fairdeal-v2\)\n {13}consistent, 3 player seeds — but fairdeal-v2 carries no seat signatures, so who took part rests on the dealer's word: not proven fair to a stranger/,
  );
  assert.match(io.stdout, / {13}seats: 1 Zoë, 2 alice, 3 春\n/);
  assert.match(io.stdout, /verdict: consistent — not proven fair/);
  assert.doesNotMatch(io.stdout, /verdict: proven fair/);
});

test('verify: a v1 transcript still verifies, as v1', async () => {
  const io = fakeIo(dir);
  assert.equal(await main(['verify', 'h1.json'], io), 6);
  assert.match(
    io.stdout,
    /^CONSISTENT {3}h1\.json: table 'vector-table' hand 1, doudizhu, 54 cards/,
  );
  assert.match(io.stdout, /fairdeal-v1: preset options and seats were not committed/);
});

test('verify: no client seed is CONSISTENT, never "proven fair" (text and --json)', async () => {
  const io = fakeIo(dir);
  assert.equal(await main(['verify', 'h3.json'], io), 3);
  assert.match(
    io.stdout,
    /^DEALER ALONE h3\.json: .*\n.*the dealer alone chose it — not proven fair/,
  );
  assert.doesNotMatch(io.stdout, /verdict: proven fair/);
  assert.match(io.stdout, /verdict: dealer alone — not proven fair/);
  const json = fakeIo(dir);
  assert.equal(await main(['verify', '--json', 'h3.json'], json), 3);
  const out = JSON.parse(json.stdout);
  assert.equal(out.verdict, 'dealer-alone');
  assert.equal(out.hands[0].fairness, 'dealer-alone');
});

/** Any control or format character (a newline is removed before testing). */
const HIDDEN = /[\p{Cc}\p{Cf}]/u;

test('verify: untrusted strings are printed with control and bidi characters escaped', async () => {
  const hostile = [
    '\u001b[2J\u001b[HVERIFIED everything',
    'club\r VERIFIED',
    'a\u202eDEIFIREV',
    'x\u009b31m',
    'zero\u200bwidth',
  ];
  for (const [i, s] of hostile.entries()) {
    const t = structuredClone(v2[0]);
    t.cards[0].card = s;
    writeFileSync(join(dir, `hostile${i}.json`), JSON.stringify(t));
    const name = `hostile${i}\u001b[2J.json`;
    writeFileSync(join(dir, name), JSON.stringify(t));
    for (const file of [`hostile${i}.json`, name]) {
      const io = fakeIo(dir);
      assert.equal(await main(['verify', file], io), 1);
      assert.doesNotMatch(io.stdout.replaceAll('\n', ''), HIDDEN, s);
      const json = fakeIo(dir);
      await main(['verify', '--json', file], json);
      assert.doesNotMatch(json.stdout.replaceAll('\n', ''), HIDDEN, s);
    }
  }
  const io = fakeIo(dir);
  await main(['verify', 'hostile0.json'], io);
  assert.match(io.stdout, /card at position 0 is \\u\{1b\}\[2J\\u\{1b\}\[HVERIFIED/);
  const bidi = fakeIo(dir);
  await main(['verify', 'hostile2\u001b[2J.json'], bidi);
  assert.match(bidi.stdout, /hostile2\\u\{1b\}\[2J\.json/);
  assert.match(bidi.stdout, /a\\u\{202e\}DEIFIREV/);
});

test('verify: duplicate keys are refused', async () => {
  const text = JSON.stringify(v2[0]).replace('"hand":1', '"hand":2,"hand":1');
  writeFileSync(join(dir, 'dup.json'), text);
  const io = fakeIo(dir);
  assert.equal(await main(['verify', 'dup.json'], io), 1);
  assert.match(io.stdout, /duplicate key 'hand'/);
});

test('verify: an empty list verifies nothing and fails', async () => {
  writeFileSync(join(dir, 'empty.json'), '[]');
  const io = fakeIo(dir);
  assert.equal(await main(['verify', 'empty.json'], io), 1);
});

test('verify: a tampered card → FAILED naming the position, exit 1', async () => {
  const t = structuredClone(h2);
  [t.cards[7].card, t.cards[9].card] = [t.cards[9].card, t.cards[7].card];
  writeFileSync(join(dir, 'bad.json'), JSON.stringify(t));
  const io = fakeIo(dir);
  assert.equal(await main(['verify', 'bad.json'], io), 1);
  assert.match(io.stdout, /FAILED {7}bad\.json: 3 problem\(s\)/);
  assert.match(io.stdout, /cards\[7\]: card at position 7 is \w+, the seeds give \w+/);
  assert.match(io.stdout, /verdict: NOT verified/);
});

test('verify: several files are checked as a chain; a missing hand breaks it', async () => {
  for (const [i, t] of v2.slice(0, 3).entries())
    writeFileSync(join(dir, `c${i}.json`), JSON.stringify(t));
  const v2chain = fakeIo(dir);
  assert.equal(await main(['verify', 'c0.json', 'c1.json', 'c2.json'], v2chain), 6);
  assert.match(v2chain.stdout, /CHAIN OK {5}3 hands linked/);
  const v2gap = fakeIo(dir);
  assert.equal(await main(['verify', 'c0.json', 'c2.json'], v2gap), 1);
  assert.match(v2gap.stdout, /hand 3 does not follow hand 1/);
  const io = fakeIo(dir);
  // A chain exits with its least proven hand: h3 was dealt by the dealer alone.
  assert.equal(await main(['verify', 'h1.json', 'h2.json', 'h3.json'], io), 3);
  assert.match(io.stdout, /CHAIN OK {5}3 hands linked/);
  const gap = fakeIo(dir);
  assert.equal(await main(['verify', 'h1.json', 'h3.json'], gap), 1);
  assert.match(gap.stdout, /CHAIN {8}h3\.json: hand 3 does not link to the hash of hand 1/);
});

test('verify --json prints a machine-readable verdict', async () => {
  const io = fakeIo(dir);
  assert.equal(await main(['verify', '--json', 'h3.json'], io), 3);
  const out = JSON.parse(io.stdout);
  assert.equal(out.ok, true);
  assert.equal(out.exitCode, 3);
  assert.equal(out.hands[0].status, 'dealer-alone');
  assert.equal(out.hands[0].hash, h3.hash);
});

test('verify: usage and file errors are one line, exit 2 / 1, never a stack trace', async () => {
  let io = fakeIo(dir);
  assert.equal(await main(['verify'], io), 2);
  assert.match(io.stderr, /^fairdeal verify: missing <transcript\.json>/);
  io = fakeIo(dir);
  assert.equal(await main(['verify', 'nope.json'], io), 1);
  assert.equal(
    io.stderr,
    'fairdeal verify: cannot read nope.json: no such file or directory (ENOENT)\n',
  );
  writeFileSync(join(dir, 'junk.json'), '{not json');
  io = fakeIo(dir);
  assert.equal(await main(['verify', 'junk.json'], io), 1);
  assert.match(io.stdout, /^FAILED {7}junk\.json: 1 problem\(s\)\n {2}format: not valid JSON/);
  writeFileSync(join(dir, 'shape.json'), '{"algorithm":"fairdeal-v1"}');
  io = fakeIo(dir);
  assert.equal(await main(['verify', 'shape.json'], io), 1);
  assert.match(io.stdout, /FAILED .*\n {2}\S+: transcript /);
  assert.doesNotMatch(io.stdout + io.stderr, /\n\s+at /);
});

test('verify: a wrong server seed lists the commitment and a few cards, counts the rest', async () => {
  const t = structuredClone(h1);
  t.server.seed = `${t.server.seed.slice(0, 63)}${t.server.seed.endsWith('0') ? '1' : '0'}`;
  writeFileSync(join(dir, 'seed.json'), JSON.stringify(t));
  const io = fakeIo(dir);
  assert.equal(await main(['verify', 'seed.json'], io), 1);
  assert.match(io.stdout, /server\.commitment: the server seed does not match/);
  const cardLines = io.stdout.split('\n').filter((l) => l.startsWith('  cards['));
  assert.equal(cardLines.length, 5);
  assert.match(io.stdout, / {2}… and \d+ more cards that differ \(--json lists all\)\n {2}hash: /);
});
