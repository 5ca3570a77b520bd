import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { fakeIo } from '../../../test/support/fake-io.ts';
import { main } from '../main.ts';

// The pinned dark hand of test/vectors/dark-v1.json, as a file, as the service's record of a
// finished hand, and tampered with by a cheater.
const DARK = fileURLToPath(new URL('../../../test/vectors/dark-v1.json', import.meta.url));
const FAIR = fileURLToPath(new URL('../../../test/vectors/fair-v2.json', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'fairdeal-verify-dark-'));
const transcript = JSON.parse(readFileSync(DARK, 'utf8')).transcript;
writeFileSync(join(dir, 'dark.json'), JSON.stringify(transcript));
writeFileSync(join(dir, 'record.json'), JSON.stringify({ n: 1, transcript, transcriptHash: 'x' }));
writeFileSync(
  join(dir, 'fair.json'),
  JSON.stringify(JSON.parse(readFileSync(FAIR, 'utf8')).transcripts[0]),
);

test('verify: a dark hand replays — the transcript or the service’s record of it, text and --json', async () => {
  for (const file of ['dark.json', 'record.json']) {
    const io = fakeIo(dir);
    assert.equal(await main(['verify', file], io), 0, io.stderr);
    assert.match(
      io.stdout,
      new RegExp(
        `^VERIFIED {5}${file.replace('.', '\\.')}: table '[^']+' hand \\d+, doudizhu, 3 seats \\(fairdeal-dark-v1\\)`,
      ),
    );
    assert.match(io.stdout, /every key proof, shuffle step, decryption share and play checks/);
    assert.match(io.stdout, /verdict: verified dark hand/);
  }
  const io = fakeIo(dir);
  assert.equal(await main(['verify', 'dark.json', '--json'], io), 0);
  const out = JSON.parse(io.stdout);
  assert.equal(out.hands[0].status, 'verified');
  assert.equal(out.hands[0].deck.length, 54);
});

test('verify: a cheater’s dark transcript fails, naming the seat — a share forged, a play changed', async () => {
  // Seat 2 (index 1) claims another card than the one its position opens to.
  const played = structuredClone(transcript);
  const k = played.plays.length - 1;
  assert.ok(k >= 0, 'the vector hand has plays');
  const other = played.plays[k].card === '3S' ? '4S' : '3S';
  played.plays[k] = { ...played.plays[k], card: other };
  writeFileSync(join(dir, 'played.json'), JSON.stringify(played));
  let io = fakeIo(dir);
  assert.equal(await main(['verify', 'played.json'], io), 1);
  assert.match(io.stdout, /^FAILED {7}played\.json: /);
  assert.match(io.stdout, /verdict: NOT verified/);
  // A share's proof altered: the seat that sent it is named.
  const forged = structuredClone(transcript);
  const s = forged.shares[0];
  forged.shares[0] = { ...s, share: forged.shares[1].share };
  writeFileSync(join(dir, 'forged.json'), JSON.stringify(forged));
  io = fakeIo(dir);
  assert.equal(await main(['verify', 'forged.json', '--json'], io), 1);
  const out = JSON.parse(io.stdout);
  assert.equal(out.hands[0].status, 'failed');
  assert.equal(out.hands[0].seat, s.seat, out.hands[0].message);
});

test('verify: dark and fair transcripts are not mixed in one call', async () => {
  const io = fakeIo(dir);
  assert.equal(await main(['verify', 'dark.json', 'fair.json'], io), 2);
  assert.match(io.stderr, /dark transcripts are verified on their own/);
});
