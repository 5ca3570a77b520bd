import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { chacha20 } from '../random/chacha20.ts';
import { commitClientSeed } from './client-commit.ts';
import { FairRound } from './fair-round.ts';
import { verify } from './verify.ts';
import { VERIFY_PROBLEM_CODES } from './verify-problems.ts';

const root = new URL('../..', import.meta.url).pathname;

function hand() {
  const round = FairRound.open({
    table: 'p',
    hand: 1,
    preset: 'doudizhu',
    seating: 'roster',
    testOnlySource: chacha20('problems-server'),
  });
  const src = chacha20('problems-players');
  const commits = ['ann', 'bob', 'cy'].map((p) => commitClientSeed(round.announcement, p, p, src));
  for (const c of commits) round.commit(c.player, c.commitment);
  round.closeRoster();
  for (const c of commits) round.reveal(c.player, c.seed, c.salt);
  return { transcript: round.deal().transcript, commitment: round.announcement.commitment };
}

test('docs/FAIR.md lists exactly the problem codes, in their order', () => {
  const doc = readFileSync(join(root, 'docs/FAIR.md'), 'utf8');
  const start = doc.indexOf('**Problem codes.**');
  const table = doc.slice(start, doc.indexOf('\n\n', doc.indexOf('| code |', start)));
  const documented = [...table.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]);
  assert.ok(documented.length > 30, 'the table was not found');
  assert.deepEqual(documented, [...VERIFY_PROBLEM_CODES]);
  assert.equal(new Set(VERIFY_PROBLEM_CODES).size, VERIFY_PROBLEM_CODES.length);
});

test('every problem code is given somewhere in the library (no stale code)', () => {
  const dir = join(root, 'src/fair');
  const text = readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'verify-problems.ts')
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
  // compareCards and problemOf live next to the list: their codes are used there.
  const own = readFileSync(join(dir, 'verify-problems.ts'), 'utf8');
  const body = own.slice(own.indexOf('export function problem('));
  for (const code of VERIFY_PROBLEM_CODES) {
    assert.ok(text.includes(`'${code}'`) || body.includes(`'${code}'`), `${code} is never given`);
  }
});

test('a tampered hand: each problem names its code and the values a translation needs', () => {
  const { transcript, commitment } = hand();
  const tampered = structuredClone(transcript) as unknown as {
    cards: { card: string; to: string }[];
  };
  const [a, b] = [tampered.cards[5]!.card, tampered.cards[40]!.card];
  tampered.cards[5]!.card = b;
  tampered.cards[40]!.card = a;
  const r = verify(JSON.stringify(tampered));
  assert.ok(!r.ok);
  assert.deepEqual(
    r.problems.map((p) => [p.field, p.code, p.params]),
    [
      ['cards[5]', 'card', { position: 5, listed: b, dealt: a }],
      ['cards[40]', 'card', { position: 40, listed: a, dealt: b }],
      ['hash', 'hash', undefined],
    ],
  );
  const moved = structuredClone(transcript) as unknown as { cards: { card: string; to: string }[] };
  const to = moved.cards[0]!.to === 'kitty' ? 'hand:0' : 'kitty';
  const was = moved.cards[0]!.to;
  moved.cards[0]!.to = to;
  const m = verify(JSON.stringify(moved));
  assert.ok(!m.ok);
  assert.deepEqual(m.problems[0], {
    field: 'cards[0].to',
    code: 'card-destination',
    message: `card ${moved.cards[0]!.card} at position 0 went to ${to}, the preset deals it to ${was}`,
    params: { position: 0, card: moved.cards[0]!.card, listed: to, dealt: was },
  });
  const held = verify(JSON.stringify(transcript), { commitment: '0'.repeat(64) });
  assert.ok(!held.ok);
  assert.deepEqual(
    held.problems.map((p) => p.code),
    ['not-announced-commitment'],
  );
  assert.ok(verify(JSON.stringify(transcript), { commitment }).ok);
  const garbage = verify('{"algorithm": ');
  assert.ok(!garbage.ok);
  assert.deepEqual(
    garbage.problems.map((p) => [p.field, p.code]),
    [['format', 'malformed']],
  );
});
