import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { foreignWords } from '../../test/support/zh-text.ts';
import { describeVerdict, type FairVerdict, type FairVerdictV3, verify } from '../fair/index.ts';
import { verdictWords } from './verdict-words.ts';

const vectors = JSON.parse(
  readFileSync(new URL('../../test/vectors/fair-v3.json', import.meta.url), 'utf8'),
) as { transcripts: unknown[] };

const verdicts: FairVerdictV3[] = vectors.transcripts.map((t) => {
  const r = verify(t);
  assert.ok(r.ok, JSON.stringify(r));
  return r.verdict as FairVerdictV3;
});
// No vector deals from one seat: the same verdict, as the verifier would give it for n = 1.
const first = verdicts[0]!;
verdicts.push({ ...first, fairness: 'single-seat', contributors: 1 });

test('the page says what the CLI and /v1/verify say: English words are the library’s own, green only for proven fair', () => {
  const seen = new Set<string>();
  for (const v of verdicts) {
    const d = describeVerdict(v);
    const en = verdictWords(v, 'en');
    seen.add(en.status);
    assert.equal(en.detail, d.detail, `the page's English for ${d.status}`);
    assert.equal(en.green, v.fairness === 'proven-fair');
    assert.equal(en.status, d.status);
  }
  assert.deepEqual([...seen].sort(), ['practice', 'proven-fair', 'single-seat', 'void']);
  const fair = verdictWords(first, 'en');
  assert.equal(fair.title, 'Proven fair among 3 independently keyed seats');
});

test('the Chinese page says the same in Chinese: every slot filled, the void names the seats', () => {
  for (const v of verdicts) {
    const zh = verdictWords(v, 'zh');
    assert.equal(zh.green, v.fairness === 'proven-fair');
    assert.doesNotMatch(zh.title + zh.detail, /[{}]/, 'a slot left unfilled');
    assert.match(zh.title + zh.detail, /[\u4e00-\u9fff]/, 'Chinese words');
    if (v.fairness === 'void') {
      for (const k of v.void!.seats)
        assert.ok(zh.detail.includes(`座位 ${k + 1}（${v.seats[k]}）`));
      assert.match(zh.detail, v.void!.reason === 'kicked' ? /被房主踢出/ : /扣留了种子/);
    }
  }
  assert.equal(verdictWords(first, 'zh').title, '在 3 个独立密钥的座位之间可证明公平');
});

test('v1 and v2 verdicts: the library’s English, and the same in Chinese', () => {
  const legacy: FairVerdict[] = [
    {
      version: 'fairdeal-v2',
      fairness: 'players-contributed',
      contributors: 3,
      missing: [],
      seats: null,
    },
    {
      version: 'fairdeal-v2',
      fairness: 'players-contributed',
      contributors: 2,
      missing: ['cy'],
      seats: null,
    },
    {
      version: 'fairdeal-v1',
      fairness: 'players-contributed',
      contributors: 1,
      missing: [],
      seats: null,
    },
    { version: 'fairdeal-v1', fairness: 'dealer-alone', contributors: 0, missing: [], seats: null },
  ];
  for (const v of legacy) {
    const d = describeVerdict(v);
    assert.equal(verdictWords(v, 'en').detail, d.detail, d.status);
    const zh = verdictWords(v, 'zh');
    assert.match(zh.title + zh.detail, /[\u4e00-\u9fff]/);
    assert.deepEqual(foreignWords(zh.title + zh.detail, ['cy']), [], zh.detail);
    assert.equal(zh.green, false);
  }
  assert.match(verdictWords(legacy[1]!, 'zh').detail, /未公开种子：cy/);
});

test('a seat the service named (seat-1) is named by its seat alone', () => {
  const v: FairVerdictV3 = {
    ...first,
    fairness: 'void',
    kind: 'void',
    contributors: 0,
    seats: ['ann', 'seat-1', 'cy'],
    void: { reason: 'withheld', seats: [0, 1] },
  };
  assert.match(verdictWords(v, 'en').detail, /seat 1 \(ann\), seat 2 withheld its seed$/);
  assert.match(verdictWords(v, 'zh').detail, /座位 1（ann）、座位 2 扣留了种子$/);
});

test('the house’s bot seats: the page names them as the library does, in both languages, and a table of bots alone is never green', () => {
  const some = { ...first, seats: ['alice', 'house-bot-1', 'house-bot-2'] };
  const one = { ...first, seats: ['alice', 'bob', 'house-bot-2'] };
  const all = { ...first, seats: ['house-bot-0', 'house-bot-1', 'house-bot-2'] };
  for (const v of [some, one, all]) {
    const en = verdictWords(v, 'en');
    assert.equal(en.detail, describeVerdict(v).detail);
    const zh = verdictWords(v, 'zh');
    assert.doesNotMatch(zh.title + zh.detail, /[{}]/, 'a slot left unfilled');
    assert.match(zh.detail, /平台的机器人/);
  }
  assert.match(verdictWords(some, 'zh').detail, /座位 2 和 3 是平台的机器人：它们的种子来自平台/);
  assert.match(verdictWords(one, 'zh').detail, /；座位 3 是平台的机器人：它的种子来自平台/);
  assert.equal(verdictWords(some, 'en').green, true);
  for (const lang of ['en', 'zh'] as const) {
    const w = verdictWords(all, lang);
    assert.equal(w.green, false);
    assert.equal(w.status, 'house-alone');
  }
  assert.equal(verdictWords(all, 'zh').title, '全部座位都是平台机器人 — 不能证明公平');
});
