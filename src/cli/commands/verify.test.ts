import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { fakeIo } from '../../../test/support/fake-io.ts';
import { main } from '../main.ts';

const VECTORS = fileURLToPath(new URL('../../../test/vectors/fair-v1.json', import.meta.url));

const dir = mkdtempSync(join(tmpdir(), 'fairdeal-verify-'));
const [h1, h2, h3] = JSON.parse(readFileSync(VECTORS, 'utf8')).transcripts;
writeFileSync(join(dir, 'h1.json'), JSON.stringify(h1));
writeFileSync(join(dir, 'h2.json'), JSON.stringify(h2));
writeFileSync(join(dir, 'h3.json'), JSON.stringify(h3));

test('verify: a genuine transcript → VERIFIED, exit 0', async () => {
  const io = fakeIo(dir);
  assert.equal(await main(['verify', 'h1.json'], io), 0);
  assert.match(io.stdout, /^VERIFIED {2}h1\.json: table 'vector-table' hand 1, doudizhu, 54 cards/);
  assert.match(io.stdout, /verdict: the deal is proven fair\n$/);
});

test('verify: a tampered card → FAILED naming the position, exit 1', async () => {
  const t = structuredClone(h2);
  [t.cards[7].card, t.cards[9].card] = [t.cards[9].card, t.cards[7].card];
  writeFileSync(join(dir, 'bad.json'), JSON.stringify(t));
  const io = fakeIo(dir);
  assert.equal(await main(['verify', 'bad.json'], io), 1);
  assert.match(io.stdout, /FAILED {4}bad\.json: 3 problem\(s\)/);
  assert.match(io.stdout, /cards\[7\]: card at position 7 is \w+, the seeds give \w+/);
  assert.match(io.stdout, /verdict: NOT verified/);
});

test('verify: several files are checked as a chain; a missing hand breaks it', async () => {
  const io = fakeIo(dir);
  assert.equal(await main(['verify', 'h1.json', 'h2.json', 'h3.json'], io), 0);
  assert.match(io.stdout, /CHAIN OK {2}3 hands linked/);
  const gap = fakeIo(dir);
  assert.equal(await main(['verify', 'h1.json', 'h3.json'], gap), 1);
  assert.match(gap.stdout, /CHAIN {5}h3\.json: hand 3 does not link to the hash of hand 1/);
});

test('verify --json prints a machine-readable verdict', async () => {
  const io = fakeIo(dir);
  assert.equal(await main(['verify', '--json', 'h3.json'], io), 0);
  const out = JSON.parse(io.stdout);
  assert.equal(out.ok, true);
  assert.equal(out.hands[0].hash, h3.hash);
});

test('verify: usage and file errors are one line, exit 2 / 1, never a stack trace', async () => {
  let io = fakeIo(dir);
  assert.equal(await main(['verify'], io), 2);
  assert.match(io.stderr, /^fairdeal verify: missing <transcript\.json>/);
  io = fakeIo(dir);
  assert.equal(await main(['verify', 'nope.json'], io), 2);
  assert.equal(io.stderr, 'fairdeal verify: cannot read nope.json: no such file\n');
  writeFileSync(join(dir, 'junk.json'), '{not json');
  io = fakeIo(dir);
  assert.equal(await main(['verify', 'junk.json'], io), 1);
  assert.equal(io.stderr, 'fairdeal verify: junk.json is not valid JSON\n');
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
