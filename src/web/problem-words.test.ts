// Verification problems in the page's words: each code's words use only the values the library
// gives that code (docs/FAIR.md §10, "Problem codes", the params column), so no slot is left
// unfilled; a tampered hand reads in Chinese with the cards as the page labels them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { foreignWords } from '../../test/support/zh-text.ts';
import { commitClientSeed, FairRound, VERIFY_PROBLEM_CODES, verify } from '../fair/index.ts';
import { parseCard } from '../index.ts';
import { cardLabel } from './card-label.ts';
import { label } from './i18n.ts';
import { destination, problemWords } from './problem-words.ts';

/** Each code's params, as docs/FAIR.md's table lists them. */
function documentedParams(): Map<string, string[]> {
  const doc = readFileSync(new URL('../../docs/FAIR.md', import.meta.url), 'utf8');
  const out = new Map<string, string[]>();
  for (const m of doc.matchAll(/^\| `([a-z-]+)` \| .* \| ([^|]*) \|$/gm)) {
    if (!(VERIFY_PROBLEM_CODES as readonly string[]).includes(m[1]!)) continue;
    out.set(
      m[1]!,
      [...m[2]!.matchAll(/`([a-z]+)`/g)].map((p) => p[1]!),
    );
  }
  return out;
}

test('each problem code is worded from the params the library gives it, in both languages', () => {
  const params = documentedParams();
  assert.equal(params.size, VERIFY_PROBLEM_CODES.length);
  // What the page makes from them: `who` from seat/player, `step`/`thing` from step.
  const derived = ['who', 'step', 'thing'];
  for (const code of VERIFY_PROBLEM_CODES) {
    const given = params.get(code)!;
    for (const language of ['en', 'zh'] as const) {
      const slots = [...label(language, `problem.${code}`).matchAll(/\{(\w+)\}/g)].map(
        (m) => m[1]!,
      );
      for (const slot of slots) {
        assert.ok(given.includes(slot) || derived.includes(slot), `problem.${code}: {${slot}}`);
      }
    }
    // A sample with every documented param: every slot is filled.
    const sample: Record<string, string | number> = {};
    for (const p of given)
      sample[p] = p === 'seat' || p === 'position' ? 1 : p === 'step' ? 'commit' : '3H';
    for (const language of ['en', 'zh'] as const) {
      const words = problemWords({ field: 'x', code, message: 'm', params: sample }, language);
      assert.doesNotMatch(words.text, /\{\w+\}/, `${code} (${language}): ${words.text}`);
    }
  }
});

test('a tampered hand in Chinese: positions, the cards as the page labels them, no English', () => {
  const round = FairRound.open({ table: 'w', hand: 1, preset: 'doudizhu', seating: 'roster' });
  const commits = ['ann', 'bob', 'cy'].map((p) =>
    commitClientSeed(round.announcement, p, `seed of ${p}`),
  );
  for (const c of commits) round.commit(c.player, c.commitment);
  round.closeRoster();
  for (const c of commits) round.reveal(c.player, c.seed, c.salt);
  const t = structuredClone(round.deal().transcript) as unknown as {
    cards: { card: string; to: string }[];
  };
  const [a, b] = [t.cards[5]!.card, t.cards[40]!.card];
  t.cards[5]!.card = b;
  t.cards[40]!.card = a;
  const r = verify(JSON.stringify(t));
  assert.ok(!r.ok);
  const zh = r.problems.map((p) => problemWords(p, 'zh').text);
  assert.equal(
    zh[0],
    `第 5 个位置记录的是 ${cardLabel(parseCard(b), 'zh')}，种子放在那里的是 ${cardLabel(parseCard(a), 'zh')}。`,
  );
  assert.equal(zh[2], '哈希值与记录内容不符。');
  for (const line of zh) assert.deepEqual(foreignWords(line), [], line);
  const garbage = verify('{"algorithm": ');
  assert.ok(!garbage.ok);
  const words = problemWords(garbage.problems[0]!, 'zh');
  assert.equal(words.text, '这不是一份格式正确的记录。');
  assert.equal(words.detail, garbage.problems[0]!.message, 'the parser’s own line, as detail');
});

test('seats are named as the page names them; destinations in the page’s words', () => {
  const p = {
    field: 'reveals[1]',
    code: 'missing-reveal',
    message: 'm',
    params: { seat: 1, player: 'seat-1' },
  } as const;
  assert.equal(problemWords(p, 'zh').text, '座位 2 从未公开种子，本局却已发牌。');
  assert.equal(
    problemWords({ ...p, params: { seat: 1, player: 'bob' } }, 'en').text,
    'bob never revealed, yet the hand was dealt.',
  );
  assert.equal(destination('hand:2', 'zh'), '座位 3');
  assert.equal(destination('kitty', 'zh'), '底牌');
  assert.equal(
    problemWords(
      {
        field: 'cards[0].to',
        code: 'card-destination',
        message: 'm',
        params: { position: 0, card: 'RJ', listed: 'kitty', dealt: 'hand:0' },
      },
      'zh',
    ).text,
    '第 0 个位置的 大王 去了 底牌，按玩法应发给 座位 1。',
  );
});
